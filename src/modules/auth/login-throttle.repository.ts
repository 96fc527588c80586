/**
 * Login throttle counters of usernames, one row per key ('user:{username HMAC}'; an address's attempts are a
 * keyed counter, modules/keyed-counters). Every write
 * is ONE statement (INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING): the database decides atomically whether an
 * attempt may go ahead and counts it in the same step, so parallel requests, processes and instances
 * can never all pass a check that only one of them should pass. No transaction is held across an
 * await, so the counters never wait on (or block) a SQLite write lock held by other work.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

export interface ThrottleState {
  key: string;
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
  inFlight: number;
  inFlightUntil: string | null;
}

/** A block that starts when the failure count (this attempt included) reaches `fromFailures`. */
export interface BlockStep {
  fromFailures: number;
  until: string;
}

const col = (name: keyof Database['login_throttle']) => sql.ref(`login_throttle.${name}`);

/** The failure count once this attempt is counted: 1 when the earlier failures are forgotten. */
function nextFailures(forgetBefore: string): RawBuilder<number> {
  return sql<number>`CASE WHEN ${col('window_started_at')} <= ${forgetBefore} THEN 1 ELSE ${col('failures')} + 1 END`;
}

/** The window start once this attempt is counted. */
function nextWindowStart(forgetBefore: string, now: string): RawBuilder<string> {
  return sql<string>`CASE WHEN ${col('window_started_at')} <= ${forgetBefore} THEN ${now} ELSE ${col('window_started_at')} END`;
}

/** A CASE choosing the block of the highest step reached by `failures` (steps in any order). */
function blockFor(failures: RawBuilder<number>, steps: readonly BlockStep[]): RawBuilder<string | null> {
  if (steps.length === 0) return sql<null>`NULL`;
  const ordered = [...steps].sort((a, b) => b.fromFailures - a.fromFailures);
  const branches = ordered.map((step) => sql`WHEN ${failures} >= ${step.fromFailures} THEN ${step.until}`);
  return sql<string | null>`CASE ${sql.join(branches, sql` `)} ELSE NULL END`;
}

function firstBlock(steps: readonly BlockStep[]): string | null {
  const reached = steps.filter((step) => step.fromFailures <= 1).sort((a, b) => b.fromFailures - a.fromFailures);
  return reached[0]?.until ?? null;
}

export interface UserReservation {
  key: string;
  now: string;
  /** Failures in a window that started at or before this are forgotten. */
  forgetBefore: string;
  /** The block each failure count (this attempt included) sets, e.g. 5 → now + 1 min. */
  blocks: readonly BlockStep[];
  /** Let the attempt through a running block (an address the user signed in from before). */
  ignoreBlock: boolean;
  /** Password checks of this username that may run at once. */
  maxInFlight: number;
  /** When this attempt's in-flight slot goes stale if it is never released. */
  inFlightUntil: string;
}

/**
 * Counts an attempt on a username as a failure in advance and takes an in-flight slot, unless the
 * username is blocked or all its slots are taken. Returns false when it is refused.
 *
 * Stale slots (`in_flight_until` passed) count as free: a process that died mid-check leaves at most
 * a slot that lasts until the next quiet moment, never a username locked for good.
 */
export async function reserveUserAttempt(db: Db, r: UserReservation): Promise<boolean> {
  const failures = nextFailures(r.forgetBefore);
  const slotsStale = sql<boolean>`(${col('in_flight_until')} IS NULL OR ${col('in_flight_until')} <= ${r.now})`;
  const notBlocked = r.ignoreBlock
    ? sql<boolean>`1 = 1`
    : sql<boolean>`(${col('window_started_at')} <= ${r.forgetBefore} OR ${col('blocked_until')} IS NULL OR ${col('blocked_until')} <= ${r.now})`;
  const row = await db
    .insertInto('login_throttle')
    .values({
      key: r.key,
      failures: 1,
      window_started_at: r.now,
      blocked_until: firstBlock(r.blocks),
      in_flight: 1,
      in_flight_until: r.inFlightUntil,
      updated_at: r.now,
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures,
          window_started_at: nextWindowStart(r.forgetBefore, r.now),
          blocked_until: blockFor(failures, r.blocks),
          in_flight: sql<number>`CASE WHEN ${slotsStale} THEN 1 ELSE ${col('in_flight')} + 1 END`,
          in_flight_until: r.inFlightUntil,
          updated_at: r.now,
        })
        .where(sql<boolean>`${notBlocked} AND (${slotsStale} OR ${col('in_flight')} < ${r.maxInFlight})`),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** A failed check: the failure stays counted (it was counted in advance); the slot is freed. */
export async function releaseUserSlot(db: Db, key: string, now: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ in_flight: sql<number>`CASE WHEN ${col('in_flight')} > 0 THEN ${col('in_flight')} - 1 ELSE 0 END`, updated_at: now })
    .where('key', '=', key)
    .execute();
}

/**
 * A correct password: the username's failures and block are cleared and the slot is freed. The checks
 * still running keep their advance count, so a success never lets them off uncounted.
 */
export async function clearUserFailures(db: Db, key: string, now: string): Promise<void> {
  const othersInFlight = sql<number>`CASE WHEN ${col('in_flight_until')} > ${now} AND ${col('in_flight')} > 1 THEN ${col('in_flight')} - 1 ELSE 0 END`;
  await db
    .updateTable('login_throttle')
    .set({ failures: othersInFlight, in_flight: othersInFlight, blocked_until: null, updated_at: now })
    .where('key', '=', key)
    .execute();
}

export async function findThrottleState(db: Db, key: string): Promise<ThrottleState | undefined> {
  const row = await db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return {
    key: row.key,
    failures: Number(row.failures),
    windowStartedAt: row.window_started_at,
    blockedUntil: row.blocked_until,
    inFlight: Number(row.in_flight),
    inFlightUntil: row.in_flight_until,
  };
}

/** Deletes the rows nobody has touched since `before`. Returns how many. */
export async function deleteThrottleStatesUntouchedSince(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
