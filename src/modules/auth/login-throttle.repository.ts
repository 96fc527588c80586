/** Failure counters for login throttling, one row per key ('ip:…' or 'user:…'). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ThrottleState {
  key: string;
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

export async function findThrottleStates(db: Db, keys: string[]): Promise<ThrottleState[]> {
  const rows = await db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  return rows.map((row) => ({
    key: row.key,
    failures: Number(row.failures),
    windowStartedAt: row.window_started_at,
    blockedUntil: row.blocked_until,
  }));
}

export async function saveThrottleState(db: Db, state: ThrottleState, now: string): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({
      key: state.key,
      failures: state.failures,
      window_started_at: state.windowStartedAt,
      blocked_until: state.blockedUntil,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: state.failures,
        window_started_at: state.windowStartedAt,
        blocked_until: state.blockedUntil,
        updated_at: now,
      }),
    )
    .execute();
}

export async function clearThrottleState(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
