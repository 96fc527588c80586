// Bundles the Hono server entry into build/server/main.js for `npm start` (plain node, no TypeScript loader).
// npm packages stay external; React Router's own server build (build/server/index.js) is loaded at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server bundle: build/server/main.js');
