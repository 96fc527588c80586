/**
 * A build's version (its updated_at) and row lock: what keeps an editor form loaded before a change from
 * saving over it unnoticed (decision 006), and every build writer from deadlocking on another's rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import * as repo from './builds.repository';

/**
 * The version a write gives a build: now, but always at least 1 ms after the previous one, so two writes
 * in the same millisecond (or after the clock stepped back) never share a version and a form loaded
 * between them cannot pass for current.
 */
export function nextBuildVersion(now: Date, previous: string): string {
  const afterPrevious = Date.parse(previous) + 1;
  return new Date(Number.isNaN(afterPrevious) ? now.getTime() : Math.max(now.getTime(), afterPrevious)).toISOString();
}

/**
 * Locks these builds in the caller's transaction, one by one in id order, for a writer about to change
 * components of several builds (a price refresh): as every build writer locks build rows before
 * component rows, two writers never each hold a component row the other waits for.
 */
export async function lockBuilds(trx: Kysely<Database>, buildIds: readonly number[]): Promise<void> {
  for (const id of [...buildIds].sort((a, b) => a - b)) await repo.lockBuild(trx, id);
}

/**
 * For the writers other than the editor's save that change what the editor shows (smart replacement,
 * restore, a refreshed price): locks the build in the caller's transaction and gives it a new version,
 * so an editor form loaded before cannot save over the change unnoticed (decision 006). Call it before
 * touching the build's components: every build writer then locks the build row first, and they cannot
 * deadlock on each other's component rows. Returns false when there is no such build.
 */
export async function bumpBuildVersion(trx: Kysely<Database>, buildId: number, clock: Clock): Promise<boolean> {
  if (!(await repo.lockBuild(trx, buildId))) return false;
  const row = await repo.findBuildById(trx, buildId);
  await repo.updateBuild(trx, buildId, { updated_at: nextBuildVersion(clock.now(), row!.updated_at) });
  return true;
}
