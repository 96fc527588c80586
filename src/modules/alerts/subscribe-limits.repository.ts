/**
 * Subscribe request counters (`alert_subscribe_limits`), as the login throttle's: ONE statement
 * (INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING) decides whether a request may go ahead and counts
 * it, so parallel requests, processes and instances can never all pass a check only some should pass.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

export interface SlotRequest {
  key: string;
  now: string;
  /** A window that started at or before this is over: its count starts again. */
  forgetBefore: string;
  max: number;
}

const col = (name: keyof Database['alert_subscribe_limits']) => sql.ref(`alert_subscribe_limits.${name}`);

/** Counts one request under `key` unless its window is full. Returns whether it was counted. */
export async function takeSlot(db: Db, r: SlotRequest): Promise<boolean> {
  const windowOver = sql<boolean>`${col('window_started_at')} <= ${r.forgetBefore}`;
  const row = await db
    .insertInto('alert_subscribe_limits')
    .values({ key: r.key, count: 1, window_started_at: r.now, updated_at: r.now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql<number>`CASE WHEN ${windowOver} THEN 1 ELSE ${col('count')} + 1 END`,
          window_started_at: sql<string>`CASE WHEN ${windowOver} THEN ${r.now} ELSE ${col('window_started_at')} END`,
          updated_at: r.now,
        })
        .where(sql<boolean>`(${windowOver} OR ${col('count')} < ${r.max})`),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The counters under `prefix` whose window (started after `windowStartedAfter`) is full at `max`: how
 * many, and the start of the latest such window. Counts and times only, never a key.
 */
export async function fullWindows(db: Db, r: { prefix: string; max: number; windowStartedAfter: string }): Promise<{ count: number; latestStart: string | null }> {
  const row = await db
    .selectFrom('alert_subscribe_limits')
    .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`max(${col('window_started_at')})`.as('latest')])
    .where('key', 'like', `${r.prefix}%`)
    .where('count', '>=', r.max)
    .where('window_started_at', '>', r.windowStartedAfter)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), latestStart: row.latest };
}

/** Deletes the counters nobody has touched since `before`. Returns how many. */
export async function deleteLimitsUntouchedSince(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('alert_subscribe_limits').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
