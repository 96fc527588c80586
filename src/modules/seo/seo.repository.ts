/** Queries for the sitemap. */
import type { Kysely } from 'kysely';
import { BUILD_CATEGORIES, type BuildCategory, isBuildCategory } from '../../common/catalog';
import { isPublicBuild, publicPublishedAt } from '../../db/public-builds';
import type { Database } from '../../db/tables';

export interface SitemapEntry {
  slug: string;
  /** ISO-8601 UTC: the build's updated_at. */
  lastmod: string;
}

/** Public builds only (as of `now`, ISO), newest published first: the one-file sitemap. */
export function listSitemapEntries(db: Kysely<Database>, now: string): Promise<SitemapEntry[]> {
  return db
    .selectFrom('builds')
    .select(['slug', 'updated_at as lastmod'])
    .where(isPublicBuild(now))
    .orderBy(publicPublishedAt(), 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many builds are public at `now`, and the newest updated_at among them (null without any). */
export async function sitemapTotals(db: Kysely<Database>, now: string): Promise<{ count: number; lastmod: string | null }> {
  const row = await db
    .selectFrom('builds')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('updated_at').as('lastmod')])
    .where(isPublicBuild(now))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), lastmod: row.lastmod ?? null };
}

/**
 * One slice of the public builds in id order, for a part of a sitemap index. Id order, not publication
 * order: a new build joins the last part (whose lastmod then changes) instead of pushing a build out of
 * every part, which crawlers, trusting the unchanged lastmod of the other parts, would not notice.
 */
export function listSitemapSlice(db: Kysely<Database>, now: string, offset: number, limit: number): Promise<SitemapEntry[]> {
  return db
    .selectFrom('builds')
    .select(['slug', 'updated_at as lastmod'])
    .where(isPublicBuild(now))
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The newest updated_at of each slice of `size` public builds in id order (listSitemapSlice's), by slice. */
export async function sitemapSliceLastmods(db: Kysely<Database>, now: string, slices: { offset: number; limit: number }[]): Promise<(string | null)[]> {
  if (slices.length === 0) return [];
  const query = (slice: { offset: number; limit: number }) =>
    db
      .selectFrom(
        db
          .selectFrom('builds')
          .select('updated_at')
          .where(isPublicBuild(now))
          .orderBy('id', 'asc')
          .limit(slice.limit)
          .offset(slice.offset)
          .as('slice'),
      )
      .select((eb) => eb.fn.max('slice.updated_at').as('lastmod'));
  const rows = await Promise.all(slices.map((slice) => query(slice).executeTakeFirst()));
  return rows.map((row) => row?.lastmod ?? null);
}


/**
 * The categories that list at least one public build (as of `now`), in the site's order, each with the
 * newest updated_at among its builds: the category pages the home's rule indexes (decision 038).
 */
export async function sitemapCategories(db: Kysely<Database>, now: string): Promise<{ category: BuildCategory; lastmod: string }[]> {
  const rows = await db
    .selectFrom('builds')
    .select((eb) => ['category', eb.fn.max('updated_at').as('lastmod')])
    .where(isPublicBuild(now))
    .where('category', 'in', [...BUILD_CATEGORIES])
    .groupBy('category')
    .execute();
  const lastmods = new Map(rows.flatMap((row) => (isBuildCategory(row.category) && row.lastmod ? [[row.category, row.lastmod] as const] : [])));
  return BUILD_CATEGORIES.flatMap((category) => {
    const lastmod = lastmods.get(category);
    return lastmod ? [{ category, lastmod }] : [];
  });
}
