/** build_revisions: insert, list newest first, read one, keep the newest N of a build. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

const SUMMARY = ['id', 'created_at', 'title', 'reason', 'author'] as const;

export async function insertRevision(db: Db, row: { build_id: number; created_at: string; title: string; reason: string; author: string; snapshot: string }): Promise<number> {
  const { id } = await db.insertInto('build_revisions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function listRevisions(db: Db, buildId: number) {
  return db.selectFrom('build_revisions').select(SUMMARY).where('build_id', '=', buildId).orderBy('id', 'desc').execute();
}

export function findRevision(db: Db, buildId: number, revisionId: number) {
  return db.selectFrom('build_revisions').select([...SUMMARY, 'snapshot']).where('build_id', '=', buildId).where('id', '=', revisionId).executeTakeFirst();
}

/** Deletes all but the `keep` newest revisions of the build. */
export async function pruneRevisions(db: Db, buildId: number, keep: number): Promise<void> {
  const newest = db.selectFrom('build_revisions').select('id').where('build_id', '=', buildId).orderBy('id', 'desc').limit(keep);
  await db.deleteFrom('build_revisions').where('build_id', '=', buildId).where('id', 'not in', newest).execute();
}
