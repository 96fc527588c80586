/**
 * Runs jobs under a database lease, so that with several app instances (or a manual run during a
 * scheduled one) the same work never runs twice at once, and records every run in `job_runs`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import type { Database, JobRunTrigger } from '../../db/tables';
import type { Clock } from '../clock';
import { findLastRun, findLastRunLike, finishRun, insertRun, type RunCounts, releaseLease, tryAcquireLease } from './jobs.repository';

/** All price work shares one lease: it uses the same retailer quota and writes the same rows. */
export const PRICE_WORK_LEASE = 'retailer-price-work';
const LEASE_TTL_MS = 15 * 60_000;

export interface JobResult<T> {
  value: T;
  counts: Partial<RunCounts>;
}

export function createJobsService(deps: { db: Kysely<Database>; clock: Clock; instanceId?: string }) {
  const { db, clock } = deps;
  const instanceId = deps.instanceId ?? randomUUID();
  const heldHere = new Set<string>();

  function busy(): never {
    throw new AppError('CONFLICT', 'Un aggiornamento dei prezzi è già in corso. Riprova tra qualche minuto.');
  }

  /**
   * Runs `work` if the lease is free; otherwise returns null (scheduled) or throws 409 (manual).
   * `isDue` is checked while holding the lease, so two instances cannot both find a job due and run it.
   * The lease is renewed while the work runs, so a long run is not taken over by another instance.
   */
  async function runExclusive<T>(
    job: string,
    trigger: JobRunTrigger,
    work: () => Promise<JobResult<T>>,
    options: { isDue?: () => Promise<boolean>; lease?: string } = {},
  ): Promise<T | null> {
    const lease = options.lease ?? PRICE_WORK_LEASE;
    const expires = () => new Date(clock.now().getTime() + LEASE_TTL_MS).toISOString();
    const notRun = () => (trigger === 'scheduled' ? null : busy());
    // The database lease excludes other instances; `heldHere` (claimed before any await) excludes a
    // second run in this one, which the lease would let in again as a renewal by the same holder.
    if (heldHere.has(lease)) return notRun();
    heldHere.add(lease);
    let acquired = false;
    let renew: NodeJS.Timeout | undefined;
    try {
      acquired = await tryAcquireLease(db, lease, instanceId, clock.now().toISOString(), expires());
      if (!acquired) return notRun();
      if (options.isDue && !(await options.isDue())) return null;
      renew = setInterval(() => {
        tryAcquireLease(db, lease, instanceId, clock.now().toISOString(), expires()).catch(() => undefined);
      }, LEASE_TTL_MS / 3);
      renew.unref();
      const runId = await insertRun(db, job, trigger, clock.now().toISOString());
      try {
        const { value, counts } = await work();
        await finishRun(db, runId, 'succeeded', clock.now().toISOString(), counts, null);
        return value;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await finishRun(db, runId, 'failed', clock.now().toISOString(), {}, message.slice(0, 2000));
        throw error;
      }
    } finally {
      clearInterval(renew);
      heldHere.delete(lease);
      if (acquired) await releaseLease(db, lease, instanceId);
    }
  }

  /** When the last successful run of `job` started (on any instance), or null if it never succeeded. */
  async function lastSuccessStartedAt(job: string): Promise<Date | null> {
    const run = await findLastRun(db, job, 'succeeded');
    return run ? new Date(run.started_at) : null;
  }

  /** The latest run, of any outcome, of the jobs whose name starts with `jobPrefix`. */
  function lastRunOf(jobPrefix: string) {
    return findLastRunLike(db, jobPrefix);
  }

  return { runExclusive, lastSuccessStartedAt, lastRunOf, instanceId };
}

export type JobsService = ReturnType<typeof createJobsService>;
