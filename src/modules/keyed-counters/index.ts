/**
 * Windowed keyed counters, one owner for every feature that counts hits of a key in a time window
 * (decision 029): the sign-in attempts of an address (auth/login-throttle.ts), the alert subscribe
 * requests (alerts/subscribe-to-alert.ts), and the visits, choices and clicks counted once per window
 * (analytics). Each feature keeps its own keys under its own prefix and its own limits; the rule is one:
 * a hit is counted unless its key's window is full, and a window that started at or before
 * `startedAfter` is over (the hit starts a new one).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import * as repo from './keyed-counters.repository';

export type { CounterWindow } from './keyed-counters.repository';

type Db = Kysely<Database>;

/** Counts a hit of `key` unless its window is full: the start of the window it was counted in, or null when refused. */
export async function hit(db: Db, key: string, window: repo.CounterWindow): Promise<{ windowStartedAt: string } | null> {
  const windowStartedAt = (await repo.hitAll(db, [key], window)).get(key);
  return windowStartedAt === undefined ? null : { windowStartedAt };
}

/** Counts a hit of each key (one or more statements for the whole batch): the keys counted. */
export async function hitAll(db: Db, keys: readonly string[], window: repo.CounterWindow): Promise<Set<string>> {
  return new Set((await repo.hitAll(db, keys, window)).keys());
}

export const release = repo.release;
export const windowStartOf = repo.windowStartOf;
export const countFull = repo.countFull;
export const prune = repo.prune;
