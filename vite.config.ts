import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';
import { inlineScript } from './scripts/vite-inline-script';

/**
 * Rollup drops `/* @__PURE__ *\/` comments that zod places where Rollup cannot use them, and says so on
 * every build: nothing we can act on (the code is zod's and the output is right), so only that warning,
 * only from zod, is silenced; every other warning still prints.
 */
function isZodAnnotationNoise(warning: Rollup.RollupLog): boolean {
  return warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? warning.message);
}

export default defineConfig(({ command }) => ({
  plugins: [inlineScript(), tailwindcss(), reactRouter()],
  // A build prints warnings and errors only: the per-file size report (some 65 lines) told a newcomer
  // nothing before the server's own lines. The dev server keeps Vite's usual output.
  logLevel: command === 'build' ? 'warn' : 'info',
  build: {
    reportCompressedSize: false,
    rollupOptions: {
      onwarn(warning, defaultHandler) {
        if (!isZodAnnotationNoise(warning)) defaultHandler(warning);
      },
    },
  },
}));
