/**
 * Rough service-level rate of the site search (no HTTP, no render) at the demo catalogue and after 3,000
 * generated builds: `npx tsx bench/search-queries.ts file:/tmp/s.sqlite` or a postgres:// URL of an empty database.
 */
import { rmSync } from 'node:fs';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoContent } from '../src/db/seed';
import { createServices } from '../src/modules/services';
import { generateBuilds, insertGeneratedBuilds } from './generated-builds';

async function rate(fn: () => Promise<unknown>, ms = 3000) {
  for (let i = 0; i < 50; i++) await fn();
  const start = performance.now(); let n = 0;
  while (performance.now() - start < ms) { await fn(); n++; }
  return n / ((performance.now() - start) / 1000);
}
const url = process.argv[2]!;
if (url.startsWith('file:')) rmSync(url.slice(5), { force: true });
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
await seedDemoContent(database.db);
const services = createServices({ db: database.db, config });
const queries = ['rtx 5070 editing', 'gaming', 'scheda video silenziosa'];
const measure = async () => {
  const out: Record<string, number> = {};
  for (const q of queries) out[q] = Math.round(await rate(() => services.search.search({ q, limit: 12, offset: 0 })));
  return out;
};
const small = await measure();
const t0 = performance.now();
await insertGeneratedBuilds(database.db, generateBuilds(3000));
const insertMs = Math.round(performance.now() - t0);
const big = await measure();
for (const q of queries) console.log(database.dialect, JSON.stringify(q), 'req/s 7 builds', small[q], '3000 builds', big[q], `(${Math.round((100 * big[q]!) / small[q]!)} %)`, 'total', (await services.search.search({ q, limit: 12, offset: 0 })).total);
console.log('insert+rebuild 3000 ms', insertMs);
await database.destroy();
