/**
 * The retailer's request budget kept in the database (modules/pricing/rate-budget*.ts), on the
 * database of TEST_DB: the one-statement reservation from two connections at once, the daily cap,
 * the UTC day rollover, the rebase after the database's clock went back, the longest wait, and the
 * process's own line of callers. The two-process run against the fake Amazon is two-processes.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseUrl } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { isCreatorsApiError } from '../../src/integrations/amazon-creators';
import { createDatabaseRateQueue, DAILY_BUDGET_REASON, QUEUE_FULL_REASON } from '../../src/modules/pricing/rate-budget';
import { DAY_MS, readBudget, reserveSlot, type SlotPolicy } from '../../src/modules/pricing/rate-budget.repository';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

let testDb: TestDatabase;
/** Two handles on one database: two connection pools (PostgreSQL) or two connections to one file (SQLite), like two processes. */
let first: DatabaseHandle;
let second: DatabaseHandle;
let accountCounter = 0;
let account: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  first = openDatabase(parseDatabaseUrl(testDb.url));
  await migrateToLatest(first.db, first.dialect);
  second = openDatabase(parseDatabaseUrl(testDb.url));
});

afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
  await testDb?.drop();
});

// Each test its own account row, so no test inherits another's slots.
beforeEach(() => {
  accountCounter += 1;
  account = `test-account-${accountCounter}`;
});

const policy = (overrides: Partial<SlotPolicy> = {}): SlotPolicy => ({
  intervalMs: 100,
  handoverMs: 0,
  perDay: 1000,
  maxWaitMs: 60_000,
  clockStepBackMs: 180_000,
  ...overrides,
});

/** Each handle stands for one process: its reservations carry its own holder id. */
const reserve = (handle: DatabaseHandle, p: SlotPolicy) => reserveSlot(handle.db, handle.dialect, { ...p, account, holder: handle === first ? 'process-1' : 'process-2' });

async function setRow(values: { next_slot_at?: number; day?: number; used?: number }) {
  await first.db.updateTable('retailer_rate_budget').set(values).where('account', '=', account).execute();
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe(`reservation (${testDialect})`, () => {
  it('gives parallel reservations from two connections distinct slots at least an interval apart', async () => {
    const p = policy({ intervalMs: 250 });
    const granted = await Promise.all(Array.from({ length: 30 }, (_, i) => reserve(i % 2 === 0 ? first : second, p)));
    expect(granted.every((slot) => slot !== null)).toBe(true);
    const slots = granted.map((slot) => slot!.slotAt).sort((a, b) => a - b);
    for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(250);
    // Every reservation counted once: the day's counter took each value from 1 to 30 exactly once.
    expect(granted.map((slot) => slot!.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // No slot before the database's clock at the time of its reservation.
    for (const slot of granted) expect(slot!.slotAt).toBeGreaterThanOrEqual(slot!.now);
    const state = await readBudget(first.db, first.dialect, account);
    expect(state).toMatchObject({ nextSlotAt: slots.at(-1)! + 250, used: 30, day: Math.floor(slots.at(-1)! / DAY_MS) });
  });

  it('adds the handover gap between slots of two processes, not between slots of one', async () => {
    const p = policy({ intervalMs: 1_000, handoverMs: 100 });
    const slots: number[] = [];
    for (const handle of [first, first, second, second, first]) slots.push((await reserve(handle, p))!.slotAt);
    expect(slots.slice(1).map((slot, i) => slot - slots[i]!)).toEqual([1_000, 1_100, 1_000, 1_100]);
  });

  it("refuses the request after the day's budget without moving the next slot", async () => {
    const p = policy({ intervalMs: 1, perDay: 5 });
    const granted = await Promise.all(Array.from({ length: 5 }, (_, i) => reserve(i % 2 === 0 ? first : second, p)));
    expect(granted.map((slot) => slot?.used).sort()).toEqual([1, 2, 3, 4, 5]);
    const before = await readBudget(first.db, first.dialect, account);
    expect(await reserve(first, p)).toBeNull();
    expect(await reserve(second, p)).toBeNull();
    const after = await readBudget(first.db, first.dialect, account);
    expect(after).toMatchObject({ nextSlotAt: before!.nextSlotAt, day: before!.day, used: 5 });
  });

  it('refuses the 8,641st request of a day with the default budget', async () => {
    // A day's worth of requests, already taken; the default budget allows no more until 00:00 UTC.
    const p = policy({ intervalMs: 1, perDay: 8640 });
    const firstSlot = await reserve(first, p);
    await setRow({ used: 8639 });
    const last = await reserve(second, p);
    expect(last?.used).toBe(8640);
    expect(await reserve(first, p)).toBeNull();
    expect(firstSlot?.used).toBe(1);
  });

  it('starts counting again on a new UTC day', async () => {
    const p = policy({ intervalMs: 1, perDay: 3 });
    const today = (await reserve(first, p))!.day;
    await setRow({ day: today - 1, used: 3 }); // yesterday's budget, spent
    const granted = await reserve(second, p);
    expect(granted).toMatchObject({ day: today, used: 1 });
  });

  it('rebases the next slot when the database clock went back, instead of stalling every caller', async () => {
    const p = policy({ intervalMs: 100, handoverMs: 10, maxWaitMs: 500, clockStepBackMs: 2_000 });
    const granted = (await reserve(first, p))!;
    // As if the clock stepped back an hour: the stored next slot is an hour ahead.
    await setRow({ next_slot_at: granted.now + 3_600_000 });
    const rebased = (await reserve(second, p))!;
    // Clear of every request granted before the step (they start within maxWaitMs), and no later.
    expect(rebased.slotAt - rebased.now).toBe(610);
    // From there on the budget runs as usual: the slot after it, once that is within the longest wait.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = (await reserve(first, p))!;
    expect(next.slotAt - rebased.slotAt).toBe(110);
  });

  it('refuses a slot further away than the longest wait', async () => {
    const p = policy({ intervalMs: 1_000, maxWaitMs: 1_500 });
    const granted = [(await reserve(first, p))!, (await reserve(second, p))!];
    expect(granted[1]!.slotAt - granted[0]!.slotAt).toBe(1_000);
    const before = await readBudget(first.db, first.dialect, account);
    expect(await reserve(first, p)).toBeNull(); // its slot would be ~2 s away
    expect(await readBudget(first.db, first.dialect, account)).toMatchObject({ nextSlotAt: before!.nextSlotAt, used: 2 });
  });
});

describe(`database rate queue (${testDialect})`, () => {
  function queue(handle: DatabaseHandle, options: { requestsPerSecond?: number; requestsPerDay?: number; maxWaitMs?: number; waits?: number[] } = {}) {
    return createDatabaseRateQueue({
      db: handle.db,
      dialect: handle.dialect,
      account,
      requestsPerSecond: options.requestsPerSecond ?? 10,
      requestsPerDay: options.requestsPerDay ?? 1000,
      ...(options.maxWaitMs !== undefined && { maxWaitMs: options.maxWaitMs }),
      ...(options.waits && {
        sleep: async (ms: number) => {
          options.waits!.push(ms);
        },
      }),
    });
  }

  it('serves the callers of one process in order, each after sleeping until its slot', async () => {
    const waits: number[] = [];
    const local = queue(first, { requestsPerSecond: 1, waits });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, i) => local.turn().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // The first starts at once; the k-th sleeps until its slot, k intervals later (this sleep returns at
    // once, so all five reserve within a few milliseconds).
    expect(waits).toHaveLength(4);
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual((i + 1) * 1_000);
      expect(wait).toBeGreaterThan((i + 1) * 1_000 - 500);
    });
    expect((await readBudget(first.db, first.dialect, account))?.used).toBe(5);
  });

  it('fails as a throttle, in Italian, with the seconds until 00:00 UTC, once the day is spent', async () => {
    const processA = queue(first, { requestsPerDay: 3, waits: [] });
    const processB = queue(second, { requestsPerDay: 3, waits: [] });
    await Promise.all([processA.turn(), processB.turn(), processA.turn()]);
    const error = await caught(processB.turn());
    expect(isCreatorsApiError(error, 'throttled')).toBe(true);
    const throttle = error as { reason?: string; retryAfterSeconds?: number; message: string };
    expect(throttle.reason).toBe(DAILY_BUDGET_REASON);
    expect(throttle.message).toMatch(
      /^Amazon Creators API: raggiunto il limite di 3 richieste al giorno \(AMAZON_REQUESTS_PER_DAY\)\. Il conteggio riparte alle \d\d:00 ora italiana \(mezzanotte UTC\), tra /,
    );
    const secondsToMidnight = Math.ceil((Math.floor(Date.now() / DAY_MS + 1) * DAY_MS - Date.now()) / 1000);
    expect(Math.abs(throttle.retryAfterSeconds! - secondsToMidnight)).toBeLessThanOrEqual(5);
    // A refused turn does not block the callers behind it: they are refused too, not left waiting.
    expect(isCreatorsApiError(await caught(processA.turn()), 'throttled')).toBe(true);
    expect(await processA.usage()).toMatchObject({ used: 3, limit: 3, day: new Date().toISOString().slice(0, 10) });
  });

  it('fails as a throttle with a short Retry-After when the slot is further than the longest wait', async () => {
    const processA = queue(first, { requestsPerSecond: 1, maxWaitMs: 1_500, waits: [] });
    const processB = queue(second, { requestsPerSecond: 1, maxWaitMs: 1_500, waits: [] });
    await processA.turn();
    await processB.turn();
    const error = await caught(processA.turn());
    expect(isCreatorsApiError(error, 'throttled')).toBe(true);
    expect(error).toMatchObject({ reason: QUEUE_FULL_REASON, retryAfterSeconds: 1 });
    expect((error as Error).message).toMatch(/^Amazon Creators API: troppe richieste in coda da tutti i processi del sito/);
  });

  it('reports no use for an account that has made no request yet', async () => {
    expect(await queue(first).usage()).toMatchObject({ used: 0, limit: 1000 });
  });
});

describe('settings', () => {
  const credentials = { AMAZON_CREDENTIAL_ID: 'id', AMAZON_CREDENTIAL_SECRET: 'secret', AMAZON_CREDENTIAL_VERSION: '3.2' };

  it("defaults to Amazon's starting allowance: 1 request a second, 8,640 a day", () => {
    expect(loadConfig(credentials).amazon).toMatchObject({ requestsPerSecond: 1, requestsPerDay: 8640 });
    expect(loadConfig({ ...credentials, AMAZON_REQUESTS_PER_DAY: '20000' }).amazon?.requestsPerDay).toBe(20_000);
  });

  it.each([
    ['molte', 'deve essere un numero'],
    ['0', 'deve essere almeno 1'],
    ['10.5', 'deve essere un numero intero'],
    ['864001', 'al massimo 864.000 (10 al secondo per tutto il giorno)'],
  ])('refuses AMAZON_REQUESTS_PER_DAY=%s with one Italian line', (value, reason) => {
    expect(() => loadConfig({ ...credentials, AMAZON_REQUESTS_PER_DAY: value })).toThrow(
      `Configurazione non valida: AMAZON_REQUESTS_PER_DAY ${reason} (valore: "${value}")`,
    );
  });
});
