/**
 * Earnings benchmark (`npm run bench:revenue`, decision 045): a year's Associates Earnings report of 100,000
 * rows imported through the real endpoint (multipart upload, reading, attribution, one transaction), then
 * the figures the screens read: the dashboard's 30 days and the "Guadagni" screen's whole year, and one
 * build's Rendimento. On SQLite and on PostgreSQL (TEST_POSTGRES_URL or the local test server), in one run.
 *
 * The catalogue: 300 builds, a third with their own tracking ID, the rest sharing the default one; 3,000
 * products, each in two to four builds; a click history for half of the pairs. The report's sales fall on
 * every day of the year, a fifth under an own tag, the rest under the default one, 2 % on products no build holds.
 *
 *   npm run bench:revenue -- [--rows 100000] [--rounds 5] [--databases sqlite,postgres]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/tables';
import { addDays } from '../src/common/rome-day';
import { createServices } from '../src/modules/services';
import { createApp } from '../src/server/app';
import { createTestDatabase, type TestDialect } from '../tests/helpers/test-database';
import { seededRandom } from '../tests/helpers/seeded-random';
import { TEST_SCRYPT_COST } from '../tests/helpers/test-scrypt';
import { reportText, type Sale } from '../tests/revenue/report-fixtures';
import { printTable } from './table';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '5' }, databases: { type: 'string', default: 'sqlite,postgres' } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const DATABASES = values.databases.split(',') as TestDialect[];
const BUILDS = 300;
const PRODUCTS = 3000;
const DEFAULT_TAG = 'buildpc-21';
const FIRST_DAY = '2025-12-01';
const LAST_DAY = '2026-11-30';
const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' };

const asinOf = (index: number) => `B0${String(index).padStart(8, '0')}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seedCatalogue(db: Kysely<Database>): Promise<void> {
  const random = seededRandom(45);
  const at = '2025-11-01T10:00:00.000Z';
  const builds = Array.from({ length: BUILDS }, (_, index) => ({
    slug: `bench-${index}`,
    title: `Build di prova ${index}`,
    status: 'published',
    affiliate_tag: index % 3 === 0 ? `bench-${index}-21` : null,
    published_at: at,
    created_at: at,
    updated_at: at,
    featured_image: null,
    category: 'Gaming',
    budget_cents: 100_000,
    meta_title: null,
    meta_description: null,
  }));
  const ids: number[] = [];
  for (let start = 0; start < builds.length; start += 100) {
    for (const row of await db.insertInto('builds').values(builds.slice(start, start + 100)).returning('id').execute()) ids.push(row.id);
  }
  const components: { build_id: number; asin: string }[] = [];
  for (let product = 0; product < PRODUCTS; product++) {
    const holders = 2 + Math.floor(random() * 3);
    for (let h = 0; h < holders; h++) components.push({ build_id: ids[Math.floor(random() * ids.length)]!, asin: asinOf(product) });
  }
  const componentRows = components.map((component, position) => ({
    ...component,
    type: 'CPU',
    name: `Parte ${component.asin}`,
    amazon_link: `https://www.amazon.it/dp/${component.asin}`,
    price_cents: 10_000,
    position,
    brand: null,
    model: null,
    specs: null,
    replacement_reason: null,
    price_source: 'manual',
    price_updated_at: at,
    availability: null,
    availability_checked_at: null,
    tier: null,
    created_at: at,
    updated_at: at,
  }));
  const inserted: { id: number; build_id: number; asin: string | null }[] = [];
  for (let start = 0; start < componentRows.length; start += 300) {
    inserted.push(...(await db.insertInto('components').values(componentRows.slice(start, start + 300)).returning(['id', 'build_id', 'asin']).execute()));
  }
  // Clicks: for half of the (build, product) pairs, a click on every tenth day of the year.
  const clicks: { component_id: number; build_id: number; product: string; name: string; day: string; clicks: number }[] = [];
  for (const [index, component] of inserted.entries()) {
    if (index % 2 === 1) continue;
    for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 10)) clicks.push({ component_id: component.id, build_id: component.build_id, product: component.asin!, name: 'Parte', day, clicks: 1 + Math.floor(random() * 5) });
  }
  for (let start = 0; start < clicks.length; start += 500) await db.insertInto('component_daily_clicks').values(clicks.slice(start, start + 500)).execute();
}

function yearReport(): string {
  const random = seededRandom(2026);
  const sales: Sale[] = [];
  const days: string[] = [];
  for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) days.push(day);
  for (let index = 0; index < ROWS; index++) {
    const roll = random();
    const own = roll < 0.2;
    const product = roll > 0.98 ? PRODUCTS + Math.floor(random() * 500) : Math.floor(random() * PRODUCTS);
    const fees = Math.round(random() * 2000) / 100;
    sales.push({
      name: `Prodotto ${product}`,
      asin: asinOf(product),
      tracking: own ? `bench-${3 * Math.floor(random() * (BUILDS / 3))}-21` : DEFAULT_TAG,
      // Unique per row: day × tag × ASIN × device × direct (the device carries the row's number).
      day: days[index % days.length]!,
      price: fees * 25,
      items: 1,
      returns: 0,
      revenue: fees * 25,
      fees,
      device: `D${Math.floor(index / days.length)}`,
    });
  }
  return reportText(sales, { title: { from: FIRST_DAY, to: LAST_DAY } });
}

async function run(dialect: TestDialect, report: string) {
  const testDb = await createTestDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url, LOG_REQUESTS: 'false', PUBLIC_BASE_URL: 'http://localhost:3000', DEFAULT_AFFILIATE_TAG: DEFAULT_TAG, PAGE_CACHE_MISSES_PER_MINUTE: '0' });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST, retailer: null });
    await services.auth.ensureFirstAdmin(ADMIN);
    await seedCatalogue(database.db);
    const app = createApp({ config, database, services });
    const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' };

    const form = new FormData();
    form.append('file', new Blob([report]), 'Fee-Earnings-anno.csv');
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const imported = await app.request('/api/admin/revenue/import', { method: 'POST', headers: auth, body: form });
    const importSeconds = (performance.now() - started) / 1000;
    const rssAfter = process.memoryUsage().rss;
    const result = (await imported.json()) as { import: { rows: number; commissions: number } };
    if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${JSON.stringify(result)}`);

    const time = async (path: string) => {
      const samples: number[] = [];
      let body: { total?: { commissions: number }; builds?: unknown[] } = {};
      for (let round = 0; round < ROUNDS; round++) {
        const at = performance.now();
        const response = await app.request(path, { headers: auth });
        body = (await response.json()) as typeof body;
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        samples.push(performance.now() - at);
      }
      return { ms: median(samples), body };
    };
    const year = await time(`/api/admin/revenue?from=${FIRST_DAY}&to=${LAST_DAY}`);
    const month = await time(`/api/admin/revenue?from=${addDays(LAST_DAY, -29)}&to=${LAST_DAY}`);
    const build = await time(`/api/admin/builds/2/revenue?from=${FIRST_DAY}&to=${LAST_DAY}`);
    const shares = await database.db.selectFrom('revenue_shares').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return {
      dialect,
      rows: result.import.rows,
      shares: Number(shares.n),
      importSeconds,
      rssMb: Math.max(0, (rssAfter - rssBefore) / 1024 / 1024),
      yearMs: year.ms,
      monthMs: month.ms,
      buildMs: build.ms,
      commissions: year.body.total?.commissions ?? 0,
      fileCommissions: result.import.commissions,
    };
  } finally {
    await database.destroy();
    await testDb.drop();
  }
}

const report = yearReport();
console.log(`Report: ${ROWS.toLocaleString('it-IT')} rows, ${(Buffer.byteLength(report) / 1024 / 1024).toFixed(1)} MB, ${FIRST_DAY} → ${LAST_DAY}; ${BUILDS} builds, ${PRODUCTS} products.`);
const results = [];
for (const dialect of DATABASES) results.push(await run(dialect, report));
printTable(
  ['database', 'rows stored', 'shares', 'import (s)', 'RSS growth (MB)', 'year figures (ms)', '30 days (ms)', 'one build, year (ms)', 'total = file'],
  results.map((r) => [r.dialect, String(r.rows), String(r.shares), r.importSeconds.toFixed(2), r.rssMb.toFixed(0), r.yearMs.toFixed(0), r.monthMs.toFixed(0), r.buildMs.toFixed(0), r.commissions === r.fileCommissions ? 'yes' : `NO (${r.commissions} vs ${r.fileCommissions})`]),
);
