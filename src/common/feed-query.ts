/**
 * The RSS feed's address: `/feed.xml` for every public build, `/feed.xml?categoria=gaming` for one
 * category (docs/api-feed.md). `categoria` is the only parameter the feed reads; its value is read one
 * way (trimmed, lower case) by the route and by the page cache's key, so `?categoria=Gaming` and
 * `?categoria=gaming&utm_source=x` are one cached answer.
 */
import { type BuildCategory, categoryLabel } from './catalog';

export const FEED_PATH = '/feed.xml';
export const FEED_CATEGORY_PARAM = 'categoria';
export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** The requested category as typed, normalised; null when none was asked for (absent or empty). */
export function feedCategoryParam(search: URLSearchParams): string | null {
  const value = search.get(FEED_CATEGORY_PARAM)?.trim().toLowerCase() ?? '';
  return value === '' ? null : value;
}

/** The feed's path: the whole site's, or one known category's. */
export function feedPath(category: BuildCategory | null = null): string {
  return category ? `${FEED_PATH}?${FEED_CATEGORY_PARAM}=${category}` : FEED_PATH;
}

/** The key part of the page cache for a feed request: the normalised category, even an unknown one (its 404 is never stored). */
export function feedCacheKey(search: URLSearchParams): string {
  const category = feedCategoryParam(search);
  return category === null ? FEED_PATH : `${FEED_PATH}?${new URLSearchParams({ [FEED_CATEGORY_PARAM]: category }).toString()}`;
}

/** The feed's title: its channel's, and the head link's that points to it. */
export function feedTitle(siteName: string, category: BuildCategory | null = null): string {
  return category ? `${siteName}: le nuove build ${categoryLabel(category)}` : `${siteName}: le nuove build`;
}
