/**
 * The only queries of `keyed_counters` (migration 0026). Every count is ONE statement (INSERT … ON CONFLICT
 * … DO UPDATE … WHERE … RETURNING): the database decides atomically whether a hit may go ahead and counts
 * it in the same step, so parallel requests, processes and instances can never all pass a check that only
 * one of them should pass. No transaction is held across an await (the caller may pass its own).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound parameters. */
const HIT_CHUNK = 500;

export interface CounterWindow {
  /** ISO time of the hit. */
  now: string;
  /** A window that started at or before this (ISO) is over: the hit starts a new one. */
  startedAfter: string;
  /** Hits a window may count; the one that would exceed it is refused. */
  max: number;
}

const col = (name: keyof Database['keyed_counters']) => sql.ref(`keyed_counters.${name}`);
const windowOver = (w: CounterWindow) => sql<boolean>`${col('window_started_at')} <= ${w.startedAfter}`;

/**
 * Counts one hit under each of `keys` (distinct) unless its window is full; returns the window start of
 * each key counted. Keys go in sorted order, so two writers with overlapping batches lock them in one
 * order and never deadlock on PostgreSQL.
 */
export async function hitAll(db: Db, keys: readonly string[], w: CounterWindow): Promise<Map<string, string>> {
  const sorted = [...new Set(keys)].sort();
  const counted = new Map<string, string>();
  for (let start = 0; start < sorted.length; start += HIT_CHUNK) {
    const rows = await db
      .insertInto('keyed_counters')
      .values(sorted.slice(start, start + HIT_CHUNK).map((key) => ({ key, count: 1, window_started_at: w.now, updated_at: w.now })))
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            count: sql<number>`CASE WHEN ${windowOver(w)} THEN 1 ELSE ${col('count')} + 1 END`,
            window_started_at: sql<string>`CASE WHEN ${windowOver(w)} THEN ${w.now} ELSE ${col('window_started_at')} END`,
            updated_at: w.now,
          })
          .where(sql<boolean>`(${windowOver(w)} OR ${col('count')} < ${w.max})`),
      )
      .returning(['key', 'window_started_at'])
      .execute();
    for (const row of rows) counted.set(row.key, row.window_started_at);
  }
  return counted;
}

/** Takes back one hit counted in the window that started at `windowStartedAt` (a later window is left alone). */
export async function release(db: Db, key: string, windowStartedAt: string, now: string): Promise<void> {
  await db
    .updateTable('keyed_counters')
    .set({ count: sql<number>`${col('count')} - 1`, updated_at: now })
    .where('key', '=', key)
    .where('window_started_at', '=', windowStartedAt)
    .where('count', '>', 0)
    .execute();
}

/** When the key's current window started; null for a key never counted (or pruned). */
export async function windowStartOf(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('keyed_counters').select('window_started_at').where('key', '=', key).executeTakeFirst();
  return row?.window_started_at ?? null;
}

/**
 * The keys under `prefix` whose window (started after `startedAfter`) is full at `max`: how many, and the
 * start of the latest such window. Counts and times only, never a key.
 */
export async function countFull(db: Db, r: { prefix: string; max: number; startedAfter: string }): Promise<{ count: number; latestStart: string | null }> {
  const row = await db
    .selectFrom('keyed_counters')
    .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`max(${col('window_started_at')})`.as('latest')])
    .where('key', 'like', `${r.prefix}%`)
    .where('count', '>=', r.max)
    .where('window_started_at', '>', r.startedAfter)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), latestStart: row.latest };
}

/** Deletes the keys under `prefix` untouched since `untouchedThrough` (at or before it). Returns how many. */
export async function prune(db: Db, prefix: string, untouchedThrough: string): Promise<number> {
  const result = await db.deleteFrom('keyed_counters').where('key', 'like', `${prefix}%`).where('updated_at', '<=', untouchedThrough).executeTakeFirst();
  return Number(result.numDeletedRows);
}
