/** Queries for the sitemap. */
import type { Kysely } from 'kysely';
import { isPublicBuild, publicPublishedAt } from '../../db/public-builds';
import type { Database } from '../../db/tables';

export interface SitemapEntry {
  slug: string;
  /** ISO-8601 UTC: the build's updated_at. */
  lastmod: string;
}

/** Public builds only (as of `now`, ISO), newest published first. */
export function listSitemapEntries(db: Kysely<Database>, now: string): Promise<SitemapEntry[]> {
  return db
    .selectFrom('builds')
    .select(['slug', 'updated_at as lastmod'])
    .where(isPublicBuild(now))
    .orderBy(publicPublishedAt(), 'desc')
    .orderBy('id', 'desc')
    .execute();
}
