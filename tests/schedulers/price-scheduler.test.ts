/**
 * Several app instances on one PostgreSQL, each with the price scheduler on: every tier still runs once
 * per interval (never twice at once, never sooner than its interval), and a manual refresh never
 * overlaps a scheduled one. Always on PostgreSQL: that is where several instances exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoContent } from '../../src/db/seed';
import { type PriceScheduler, startPriceScheduler } from '../../src/schedulers/price-scheduler';
import { type AppServices, createServices } from '../../src/modules/services';
import { demoCatalogue } from '../fakes/creators-demo-catalogue';
import { type FakeCreatorsApi, startFakeCreatorsApi } from '../fakes/creators-api';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const INTERVAL_MS = { A: 1200, B: 2400, C: 3600 };
/** The test watches until tier A has run this often, so the window covers several intervals however loaded the machine. */
const TIER_A_RUNS = 3;
const WATCH_AT_MOST_MS = 25_000;

let fake: FakeCreatorsApi;
let testDb: TestDatabase;
const instances: { database: DatabaseHandle; services: AppServices; scheduler: PriceScheduler }[] = [];

function instanceConfig() {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    AMAZON_CREDENTIAL_ID: 'fake-credential-id',
    AMAZON_CREDENTIAL_SECRET: 'fake-credential-secret',
    AMAZON_CREDENTIAL_VERSION: '3.2',
    AMAZON_API_BASE_URL: fake.url,
    AMAZON_TOKEN_URL: fake.tokenUrl,
    AMAZON_REQUESTS_PER_SECOND: '10',
    PRICE_SCHEDULER_TICK_SECONDS: '0.05',
    PRICE_REFRESH_HOURS_A: String(INTERVAL_MS.A / 3_600_000),
    PRICE_REFRESH_HOURS_B: String(INTERVAL_MS.B / 3_600_000),
    PRICE_REFRESH_HOURS_C: String(INTERVAL_MS.C / 3_600_000),
  });
}

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: demoCatalogue(), requestsPerSecond: null });
  testDb = await createTestDatabase('postgres');
  const setup = openDatabase(instanceConfig().database);
  await migrateToLatest(setup.db, setup.dialect);
  await seedDemoContent(setup.db);
  await setup.destroy();
});

afterAll(async () => {
  for (const instance of instances) {
    await instance.scheduler.stop();
    await instance.database.destroy();
  }
  await testDb.drop();
  await fake.close();
});

describe('price scheduler with three instances on one PostgreSQL', () => {
  it('runs each tier once per interval, never concurrently', async () => {
    const config = instanceConfig();
    // Tiers first, so that A, B and C all have work.
    const first = openDatabase(config.database);
    await createServices({ db: first.db, config, scryptCost: TEST_SCRYPT_COST }).pricing.assignTiers();

    // Each instance warm first (its token, its connections), as a site's instances are: a cold first run
    // took a second of the 1.2 s interval of tier A, and on a loaded machine overran it. A run that
    // overruns its tier's interval makes that tier due again at once, and the tiers after it wait.
    const warmUpAsin = (await first.db.selectFrom('components').select('asin').where('tier', '=', 'C').where('asin', 'is not', null).executeTakeFirstOrThrow()).asin!;
    const warm = [];
    for (let i = 0; i < 3; i++) {
      const database = openDatabase(config.database);
      const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
      await services.pricing.refreshAsins([warmUpAsin]);
      warm.push({ database, services });
    }
    await first.destroy();
    for (const { database, services } of warm) {
      instances.push({ database, services, scheduler: startPriceScheduler({ pricing: services.pricing, config: config.pricing }) });
    }
    const started = Date.now();
    const tierARuns = async () =>
      (await instances[0]!.database.db.selectFrom('job_runs').select('id').where('job', '=', 'prices-tier-A').where('status', '=', 'succeeded').execute()).length;
    while ((await tierARuns()) < TIER_A_RUNS && Date.now() - started < WATCH_AT_MOST_MS) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const instance of instances) await instance.scheduler.stop();
    const watchedMs = Date.now() - started;

    const runs = await instances[0]!.database.db.selectFrom('job_runs').selectAll().orderBy('started_at').execute();
    for (const tier of ['A', 'B', 'C'] as const) {
      const tierRuns = runs.filter((run) => run.job === `prices-tier-${tier}`);
      expect(tierRuns.length, `tier ${tier} ran`).toBeGreaterThanOrEqual(1);
      // Never more often than the interval allows over the observed window (plus the first run at start).
      expect(tierRuns.length, `tier ${tier} runs`).toBeLessThanOrEqual(Math.floor(watchedMs / INTERVAL_MS[tier]) + 1);
      for (let i = 1; i < tierRuns.length; i++) {
        const gap = Date.parse(tierRuns[i]!.started_at) - Date.parse(tierRuns[i - 1]!.started_at);
        expect(gap, `gap between tier ${tier} runs`).toBeGreaterThanOrEqual(INTERVAL_MS[tier]);
      }
      expect(tierRuns.every((run) => run.status === 'succeeded' && run.trigger === 'scheduled')).toBe(true);
    }
    // No two price runs overlapped in time, whatever their tier or instance.
    const sorted = runs.filter((run) => run.job.startsWith('prices-'));
    for (let i = 1; i < sorted.length; i++) {
      expect(Date.parse(sorted[i]!.started_at)).toBeGreaterThanOrEqual(Date.parse(sorted[i - 1]!.finished_at!));
    }
    // Tier A ran more than once: the window covered several intervals, so the test saw repeated scheduling.
    expect(runs.filter((run) => run.job === 'prices-tier-A').length).toBeGreaterThanOrEqual(TIER_A_RUNS);
  }, 40_000);

  it('refuses a manual refresh while a scheduled one holds the lease', async () => {
    const config = instanceConfig();
    const database = openDatabase(config.database);
    const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
    try {
      fake.failNext(1, { delayMs: 800 }); // the scheduled run's first request hangs a little
      const scheduled = services.pricing.refreshTier('A', 'manual');
      await new Promise((resolve) => setTimeout(resolve, 150));
      const other = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
      await expect(other.pricing.refreshTier('B', 'manual')).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(other.pricing.refreshTier('B', 'scheduled')).resolves.toBeNull();
      await scheduled;
    } finally {
      await database.destroy();
    }
  });
});
