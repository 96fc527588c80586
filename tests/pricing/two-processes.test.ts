/**
 * Acceptance test of the shared retailer budget: two real app processes (tests/pricing/refresh-child.ts)
 * on one database refresh prices at the same moment against the fake Creators API, which throttles
 * above 1 request per second like a new Associates account. Each process alone would keep its own
 * 1 request/s pace and together they would go twice as fast; with the budget in the database, the
 * requests of both, as they arrive at the fake, are at least an interval (less a small tolerance for
 * timers and the trip through the loopback) apart, and the fake throttles none of them.
 * Runs on SQLite (two processes on one file) or PostgreSQL according to TEST_DB.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { type FakeCreatorsApi, type FakeItem, startFakeCreatorsApi } from '../fakes/creators-api';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';
import { type RefreshChild, startRefreshChild } from './refresh-children';

/**
 * AMAZON_REQUESTS_PER_SECOND=0.5 in the children and the same limit in the fake. Slower than Amazon's
 * 1 request/s so that the test also holds on a machine loaded by other work: a process woken 200 ms
 * late for its slot is then 10% late, not 20%.
 */
const REQUESTS_PER_SECOND = 0.5;
const INTERVAL_MS = 1000 / REQUESTS_PER_SECOND;
/** The fake's own tolerance: it accepts a request 0.9 interval after the previous one. */
const TOLERANCE_MS = INTERVAL_MS / 10;
const ASINS_PER_PROCESS = 30; // 3 GetItems requests each
const CHILD_TIMEOUT_MS = 90_000;

/** Ten characters: B0TWO + five digits. */
const asin = (n: number) => `B0TWO${String(n).padStart(5, '0')}`;
const item = (n: number): FakeItem => ({ asin: asin(n), title: `Prodotto ${n}`, brand: 'Marca', price: 30 + n + 0.5, availability: 'IN_STOCK' });

let testDb: TestDatabase | undefined;
let database: DatabaseHandle | undefined;
let fake: FakeCreatorsApi | undefined;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.destroy();
  await fake?.close();
  await testDb?.drop();
});

function startChild(url: string, api: FakeCreatorsApi, warmUpAsin: string, asins: string[]): RefreshChild {
  return startRefreshChild({ databaseUrl: url, api, requestsPerSecond: REQUESTS_PER_SECOND, warmUpAsin, asins, timeoutMs: CHILD_TIMEOUT_MS, children });
}

describe(`one retailer budget for every process (${testDialect})`, () => {
  it(
    'keeps the requests of two processes refreshing at once an interval apart, with no throttling',
    async () => {
      testDb = await createTestDatabase();
      database = openDatabase(parseDatabaseUrl(testDb.url));
      await migrateToLatest(database.db, database.dialect);
      const total = 2 * ASINS_PER_PROCESS;
      const warmUpAsins = [asin(900), asin(901)];
      const catalogue = [...Array.from({ length: total }, (_, i) => item(i)), item(900), item(901)];
      fake = await startFakeCreatorsApi({ catalogue, requestsPerSecond: REQUESTS_PER_SECOND });

      // One build per process, one component per ASIN, with an old manual price.
      const seededAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
      for (const half of [0, 1]) {
        const build = await database.db
          .insertInto('builds')
          .values({ slug: `processo-${half}`, title: `Processo ${half}`, status: 'published', published_at: seededAt, created_at: seededAt, updated_at: seededAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        await database.db
          .insertInto('components')
          .values(
            Array.from({ length: ASINS_PER_PROCESS }, (_, i) => {
              const n = half * ASINS_PER_PROCESS + i;
              return {
                build_id: build.id,
                type: 'Other',
                name: `Componente ${n}`,
                price_cents: 1000,
                amazon_link: `https://www.amazon.it/dp/${asin(n)}`,
                asin: asin(n),
                position: i,
                price_source: 'manual',
                price_updated_at: seededAt,
                created_at: seededAt,
                updated_at: seededAt,
              };
            }),
          )
          .execute();
      }

      const asinsOf = (half: number) => Array.from({ length: ASINS_PER_PROCESS }, (_, i) => asin(half * ASINS_PER_PROCESS + i));
      // Each process makes one warm-up request before READY: what is measured is two running processes,
      // not the start of a process (seconds of CPU that, on a loaded machine, can hold a fresh process
      // hundreds of milliseconds past its first slot).
      const processes = [startChild(testDb.url, fake, warmUpAsins[0]!, asinsOf(0)), startChild(testDb.url, fake, warmUpAsins[1]!, asinsOf(1))];
      await Promise.all(processes.map((child) => child.ready));
      const warmUps = fake.requests.length;
      expect(warmUps).toBeGreaterThanOrEqual(2);
      for (const child of processes) child.go();
      const outcomes = await Promise.all(processes.map((child) => child.done));

      // Every request answered 200: the fake throttled none, so no request had to be repeated.
      const requests = fake.requests.slice(warmUps).sort((a, b) => a.time - b.time);
      expect(requests.map((request) => request.status)).toEqual(Array((2 * ASINS_PER_PROCESS) / 10).fill(200));
      for (const outcome of outcomes) {
        expect(outcome.summary).toMatchObject({ total: ASINS_PER_PROCESS, updated: ASINS_PER_PROCESS, failed: 0 });
        expect(outcome.requests).toBe(ASINS_PER_PROCESS / 10);
      }

      // The two processes really ran at the same time: their requests interleave.
      const processOf = (request: (typeof requests)[number]) => (asinsOf(0).includes((request.body as { itemIds: string[] }).itemIds[0]!) ? 0 : 1);
      const owners = requests.map(processOf);
      const switches = owners.slice(1).filter((owner, i) => owner !== owners[i]).length;
      expect(switches, `order of the processes' requests: ${owners.join('')}`).toBeGreaterThanOrEqual(2);

      // The point: arrival times across both processes at least an interval apart (less the tolerance).
      const gaps = requests.slice(1).map((request, i) => Math.round(request.time - requests[i]!.time));
      console.log(`two processes (${testDialect}): gaps between arrivals ${gaps.join(', ')} ms; order ${owners.join('')}`);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - TOLERANCE_MS);

      // Both processes drew from one budget: the day's count holds the requests of both, warm-ups included.
      const budget = await database.db.selectFrom('retailer_rate_budget').selectAll().execute();
      expect(budget.map((row) => Number(row.used))).toEqual([fake.requests.length]);
      const refreshed = await database.db.selectFrom('components').select('asin').where('price_source', '=', 'amazon').execute();
      expect(refreshed).toHaveLength(total);
    },
    CHILD_TIMEOUT_MS + 30_000,
  );
});
