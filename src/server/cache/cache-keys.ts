/**
 * Which public GET answers the response cache keeps, and under which key. A key holds only what changes
 * the answer: the path and the query parameters the route reads, spelled one way. Anything else in the
 * query (tracking parameters, a cache-buster, a value nobody knows) maps to the same key, so it is served
 * from memory instead of forcing a render. Paths not listed here are never cached, and neither are React
 * Router's data requests (".data"): public pages are documents that no client navigates to, and a data
 * answer depends on its `_routes` parameter, which would multiply the keys.
 *
 * A visitor can invent keys without end (a budget per euro, a made-up choice, a search per word), so:
 * - a build variant's and a comparison's key must be confirmed by the answer (common/page-key.ts): what
 *   the build accepted, never what the link said, so made-up choices and slugs never become entries;
 * - the keys a visitor can multiply live in their own pool ("variant"), apart from the pages every
 *   visitor reads ("base"), so a flood of variants cannot push the home or a build page out (decision 035).
 */
import { DEALS_API_PATH, DEALS_FEED_PATH, DEALS_PATH, dealsQuery, parseDealsFilter } from '../../common/deals-query';
import { FEED_PATH, feedCacheKey } from '../../common/feed-query';
import { comparePageKey, requestedSlugs } from '../../common/compare-query';
import { canonicalHomeQuery, LEGACY_CATEGORY_PARAM, parseHomeQuery } from '../../common/home-query';
import { buildPageSlug, paths } from '../../common/paths';
import { personalizationCacheKey, personalizedPageKey } from '../../common/personalization-query';
import { canonicalSearchQuery, parseSearchQuery, searchKeyText } from '../../common/search-query';
import { isSlug } from '../../common/slug';
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

const SEARCH_PATH = '/cerca';
const BUILD_LIST_PATH = '/api/builds';
/** The parameters /api/builds reads, in the order the key spells them: the schema's own, so a new filter is never left out. */
const BUILD_LIST_PARAMS: readonly string[] = Object.keys(publicListQuerySchema.shape);
/** What /api/builds assumes for a parameter left out: spelled out or not, one key. */
const BUILD_LIST_DEFAULTS: Readonly<Record<string, unknown>> = { limit: 100, offset: 0 };

/**
 * The query of /api/builds as the route reads it (the first value of each parameter, through its schema):
 * numbers as numbers ("10" and "10.0" alike), the search text folded as the search folds it. A query the
 * schema refuses keeps its text: its 400 is never stored.
 */
function buildListQuery(search: URLSearchParams): string {
  const sent: Record<string, string> = {};
  for (const name of BUILD_LIST_PARAMS) {
    const value = search.get(name);
    if (value !== null) sent[name] = value;
  }
  const parsed = publicListQuerySchema.safeParse(sent);
  const kept = new URLSearchParams();
  for (const name of BUILD_LIST_PARAMS) {
    if (!parsed.success) {
      if (sent[name] !== undefined) kept.set(name, sent[name]);
      continue;
    }
    const value: string | number | undefined = parsed.data[name as keyof typeof parsed.data];
    if (value === undefined || value === BUILD_LIST_DEFAULTS[name]) continue;
    const text = name === 'q' ? searchKeyText(String(value)) : String(value);
    if (text !== '') kept.set(name, text);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** /api/deals's filters as sent (the route refuses unknown ones with a 400, never stored). */
function dealsApiQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ['tipo', 'categoria']) {
    const value = search.get(name)?.trim().toLowerCase();
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The cache key for a public GET, or null when the answer is not cached. */
export function responseCacheKey(path: string, search: URLSearchParams): string | null {
  // An old ?category= link is answered with a redirect to its ?categoria= spelling: never cached.
  if (path === '/') return search.has(LEGACY_CATEGORY_PARAM) ? null : path + canonicalHomeQuery(parseHomeQuery(search));
  // A personalised build (decision 030) is one entry per personalisation, spelled one way; the page confirms it.
  if (buildPageSlug(path) !== null) return personalizedPageKey(path, personalizationCacheKey(search));
  // The search page by its text spelled one way and its page: one entry per search, never another's.
  if (path === SEARCH_PATH) return path + canonicalSearchQuery(parseSearchQuery(search));
  // The comparison: its builds as asked, deduplicated, in order (the order of the columns); nothing else.
  if (path === COMPARE_PATH) return comparePageKey(path, requestedSlugs(search));
  if (path === '/sitemap.xml' || path === '/robots.txt' || sitemapPartNumber(path) !== null) return path;
  // One entry per category, read one way; nothing else of the query (common/feed-query.ts).
  if (path === FEED_PATH) return feedCacheKey(search);
  if (path === BUILD_LIST_PATH) return path + buildListQuery(search);
  // The deals (decision 046): the page by its known filters spelled one way, the feed alone, the API by
  // its filters (an unknown one keeps its text: its 400 is never stored).
  if (path === DEALS_PATH) return path + dealsQuery(parseDealsFilter(search));
  if (path === DEALS_FEED_PATH) return path;
  if (path === DEALS_API_PATH) return path + dealsApiQuery(search);
  if (PRICE_HISTORY.test(path)) return path;
  return null;
}

/** Pages get the public pages' Cache-Control; the sitemap, robots.txt and the API keep their own. */
export function isPageKey(key: string): boolean {
  const path = key.split('?', 1)[0]!;
  return path === '/' || path === SEARCH_PATH || path === COMPARE_PATH || path === DEALS_PATH || buildPageSlug(path) !== null;
}

/** The path of a key (what precedes its query or its count of ignored parameters). */
function pathOfKey(key: string): string {
  const end = key.search(/[?#]/);
  return end === -1 ? key : key.slice(0, end);
}

/**
 * Keys an answer must confirm before it is stored (common/page-key.ts): build pages and comparisons,
 * whose one spelling depends on what the database holds.
 */
export function needsConfirmation(key: string): boolean {
  const path = pathOfKey(key);
  return path === COMPARE_PATH || buildPageSlug(path) !== null;
}

/**
 * The two shares of the cache. "base": what every visitor and crawler reads, one entry per page of the
 * site (the home and its filters, build pages as the author made them, the search and comparison forms,
 * feeds, sitemaps, price histories, the unfiltered build list). "variant": what a query can multiply
 * without end (personalisations, searches, comparisons, filtered lists).
 */
export type CachePool = 'base' | 'variant';

export function cachePoolOf(key: string): CachePool {
  const path = pathOfKey(key);
  if (path === '/') return 'base';
  if (path === SEARCH_PATH || path === COMPARE_PATH || path === BUILD_LIST_PATH || buildPageSlug(path) !== null) return key === path ? 'base' : 'variant';
  return 'base';
}

/** Public pages that have one address; any other spelling of their path is redirected to it. */
const ONE_ADDRESS_PAGES: ReadonlySet<string> = new Set([SEARCH_PATH, COMPARE_PATH]);

/**
 * The one address of a public page when `rawPath` (as sent, still percent-encoded) spells it another way:
 * `/build/{slug}/`, `/BUILD/{slug}`, `/build/%70c`, `//cerca/`; null when the path is already it, or is
 * no public page's. Duplicate addresses split a page's search ranking, and each would render (and be
 * cached) on its own.
 */
export function canonicalPagePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const folded = decoded.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1').toLowerCase();
  let canonical: string | null = null;
  const build = /^\/build\/([^/]+)$/.exec(folded);
  if (build && isSlug(build[1]!)) canonical = paths.build(build[1]!);
  else if (ONE_ADDRESS_PAGES.has(folded)) canonical = folded;
  return canonical !== null && canonical !== rawPath ? canonical : null;
}
