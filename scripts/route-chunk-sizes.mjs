#!/usr/bin/env node
/**
 * Sizes of what a route loads in the browser, from the production build (npm run build first):
 * `node scripts/route-chunk-sizes.mjs admin-build-edit`. Lists the route's module and its static imports,
 * raw and gzip (the .gz the build precompresses), and marks the chunks its parent routes and the entry
 * already load, so the route's own cost reads apart from what the admin shell costs anyway.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ASSETS = 'build/client/assets';
const routeId = process.argv[2] ?? 'admin-build-edit';
const manifestFile = readdirSync(ASSETS).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error('No route manifest in build/client/assets: run npm run build first.');
const manifest = JSON.parse(readFileSync(join(ASSETS, manifestFile), 'utf8').replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''));

const route = manifest.routes[routeId];
if (!route) throw new Error(`Unknown route id ${routeId}`);
const files = (entry) => [entry.module, ...entry.imports];
const parents = new Set(files(manifest.entry));
for (let parent = manifest.routes[route.parentId]; parent; parent = manifest.routes[parent.parentId]) for (const file of files(parent)) parents.add(file);

const size = (file) => {
  const path = join('build/client', file);
  return { raw: statSync(path).size, gzip: statSync(`${path}.gz`).size };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = files(route).map((file) => ({ file, shared: parents.has(file), ...size(file) }));
for (const row of rows) console.log(`${row.shared ? 'shared' : 'route '} ${kb(row.raw).padStart(9)} ${kb(row.gzip).padStart(9)} gzip  ${row.file}`);
const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const own = rows.filter((row) => !row.shared);
console.log(`route module: ${kb(rows[0].raw)} raw, ${kb(rows[0].gzip)} gzip`);
console.log(`route's own chunks (not loaded by its parents): ${kb(sum(own, 'raw'))} raw, ${kb(sum(own, 'gzip'))} gzip`);
console.log(`everything the route imports: ${kb(sum(rows, 'raw'))} raw, ${kb(sum(rows, 'gzip'))} gzip`);
