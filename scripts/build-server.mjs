// Bundles the Hono server entry into build/server/main.js for `npm start` (plain node, no TypeScript loader).
// npm packages stay external; React Router's own server build (build/server/index.js) is loaded at run time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

// Precompressed copies of the client assets: the server sends .br/.gz files as they are (serveStatic precompressed).
const ASSETS = 'build/client/assets';
let compressed = 0;
for (const name of readdirSync(ASSETS)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const source = readFileSync(join(ASSETS, name));
  writeFileSync(join(ASSETS, `${name}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(ASSETS, `${name}.gz`), gzipSync(source, { level: 9 }));
  compressed += 1;
}
console.log(`precompressed ${compressed} client assets (.br, .gz)`);
