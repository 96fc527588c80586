import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { inlineScript } from './scripts/vite-inline-script';

export default defineConfig({
  plugins: [inlineScript(), tailwindcss(), reactRouter()],
});
