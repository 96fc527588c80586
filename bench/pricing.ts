/**
 * Price refresh benchmark (`npm run bench:pricing`, see bench/README-pricing.md).
 *
 * A brand-new SQLite database in a temporary directory holds builds totalling 1,000 components that
 * use 300 distinct ASINs. The fake Amazon Creators API (tests/fakes/creators-api.ts, real HTTP on
 * 127.0.0.1) answers 429 ThrottleException above 1 request per second, like a new Associates account.
 * The app is configured with AMAZON_REQUESTS_PER_SECOND=1 and `services.pricing.refreshAsins(all
 * distinct ASINs)` is timed. The physical limit is ceil(300 / 10) = 30 GetItems requests, the first
 * at once and the others 1 s apart: about 29-30 s whatever the code does. The setup (database,
 * builds, fake) is not measured.
 *
 *   npx tsx bench/pricing.ts [--asins 300] [--components 1000] [--rps 1]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createServices } from '../src/modules/services';
import { startFakeCreatorsApi, type FakeItem } from '../tests/fakes/creators-api';
import { createTestDatabase } from '../tests/helpers/test-database';
import { positiveInteger } from './cli-args';

const ITEMS_PER_REQUEST = 10;
const COMPONENTS_PER_BUILD = 10;
const TYPES = ['CPU', 'Cooler', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Case', 'Other', 'Other'];

const { values: args } = parseArgs({
  options: {
    asins: { type: 'string' },
    components: { type: 'string' },
    rps: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('npx tsx bench/pricing.ts [--asins 300] [--components 1000] [--rps 1]');
  process.exit(0);
}
const ASIN_COUNT = positiveInteger('asins', args.asins, 300);
const COMPONENT_COUNT = positiveInteger('components', args.components, 1000);
const RPS = positiveInteger('rps', args.rps, 1);
if (ASIN_COUNT > COMPONENT_COUNT) {
  console.error('--asins non può superare --components: ogni ASIN deve essere usato almeno una volta');
  process.exit(2);
}

/** 10 characters (B0BN + 6 digits) for any n below a million. */
const asin = (n: number) => `B0BN${String(n).padStart(6, '0')}`;

const catalogue: FakeItem[] = Array.from({ length: ASIN_COUNT }, (_, i) => ({
  asin: asin(i),
  title: `Componente di prova ${i}`,
  brand: 'Marca',
  price: 20 + (i % 500) + 0.99,
  availability: 'IN_STOCK',
}));

const format = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const testDb = await createTestDatabase('sqlite');
  const fake = await startFakeCreatorsApi({ catalogue, requestsPerSecond: RPS });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: testDb.url,
    LOG_REQUESTS: 'false',
    DEFAULT_AFFILIATE_TAG: 'buildpc-21',
    AMAZON_CREDENTIAL_ID: fake.credentials.id,
    AMAZON_CREDENTIAL_SECRET: fake.credentials.secret,
    AMAZON_CREDENTIAL_VERSION: '3.2',
    AMAZON_API_BASE_URL: fake.url,
    AMAZON_TOKEN_URL: fake.tokenUrl,
    AMAZON_REQUESTS_PER_SECOND: String(RPS),
    AMAZON_PARTNER_TAG: 'buildpc-21',
    PRICE_SCHEDULER_ENABLED: 'false',
  });
  const database = openDatabase(config.database);
  let ok = false;
  try {
    await migrateToLatest(database.db, database.dialect);
    const services = createServices({ db: database.db, config });

    // --- setup (not measured): builds totalling COMPONENT_COUNT components over ASIN_COUNT ASINs, one transaction.
    const setupStart = performance.now();
    const seededAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await database.db.transaction().execute(async (trx) => {
      for (let b = 0; b * COMPONENTS_PER_BUILD < COMPONENT_COUNT; b++) {
        const build = await trx
          .insertInto('builds')
          .values({
            slug: `build-bench-${b + 1}`,
            title: `Build bench ${b + 1}`,
            status: 'published',
            published_at: seededAt,
            created_at: seededAt,
            updated_at: seededAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const rows = [];
        for (let p = 0; p < COMPONENTS_PER_BUILD && b * COMPONENTS_PER_BUILD + p < COMPONENT_COUNT; p++) {
          const index = b * COMPONENTS_PER_BUILD + p;
          const code = asin(index % ASIN_COUNT);
          rows.push({
            build_id: build.id,
            type: TYPES[p % TYPES.length]!,
            name: `Componente ${index}`,
            price_cents: 1000,
            amazon_link: `https://www.amazon.it/dp/${code}`,
            asin: code,
            position: p,
            price_source: 'manual',
            price_updated_at: seededAt,
            created_at: seededAt,
            updated_at: seededAt,
          });
        }
        await trx.insertInto('components').values(rows).execute();
      }
    });
    const distinct = (await database.db.selectFrom('components').select('asin').distinct().where('asin', 'is not', null).orderBy('asin').execute()).map(
      (row) => row.asin!,
    );
    const componentTotal = Number((await database.db.selectFrom('components').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    console.log(`setup: ${componentTotal} components, ${distinct.length} distinct ASINs, in ${format(performance.now() - setupStart)} (not measured)`);

    // --- measured: one refresh of every distinct ASIN.
    const startedAt = new Date().toISOString();
    const start = performance.now();
    const outcome = await services.pricing.refreshAsins(distinct);
    const wallMs = performance.now() - start;

    // --- figures
    const getItems = fake.requests.filter((request) => request.path.endsWith('/getItems'));
    const throttled = fake.requests.filter((request) => request.status === 429).length;
    const statuses = new Map<string, number>();
    for (const request of fake.requests) statuses.set(String(request.status), (statuses.get(String(request.status)) ?? 0) + 1);
    const gaps = getItems.slice(1).map((request, i) => request.time - getItems[i]!.time);
    const rowsUpdated = Number(
      (
        await database.db
          .selectFrom('components')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('price_source', '=', 'amazon')
          .where('price_updated_at', '>=', startedAt)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const observations = Number((await database.db.selectFrom('price_observations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const minRequests = Math.ceil(distinct.length / ITEMS_PER_REQUEST);
    const floorMs = ((minRequests - 1) * 1000) / RPS;

    console.log('');
    console.log(`Price refresh of ${distinct.length} ASINs (${componentTotal} components) at ${RPS} req/s`);
    console.log(`  wall time               ${format(wallMs)}`);
    console.log(`  GetItems requests       ${getItems.length} (physical minimum ceil(${distinct.length}/${ITEMS_PER_REQUEST}) = ${minRequests})`);
    console.log(`  physical floor          ${format(floorMs)} (${minRequests} requests, first at once, then one every ${1000 / RPS} ms) ≈ ${format(floorMs + 1000 / RPS)} at ${RPS} req/s`);
    console.log(`  overhead over floor     ${format(wallMs - floorMs)}`);
    console.log(`  request spacing         min ${Math.min(...gaps).toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms`);
    console.log(`  answers from the fake   ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}; 429: ${throttled}`);
    console.log(`  token requests          ${fake.tokenRequests}`);
    console.log(`  summary                 ${JSON.stringify(outcome.summary)}`);
    console.log(`  component rows updated  ${rowsUpdated} of ${componentTotal}`);
    console.log(`  price_observations      ${observations} (one per ASIN)`);

    const problems: string[] = [];
    if (throttled > 0) problems.push(`${throttled} answers 429 from the fake`);
    if (getItems.length !== minRequests) problems.push(`${getItems.length} GetItems requests instead of ${minRequests}`);
    if (rowsUpdated !== componentTotal) problems.push(`${rowsUpdated} rows updated instead of ${componentTotal}`);
    if (observations !== distinct.length) problems.push(`${observations} observations instead of ${distinct.length}`);
    if (outcome.summary.updated !== distinct.length) problems.push(`summary.updated ${outcome.summary.updated} instead of ${distinct.length}`);
    console.log('');
    if (problems.length > 0) console.log(`FAIL: ${problems.join('; ')}`);
    else console.log('OK: no 429, the minimum number of requests, every component updated.');
    ok = problems.length === 0;
  } finally {
    await database.destroy();
    await fake.close();
    await testDb.drop();
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
