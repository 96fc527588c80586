/**
 * The query of the comparison page, /confronta?build={slug}&build={slug}[&build={slug}]: read
 * one way by the page and by the response cache's key (server/cache/cache-keys.ts), so the two cannot
 * disagree on what changes the answer.
 */

export const COMPARE_PARAM = 'build';
/** How many builds are put side by side at most; the page says which it left out beyond them. */
export const MAX_COMPARED = 3;
export const MIN_COMPARED = 2;
/**
 * How many requested values are read at all: each one costs a lookup and a line of the notice, and no
 * form sends more than a handful. Values past these are ignored (and kept out of the cache key).
 */
export const MAX_REQUESTED = 10;

/** The requested slugs as sent, trimmed, without empty values and repeats, first spelling first. */
export function requestedSlugs(search: URLSearchParams): string[] {
  const slugs: string[] = [];
  for (const value of search.getAll(COMPARE_PARAM)) {
    const slug = value.trim();
    if (slug !== '' && !slugs.includes(slug)) slugs.push(slug);
    if (slugs.length === MAX_REQUESTED) break;
  }
  return slugs;
}

/** 'build=a&build=b': the query of a comparison in its one spelling ('' for none). */
export function compareQuery(slugs: readonly string[]): string {
  return new URLSearchParams(slugs.map((slug) => [COMPARE_PARAM, slug])).toString();
}

/**
 * The page cache's key of a comparison (common/page-key.ts): the path, the builds in their one spelling,
 * then how many asked for could not be shown. A request spells it from its text (every slug it names, 0
 * unknown); the page, once it knows which slugs are public, spells what it shows. They are equal only when
 * every slug asked for is a public build, so a link naming made-up builds never makes an entry.
 */
export function comparePageKey(path: string, slugs: readonly string[], unknownCount = 0): string {
  const query = compareQuery(slugs);
  return `${path}${query ? `?${query}` : ''}${unknownCount > 0 ? `#sconosciute=${unknownCount}` : ''}`;
}
