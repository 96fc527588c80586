/** The feed's one query: which public builds it carries, newest first. */
import type { Kysely } from 'kysely';
import { isPublicBuild, publicPublishedAt } from '../../db/public-builds';
import type { Database } from '../../db/tables';

/**
 * Slugs (and last edits) of the newest `limit` builds public at `now` (ISO), optionally of one category, in the order the
 * home lists them: by the publication date visitors see, then newest row first.
 */
export async function listNewestPublicSlugs(db: Kysely<Database>, now: string, category: string | null, limit: number): Promise<{ slug: string; updated_at: string }[]> {
  let query = db.selectFrom('builds').select(['slug', 'updated_at']).where(isPublicBuild(now));
  if (category !== null) query = query.where('category', '=', category);
  return query.orderBy(publicPublishedAt(), 'desc').orderBy('id', 'desc').limit(limit).execute();
}
