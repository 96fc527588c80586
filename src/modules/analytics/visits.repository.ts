/**
 * Queries of the visit counter (decision 025): the build's total and the day's count it adds (one upsert).
 * Which visitors of a batch are new is a keyed counter's (modules/keyed-counters).
 */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** The id of the build `slug` when it is public at `now`, else null. */
export async function findPublicBuildId(db: Db, slug: string, now: string): Promise<number | null> {
  const row = await db.selectFrom('builds').select('id').where('slug', '=', slug).where(isPublicBuild(now)).executeTakeFirst();
  return row?.id ?? null;
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
