// Bundles the Hono server entry into build/server/main.js for `npm start` (plain node, no TypeScript loader),
// together with React Router's server build (build/server/index.js) as build/server/app-build.js, which
// main.js loads at run time.
//
// React Router's package.json sends Node to its development build (dist/development: extra checks and
// warnings on every request); only a bundler can pick dist/production. So react-router and
// @react-router/node are bundled, from their production files, into a chunk that main.js and
// app-build.js share: one copy, as the request handler and the route modules must share one (classes such
// as data()'s result are recognised with instanceof). Every other package stays external.
// build/server/index.js stays as React Router wrote it, for the in-process harnesses of the tests and
// benches, which load react-router from node_modules like the rest of their code.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
/** The ES module builds to bundle, in place of what Node's resolution would load. */
const BUNDLED = {
  'react-router': join(packageDir('react-router'), 'dist/production/index.mjs'),
  '@react-router/node': join(packageDir('@react-router/node'), 'dist/index.mjs'),
};

const productionBuilds = {
  name: 'production-builds',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path in BUNDLED) return { path: BUNDLED[args.path] };
      // Node built-ins and every other package: loaded by Node at run time.
      return { path: args.path, external: true };
    });
  },
};

rmSync('build/server/chunks', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'app-build': 'build/server/index.js' },
  outdir: 'build/server',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [productionBuilds],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server bundle: build/server/main.js, build/server/app-build.js (react-router production build)');

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
