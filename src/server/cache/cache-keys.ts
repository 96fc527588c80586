/**
 * Which public GET answers the response cache keeps, and under which key. A key holds only what changes
 * the answer: the path and the query parameters the route reads, spelled one way. Anything else in the
 * query (tracking parameters, a cache-buster, a value nobody knows) maps to the same key, so it is served
 * from memory instead of forcing a render. Paths not listed here are never cached, and neither are React
 * Router's data requests (".data"): public pages are documents that no client navigates to, and a data
 * answer depends on its `_routes` parameter, which would multiply the keys.
 */
import { FEED_PATH, feedCacheKey } from '../../common/feed-query';
import { compareQuery, requestedSlugs } from '../../common/compare-query';
import { canonicalHomeQuery, LEGACY_CATEGORY_PARAM, parseHomeQuery } from '../../common/home-query';
import { buildPageSlug, paths } from '../../common/paths';
import { personalizationCacheKey } from '../../common/personalization-query';
import { canonicalSearchQuery, parseSearchQuery } from '../../common/search-query';
import { publicListQuerySchema } from '../../modules/builds/builds.schema';

const COMPARE_PATH = paths.compare();
/** A public build's price history: read by every visitor of the page's chart, changed only by a refresh. */
const PRICE_HISTORY = /^\/api\/builds\/[^/]+\/price-history$/;
/** A part of a sitemap index: /sitemap-1.xml, /sitemap-2.xml, … (no leading zero, so one spelling per part). */
const SITEMAP_PART = /^\/?sitemap-([1-9]\d{0,8})\.xml$/;

/** The part number a sitemap part's path or file name names, or null. */
export function sitemapPartNumber(pathOrFile: string): number | null {
  const match = SITEMAP_PART.exec(pathOrFile);
  return match ? Number(match[1]) : null;
}

/** The parameters /api/builds reads, in the order the key spells them: the schema's own, so a new filter is never left out. */
const SEARCH_PATH = '/cerca';
const BUILD_LIST_PARAMS: readonly string[] = Object.keys(publicListQuerySchema.shape);

function knownParams(search: URLSearchParams, names: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The cache key for a public GET, or null when the answer is not cached. */
export function responseCacheKey(path: string, search: URLSearchParams): string | null {
  // An old ?category= link is answered with a redirect to its ?categoria= spelling: never cached.
  if (path === '/') return search.has(LEGACY_CATEGORY_PARAM) ? null : path + canonicalHomeQuery(parseHomeQuery(search));
  if (buildPageSlug(path) !== null) {
    // A personalised build (decision 030) is one entry per personalisation, spelled one way.
    const personalization = personalizationCacheKey(search);
    return personalization ? `${path}?${personalization}` : path;
  }
  // The search page by its text spelled one way and its page: one entry per search, never another's.
  if (path === SEARCH_PATH) return path + canonicalSearchQuery(parseSearchQuery(search));
  // The comparison: its builds as asked, deduplicated, in order (the order of the columns); nothing else.
  if (path === COMPARE_PATH) {
    const query = compareQuery(requestedSlugs(search));
    return query ? `${path}?${query}` : path;
  }
  if (path === '/sitemap.xml' || path === '/robots.txt' || sitemapPartNumber(path) !== null) return path;
  // One entry per category, read one way; nothing else of the query (common/feed-query.ts).
  if (path === FEED_PATH) return feedCacheKey(search);
  if (path === '/api/builds') return path + knownParams(search, BUILD_LIST_PARAMS);
  if (PRICE_HISTORY.test(path)) return path;
  return null;
}

/** Pages get the public pages' Cache-Control; the sitemap, robots.txt and the API keep their own. */
export function isPageKey(key: string): boolean {
  const path = key.split('?', 1)[0]!;
  return path === '/' || path === SEARCH_PATH || path === COMPARE_PATH || buildPageSlug(path) !== null;
}
