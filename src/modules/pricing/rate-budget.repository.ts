/**
 * Queries for the retailer's request budget (table retailer_rate_budget), shared by every process and
 * instance on the database. The reservation is one statement, so two callers can never get the same
 * slot, and its times come from the database's clock, so app machines whose clocks disagree still
 * agree on the slots (see rate-budget.ts for the reasoning).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;
export type BudgetDialect = 'sqlite' | 'postgres';

export const DAY_MS = 86_400_000;

export interface SlotPolicy {
  /** Milliseconds between two request starts (integer). */
  intervalMs: number;
  /** Added to the interval when the previous slot was taken by another process (holder). */
  handoverMs: number;
  /** Requests per UTC day. */
  perDay: number;
  /** A slot further away than this is refused instead of waited for. */
  maxWaitMs: number;
  /**
   * A stored next slot further ahead than this cannot come from a reservation (those are at most
   * maxWaitMs + intervalMs ahead): the database's clock went back. The budget is then rebased.
   */
  clockStepBackMs: number;
}

export interface SlotRequest extends SlotPolicy {
  /** The budget row (one per retailer account). */
  account: string;
  /** Who asks: one id per process (rate queue). */
  holder: string;
}

export interface GrantedSlot {
  /** When the request may start and when the reservation was made, both by the database's clock (epoch ms). */
  slotAt: number;
  now: number;
  /** UTC day of the slot and how many requests that day has used, this one included. */
  day: number;
  used: number;
}

export interface BudgetState {
  nextSlotAt: number;
  lastHolder: string;
  day: number;
  used: number;
  /** The database's clock when read (epoch ms). */
  now: number;
}

/**
 * The database's clock in epoch milliseconds. SQLite's 'now' is the same for the whole statement;
 * PostgreSQL's statement_timestamp() too (clock_timestamp() would change between the expressions of
 * one row). It is taken when the statement arrives, before any wait for the row lock, so it may be a
 * little early: that only makes a caller wait a little longer, never start sooner.
 */
function databaseNow(dialect: BudgetDialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`CAST(floor(extract(epoch from statement_timestamp()) * 1000) AS bigint)`
    : sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`;
}

/** Literal integers: better-sqlite3 binds every JS number as REAL, which would turn the day division into a fraction. */
function int(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`intero non negativo atteso, ricevuto ${value}`);
  return sql.lit(value);
}

/**
 * Takes the next request slot of the account, or returns null when the day's budget is spent or the
 * slot would be more than maxWaitMs away. One INSERT … ON CONFLICT DO UPDATE … RETURNING: the first
 * reservation creates the row; later ones lock it, so concurrent callers are served one after the
 * other and each sees the slot the previous one left (PostgreSQL re-evaluates the SET on the row it
 * waited for; SQLite runs the whole statement under its write lock).
 */
export async function reserveSlot(db: Db, dialect: BudgetDialect, request: SlotRequest): Promise<GrantedSlot | null> {
  const now = databaseNow(dialect);
  const interval = int(request.intervalMs);
  const next = sql.ref('retailer_rate_budget.next_slot_at');
  const day = sql.ref('retailer_rate_budget.day');
  const used = sql.ref('retailer_rate_budget.used');
  const free = sql`(CASE WHEN ${sql.ref('retailer_rate_budget.last_holder')} = ${request.holder} THEN ${next} ELSE ${next} + ${int(request.handoverMs)} END)`;
  const clockWentBack = sql`${next} > ${now} + ${int(request.clockStepBackMs)}`;
  // After the clock went back, the requests already granted start within maxWaitMs of real time: the
  // first slot after maxWaitMs + intervalMs (+ the handover) is clear of all of them, whatever the step.
  const rebased = sql`${now} + ${int(request.maxWaitMs + request.intervalMs + request.handoverMs)}`;
  const slot = sql<number>`(CASE WHEN ${clockWentBack} THEN ${rebased} WHEN ${free} > ${now} THEN ${free} ELSE ${now} END)`;
  const slotDay = sql<number>`CAST(${slot} / ${int(DAY_MS)} AS INTEGER)`;
  const result = await sql<{ slot_at: number | string; now_ms: number | string; day: number | string; used: number | string }>`
    INSERT INTO retailer_rate_budget (account, next_slot_at, last_holder, day, used)
    VALUES (${request.account}, ${now} + ${interval}, ${request.holder}, CAST(${now} / ${int(DAY_MS)} AS INTEGER), 1)
    ON CONFLICT (account) DO UPDATE SET
      next_slot_at = ${slot} + ${interval},
      last_holder = ${request.holder},
      day = ${slotDay},
      used = CASE WHEN ${day} = ${slotDay} THEN ${used} + 1 ELSE 1 END
    WHERE (${day} <> ${slotDay} OR ${used} < ${int(request.perDay)})
      AND (${clockWentBack} OR ${slot} <= ${now} + ${int(request.maxWaitMs)})
    RETURNING next_slot_at - ${interval} AS slot_at, ${now} AS now_ms, day, used
  `.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return { slotAt: Number(row.slot_at), now: Number(row.now_ms), day: Number(row.day), used: Number(row.used) };
}

/** The budget as it stands, with the database's clock; null before the account's first request. */
export async function readBudget(db: Db, dialect: BudgetDialect, account: string): Promise<BudgetState | null> {
  const row = await db
    .selectFrom('retailer_rate_budget')
    .select(['next_slot_at', 'last_holder', 'day', 'used', databaseNow(dialect).as('now_ms')])
    .where('account', '=', account)
    .executeTakeFirst();
  if (!row) return null;
  return { nextSlotAt: Number(row.next_slot_at), lastHolder: row.last_holder, day: Number(row.day), used: Number(row.used), now: Number(row.now_ms) };
}

/** The database's clock (epoch ms), for callers that have no budget row to read yet. */
export async function readDatabaseNow(db: Db, dialect: BudgetDialect): Promise<number> {
  const result = await sql<{ now_ms: number | string }>`SELECT ${databaseNow(dialect)} AS now_ms`.execute(db);
  return Number(result.rows[0]!.now_ms);
}
