/** Queries for job leases and the record of job runs. */
import type { Kysely } from 'kysely';
import type { Database, JobRunTrigger } from '../../db/tables';

type Db = Kysely<Database>;

/**
 * Takes the lease if it is free, expired, or already ours (renewal). One statement, so two instances
 * racing for it cannot both win. Returns whether `holder` now holds it.
 */
export async function tryAcquireLease(db: Db, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .execute();
  const row = await db.selectFrom('job_leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

export interface RunCounts {
  total: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  failed: number;
  requests: number;
}

export async function insertRun(db: Db, job: string, trigger: JobRunTrigger, startedAt: string): Promise<number> {
  const row = await db
    .insertInto('job_runs')
    .values({ job, trigger, status: 'running', started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(db: Db, id: number, status: 'succeeded' | 'failed', finishedAt: string, counts: Partial<RunCounts>, error: string | null) {
  await db
    .updateTable('job_runs')
    .set({ status, finished_at: finishedAt, error, ...counts })
    .where('id', '=', id)
    .execute();
}

export function findLastRun(db: Db, job: string, status?: 'succeeded' | 'failed') {
  let query = db.selectFrom('job_runs').selectAll().where('job', '=', job);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findLastRunLike(db: Db, jobPrefix: string) {
  return db
    .selectFrom('job_runs')
    .selectAll()
    .where('job', 'like', `${jobPrefix}%`)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
