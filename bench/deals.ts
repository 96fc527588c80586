/**
 * Deals benchmark (`npm run bench:deals`, decision 046): what the deals add to the price refresh job.
 *
 * A brand-new database (SQLite in a temporary directory by default; `--db postgres` uses the test
 * PostgreSQL) holds 3,000 public builds × 10 parts, each part its own ASIN (30,000), with 90 days of price
 * history (one observation a day: 2.7 million rows) and every part freshly priced by the retailer; one part
 * in ten is 15 % below its 30-day low. Timed, as the refresh job runs them after storing the answers:
 * - `deals.recordForAsins(all 30,000 ASINs)`: a whole-catalogue refresh's deal step, in one call;
 * - the same again (the deals already stored), and for 100 ASINs (a small manual refresh: the job calls it
 *   once, with the ASINs it stored);
 * - the reads: `deals.current()` (the page and /api/deals) and the feed document.
 * The retailer's requests are not part of it (bench/pricing.ts measures them). Setup is not measured.
 *
 *   npx tsx bench/deals.ts [--builds 3000] [--parts 10] [--days 90] [--db sqlite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createServices } from '../src/modules/services';
import { createTestDatabase } from '../tests/helpers/test-database';
import { positiveInteger } from './cli-args';
import { printTable } from './table';

const { values: args } = parseArgs({
  options: { builds: { type: 'string' }, parts: { type: 'string' }, days: { type: 'string' }, db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (args.help) {
  console.log('npx tsx bench/deals.ts [--builds 3000] [--parts 10] [--days 90] [--db sqlite|postgres]');
  process.exit(0);
}
const BUILDS = positiveInteger('builds', args.builds, 3000);
const PARTS = positiveInteger('parts', args.parts, 10);
const DAYS = positiveInteger('days', args.days, 90);
const DIALECT = args.db === 'postgres' ? 'postgres' : 'sqlite';
const TYPES = ['CPU', 'Cooler', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Case', 'Other', 'Other'];
const DAY = 86_400_000;
const asinOf = (n: number) => `B0DL${String(n).padStart(6, '0')}`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-bench-deals-'));
  const pg = DIALECT === 'postgres' ? await createTestDatabase('postgres') : null;
  const url = pg?.url ?? join(dir, 'deals.sqlite');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', PAGE_CACHE_MB: '0' });
  const database = openDatabase(config.database);
  const db = database.db;
  try {
    await migrateToLatest(db, database.dialect);
    const now = new Date();
    const nowIso = now.toISOString();
    const setupStart = performance.now();
    // Builds and parts.
    for (let from = 0; from < BUILDS; from += 200) {
      await db.transaction().execute(async (trx) => {
        const rows = Array.from({ length: Math.min(200, BUILDS - from) }, (_, i) => ({
          slug: `build-offerte-${from + i}`,
          title: `Build di prova ${from + i}`,
          category: ['gaming', 'office', 'editing'][(from + i) % 3]!,
          status: 'published',
          published_at: new Date(now.getTime() - (from + i) * 60_000).toISOString(),
          created_at: nowIso,
          updated_at: nowIso,
        }));
        const ids = await trx.insertInto('builds').values(rows).returning('id').execute();
        const parts = ids.flatMap(({ id }, b) =>
          Array.from({ length: PARTS }, (_, p) => {
            const n = (from + b) * PARTS + p;
            const deal = n % 10 === 0;
            return {
              build_id: Number(id),
              type: TYPES[p % TYPES.length]!,
              name: `Componente ${n}`,
              asin: asinOf(n),
              price_cents: deal ? 17_000 : 20_000,
              price_source: 'amazon',
              price_updated_at: nowIso,
              availability: 'IN_STOCK',
              position: p,
              created_at: nowIso,
              updated_at: nowIso,
            };
          }),
        );
        for (let start = 0; start < parts.length; start += 500) await trx.insertInto('components').values(parts.slice(start, start + 500)).execute();
      });
    }
    // 90 days of history, one observation a day at 200 €.
    const asins = Array.from({ length: BUILDS * PARTS }, (_, n) => asinOf(n));
    for (let from = 0; from < asins.length; from += 1000) {
      await db.transaction().execute(async (trx) => {
        const rows = asins.slice(from, from + 1000).flatMap((asin) =>
          Array.from({ length: DAYS }, (_, d) => ({ asin, price_cents: 20_000, availability: 'IN_STOCK', source: 'amazon', observed_at: new Date(now.getTime() - (d + 1) * DAY).toISOString() })),
        );
        for (let start = 0; start < rows.length; start += 1000) await trx.insertInto('price_observations').values(rows.slice(start, start + 1000)).execute();
      });
    }
    const setupSeconds = ((performance.now() - setupStart) / 1000).toFixed(0);

    const services = createServices({ db, config });
    const whole = await timed(() => services.deals.recordForAsins(asins));
    const again = await timed(() => services.deals.recordForAsins(asins));
    const small = await timed(() => services.deals.recordForAsins(asins.slice(0, 100)));
    const current = await timed(() => services.deals.current());
    const feed = await timed(() => services.deals.feedDocument());
    console.log(`\nDeals on ${DIALECT}: ${BUILDS} builds × ${PARTS} parts (${asins.length} ASINs), ${DAYS} days of history (${asins.length * DAYS} observations; setup ${setupSeconds} s, not measured)\n`);
    printTable(
      ['step', 'time', 'result'],
      [
        ['recordForAsins(all ASINs), first', `${whole.ms.toFixed(0)} ms`, `${whole.value?.deals} deals`],
        ['recordForAsins(all ASINs), again', `${again.ms.toFixed(0)} ms`, `${again.value?.deals} deals`],
        ['recordForAsins(100 ASINs)', `${small.ms.toFixed(0)} ms`, `${small.value?.deals} deals`],
        ['current() (page, /api/deals)', `${current.ms.toFixed(0)} ms`, `${current.value.deals.length} deals`],
        ['feedDocument()', `${feed.ms.toFixed(0)} ms`, `${(feed.value.xml.length / 1024).toFixed(0)} KB`],
      ],
    );
  } finally {
    await database.destroy();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
