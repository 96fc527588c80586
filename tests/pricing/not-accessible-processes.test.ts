/**
 * The run of ItemNotAccessible answers (decision 021) with two real app processes on one database
 * (tests/pricing/refresh-child.ts), released at the same instant, refreshing the same refused product:
 * answers of one day count once whichever process writes them, and the first answer of a new day makes
 * the product unavailable exactly once (two days, never three). The processes run on the real clock, so
 * "yesterday's" answer is written into the table as the earlier process would have left it.
 * Runs on SQLite (two processes on one file) or PostgreSQL according to TEST_DB.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, romeDay } from '../../src/common/rome-day';
import { parseDatabaseUrl } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { type FakeCreatorsApi, type FakeItem, startFakeCreatorsApi } from '../fakes/creators-api';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';
import { startRefreshChild } from './refresh-children';

const CHILD_TIMEOUT_MS = 60_000;
const GONE = 'B0GONEPROC';
const SHOWN = 'B0SHOWPROC';
const WARM_UP = ['B0WARMUP01', 'B0WARMUP02'];
const item = (asin: string): FakeItem => ({ asin, title: `Prodotto ${asin}`, brand: 'Marca', price: 50, availability: 'IN_STOCK' });

let testDb: TestDatabase;
let database: DatabaseHandle;
let fake: FakeCreatorsApi;
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(parseDatabaseUrl(testDb.url));
  await migrateToLatest(database.db, database.dialect);
  fake = await startFakeCreatorsApi({ catalogue: [item(GONE), item(SHOWN), ...WARM_UP.map(item)] });
  fake.setAccessible(GONE, false);
  const at = new Date().toISOString();
  const build = await database.db
    .insertInto('builds')
    .values({ slug: 'due-processi', title: 'Due processi', status: 'published', published_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('components')
    .values(
      [GONE, SHOWN].map((asin, position) => ({
        build_id: build.id,
        type: 'Other',
        name: `Componente ${asin}`,
        price_cents: 4000,
        amazon_link: `https://www.amazon.it/dp/${asin}`,
        asin,
        position,
        price_source: 'manual',
        price_updated_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.destroy();
  await fake?.close();
  await testDb?.drop();
});

/** Two processes refreshing GONE and SHOWN, released at once; their summaries. */
async function refreshInTwoProcesses() {
  const processes = WARM_UP.map((warmUpAsin) =>
    startRefreshChild({ databaseUrl: testDb.url, api: fake, requestsPerSecond: 10, warmUpAsin, asins: [GONE, SHOWN], timeoutMs: CHILD_TIMEOUT_MS, children }),
  );
  await Promise.all(processes.map((child) => child.ready));
  for (const child of processes) child.go();
  return Promise.all(processes.map((child) => child.done.then((outcome) => outcome.summary)));
}

/** Waits out the last minutes of a Europe/Rome day, so that one round of the test stays on one day. */
async function awayFromMidnight(): Promise<void> {
  while (romeDay(new Date()) !== romeDay(new Date(Date.now() + 3 * 60_000))) await new Promise((resolve) => setTimeout(resolve, 10_000));
}

const streak = () => database.db.selectFrom('retailer_access_streaks').selectAll().execute();
const gone = () => database.db.selectFrom('components').select(['availability', 'price_cents']).where('asin', '=', GONE).executeTakeFirstOrThrow();

describe(`ItemNotAccessible answers from two processes at once (${testDialect})`, () => {
  it(
    'the same day counts once; the next day makes the product unavailable once (2 days, not 3)',
    async () => {
      await awayFromMidnight();
      const today = romeDay(new Date());

      const first = await refreshInTwoProcesses();
      for (const summary of first) expect(summary).toMatchObject({ total: 2, failed: 1, unavailable: 0 });
      expect(await streak()).toEqual([expect.objectContaining({ asin: GONE, first_day: today, last_day: today, days: 1 })]);
      expect(await gone()).toEqual({ availability: null, price_cents: 4000 });

      // As the run would be had both answered yesterday.
      const yesterday = addDays(today, -1);
      await database.db.updateTable('retailer_access_streaks').set({ first_day: yesterday, last_day: yesterday }).execute();

      const second = await refreshInTwoProcesses();
      // Whichever wrote first turned the run into two days; the other found it so: both call it unavailable.
      for (const summary of second) expect(summary).toMatchObject({ total: 2, failed: 0, unavailable: 1 });
      expect(await streak()).toEqual([expect.objectContaining({ asin: GONE, first_day: yesterday, last_day: today, days: 2 })]);
      expect(await gone()).toEqual({ availability: 'UNAVAILABLE', price_cents: 4000 });
      const observed = await database.db.selectFrom('price_observations').select(['availability', 'price_cents']).where('asin', '=', GONE).execute();
      expect(observed).toEqual([
        { availability: 'UNAVAILABLE', price_cents: null },
        { availability: 'UNAVAILABLE', price_cents: null },
      ]);
    },
    4 * CHILD_TIMEOUT_MS,
  );
});
