/**
 * One request budget for the retailer account, kept in the database and shared by every process and
 * instance: request starts at least 1000/AMAZON_REQUESTS_PER_SECOND ms apart, and at most
 * AMAZON_REQUESTS_PER_DAY requests per UTC day. It is the RateQueue handed to the Creators client.
 *
 * How a request gets its turn:
 * 1. In the process, callers line up one behind the other (first come, first served), so a process
 *    holds at most one reserved slot at a time and its own callers are served in order.
 * 2. The first in line reserves the next slot in the database with one atomic statement
 *    (rate-budget.repository.ts), which also counts the request against the day's budget.
 * 3. It sleeps until its slot, then lets the next caller of the process reserve.
 *
 * Clocks. The slots are times of the database's clock, and the caller only uses the difference
 * "slot − database now" of the same statement as a duration to sleep (a monotonic timer). App machines
 * whose clocks disagree therefore still get slots an interval apart. If the database's clock jumps
 * forward, one request may come early by at most the size of the jump; if it goes back, the stored
 * next slot is suddenly far ahead, and the statement rebases it instead of making everyone wait for the
 * clock to catch up (see SlotPolicy.clockStepBackMs).
 *
 * Lateness. A caller starts its request some time after its slot: the answer's trip back from the
 * database, the timer, a busy event loop or CPU. Whatever is late by d ms comes d ms closer to the next
 * request. Within one process the delays come from one event loop and stay small against each other
 * (bench/README-pricing.md: 990–1008 ms at 1 request/s), so one process keeps the exact interval and
 * its full rate. Between processes the delays are independent and add up (measured on a machine with
 * load 20 on 2 cores: up to 110 ms for a running process, 300 ms for one just started), so a slot that
 * follows another process's slot gets HANDOVER_SHARE of an interval more: several processes together
 * run at about 90% of the rate, never above it.
 *
 * The day is the UTC day: Amazon does not document when its daily count starts again, and UTC is the
 * one day every instance and the database agree on (00:00 UTC is 01:00 or 02:00 in Italy).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCount } from '../../common/format';
import type { AmazonConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import { CreatorsApiError, type RateQueue } from '../../integrations/amazon-creators';
import { type BudgetDialect, DAY_MS, readBudget, readDatabaseNow, reserveSlot, type SlotRequest } from './rate-budget.repository';

/** A caller is never held longer than this for its slot: it gets a throttle error to retry later instead. */
export const MAX_SLOT_WAIT_MS = 60_000;
/** Share of an interval added between slots of two different processes (see "Lateness" above). */
export const HANDOVER_SHARE = 0.1;
/** Extra room before a far-ahead next slot is read as the database's clock having gone back. */
const CLOCK_STEP_MARGIN_MS = 60_000;
/** A refused reservation whose reason has gone when we look (the budget moved meanwhile) is tried again this often. */
const MAX_RESERVATION_ATTEMPTS = 5;

export const DAILY_BUDGET_REASON = 'DailyBudgetExhausted';
export const QUEUE_FULL_REASON = 'RateBudgetQueueFull';

export interface DatabaseRateQueueOptions {
  db: Kysely<Database>;
  dialect: BudgetDialect;
  /** Budget row of this account (see budgetAccountKey). */
  account: string;
  requestsPerSecond: number;
  requestsPerDay: number;
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Who this queue is in the budget's eyes; default a new random id (one per process in the app). */
  holder?: string;
}

export interface DatabaseRateQueue extends RateQueue {
  readonly requestsPerDay: number;
  /** Today's (UTC) use of the budget, for the price statistics. */
  usage(): Promise<{ day: string; used: number; limit: number }>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The budget row of an Amazon account: the API host and credential, hashed (the credential stays out of the database). */
export function budgetAccountKey(config: Pick<AmazonConfig, 'apiBaseUrl' | 'credentialId'>): string {
  const digest = createHash('sha256').update(`${config.apiBaseUrl}|${config.credentialId}`).digest('hex');
  return `amazon-creators:${digest.slice(0, 32)}`;
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** "3 h 12 min", "45 s": how long until the budget is back. */
function italianDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

function dailyBudgetExhausted(limit: number, nowMs: number): CreatorsApiError {
  const resetAt = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - nowMs) / 1000));
  const italianTime = new Date(resetAt).toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
  return new CreatorsApiError(
    'throttled',
    `Amazon Creators API: raggiunto il limite di ${formatCount(limit)} richieste al giorno (AMAZON_REQUESTS_PER_DAY). ` +
      `Il conteggio riparte alle ${italianTime} ora italiana (mezzanotte UTC), tra ${italianDuration(retryAfterSeconds)}.`,
    { type: 'RateBudget', reason: DAILY_BUDGET_REASON, retryAfterSeconds },
  );
}

function queueFull(waitMs: number, maxWaitMs: number): CreatorsApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil((waitMs - maxWaitMs) / 1000));
  return new CreatorsApiError(
    'throttled',
    `Amazon Creators API: troppe richieste in coda da tutti i processi del sito (AMAZON_REQUESTS_PER_SECOND). Riprova tra ${italianDuration(retryAfterSeconds)}.`,
    { type: 'RateBudget', reason: QUEUE_FULL_REASON, retryAfterSeconds },
  );
}

export function createDatabaseRateQueue(options: DatabaseRateQueueOptions): DatabaseRateQueue {
  const { db, dialect, account, requestsPerDay } = options;
  if (!(options.requestsPerSecond > 0)) throw new RangeError(`requestsPerSecond deve essere maggiore di zero (ricevuto ${options.requestsPerSecond})`);
  if (!Number.isInteger(requestsPerDay) || requestsPerDay < 1) throw new RangeError(`requestsPerDay deve essere un intero positivo (ricevuto ${requestsPerDay})`);
  // Whole milliseconds, rounded up: never faster than the configured rate.
  const intervalMs = Math.ceil(1000 / options.requestsPerSecond);
  const maxWaitMs = options.maxWaitMs ?? MAX_SLOT_WAIT_MS;
  const sleep = options.sleep ?? realSleep;
  const holder = options.holder ?? randomUUID();
  const request: SlotRequest = {
    account,
    holder,
    intervalMs,
    handoverMs: Math.ceil(intervalMs * HANDOVER_SHARE),
    perDay: requestsPerDay,
    maxWaitMs,
    clockStepBackMs: maxWaitMs + intervalMs + CLOCK_STEP_MARGIN_MS,
  };

  /** Why a reservation was refused, read after the fact; null when the reason has gone (try again). */
  async function refusal(): Promise<CreatorsApiError | null> {
    const state = await readBudget(db, dialect, account);
    if (!state) return null;
    const free = state.nextSlotAt + (state.lastHolder === holder ? 0 : request.handoverMs);
    const slot = Math.max(free, state.now);
    if (state.day === Math.floor(slot / DAY_MS) && state.used >= requestsPerDay) return dailyBudgetExhausted(requestsPerDay, state.now);
    if (slot - state.now > maxWaitMs && state.nextSlotAt <= state.now + request.clockStepBackMs) return queueFull(slot - state.now, maxWaitMs);
    return null;
  }

  async function reserveAndWait(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const granted = await reserveSlot(db, dialect, request);
      if (granted) {
        const wait = granted.slotAt - granted.now;
        if (wait > 0) await sleep(wait);
        return;
      }
      const error = await refusal();
      if (error) throw error;
      if (attempt >= MAX_RESERVATION_ATTEMPTS) throw queueFull(maxWaitMs + intervalMs, maxWaitMs);
    }
  }

  // Callers of this process line up here; a failed turn does not hold up the ones behind it.
  let line: Promise<void> = Promise.resolve();
  function turn(): Promise<void> {
    const mine = line.then(reserveAndWait);
    line = mine.catch(() => undefined);
    return mine;
  }

  return {
    intervalMs,
    requestsPerDay,
    turn,
    async schedule(task) {
      await turn();
      return task();
    },
    async usage() {
      const state = await readBudget(db, dialect, account);
      const now = state?.now ?? (await readDatabaseNow(db, dialect));
      const today = Math.floor(now / DAY_MS);
      return { day: isoDay(today), used: state && state.day === today ? state.used : 0, limit: requestsPerDay };
    },
  };
}
