/** Queries for the sitemap. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SitemapEntry {
  slug: string;
  /** ISO-8601 UTC: the build's updated_at. */
  lastmod: string;
}

/** Published builds only, newest published first. */
export function listSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  return db
    .selectFrom('builds')
    .select(['slug', 'updated_at as lastmod'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
