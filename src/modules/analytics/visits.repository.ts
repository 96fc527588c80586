/**
 * Queries of the visit counter (decision 025): which visitors of a batch are new across every process and
 * instance (one INSERT … ON CONFLICT per batch, which only one writer of a key can win), and the build's
 * total and the day's count it adds (one upsert).
 */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CLAIM_CHUNK = 500;

/** The id of the build `slug` when it is public at `now`, else null. */
export async function findPublicBuildId(db: Db, slug: string, now: string): Promise<number | null> {
  const row = await db.selectFrom('builds').select('id').where('slug', '=', slug).where(isPublicBuild(now)).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Records the visitor `keys` (distinct) as seen until `expiresAt`, except those already seen and not yet
 * expired at `now`; returns the ones that were new. A key past its expiry is taken over (it is a new visit),
 * whether or not the purge has deleted it yet. Keys go in sorted order, so two writers with overlapping
 * batches lock them in one order and never deadlock on PostgreSQL.
 */
export async function claimVisitors(db: Db, keys: readonly string[], now: string, expiresAt: string): Promise<Set<string>> {
  const sorted = [...new Set(keys)].sort();
  const claimed = new Set<string>();
  for (let start = 0; start < sorted.length; start += CLAIM_CHUNK) {
    const rows = await db
      .insertInto('visit_dedupe')
      .values(sorted.slice(start, start + CLAIM_CHUNK).map((key) => ({ key, expires_at: expiresAt })))
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ expires_at: expiresAt })
          .where(sql<boolean>`${sql.ref('visit_dedupe.expires_at')} <= ${now}`),
      )
      .returning('key')
      .execute();
    for (const row of rows) claimed.add(row.key);
  }
  return claimed;
}

/** Adds `count` counted visits to the build's total (the caller adds the day's count in the same transaction). */
export async function addBuildViews(db: Db, buildId: number, count: number): Promise<void> {
  await db
    .updateTable('builds')
    .set((eb) => ({ views: eb('views', '+', count) }))
    .where('id', '=', buildId)
    .execute();
}

/** Adds `views` visits and `personalized` personalised visits (decision 030) to the build's `day`. */
export async function addDayViews(db: Db, buildId: number, day: string, views: number, personalized = 0): Promise<void> {
  await db
    .insertInto('build_daily_stats')
    .values({ build_id: buildId, day, views, personalized_views: personalized })
    .onConflict((oc) =>
      oc.columns(['build_id', 'day']).doUpdateSet({
        views: sql`${sql.ref('build_daily_stats.views')} + ${views}`,
        personalized_views: sql`${sql.ref('build_daily_stats.personalized_views')} + ${personalized}`,
      }),
    )
    .execute();
}

/** Deletes the visits expired at `now`. Returns the rows deleted. */
export async function purgeVisitors(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('visit_dedupe').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
