/**
 * The search page's query string: `/cerca?q=scheda+video&pagina=2`. The text is spelled one way
 * (trimmed, runs of spaces and control characters as one space, then folded as the search folds every
 * word: accents off, lower case), so the page's links, its canonical form and the page cache's key agree,
 * and spellings that find the same builds ("Perché  RTX", "perche rtx") share one cached page while two
 * searches never do. The page shows the folded text. No stemming here: "schede" stays "schede".
 */
import { parsePage } from './home-query';

/** Results per search page, as the home's grid. */
export const SEARCH_PAGE_SIZE = 12;
/** A search text longer than this is refused (400), on the page and in the API. */
export const MAX_QUERY_LENGTH = 300;

export const SEARCH_QUERY_PARAMS = { q: 'q', page: 'pagina' } as const;

export interface SearchPageQuery {
  /** Normalised; '' for no search (the page shows only its form). */
  q: string;
  /** 1-based. */
  page: number;
}

/**
 * Accents off (NFKD, combining marks dropped: what PostgreSQL's `unaccent` does to Italian text) and lower
 * case: 'Perché' -> 'perche'. The first step of the search's analysis (italian-search-text.ts), here so that
 * the search's spelling needs no stemmer.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Trimmed, with every run of white space or control characters (U+0000 included) as one space. */
export function normaliseSearchText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** A search's text in its one spelling: normalised, then folded (the page's and the API's cache keys). */
export function searchKeyText(text: string): string {
  return normaliseSearchText(foldText(normaliseSearchText(text)));
}

export function parseSearchQuery(search: URLSearchParams): SearchPageQuery {
  return { q: searchKeyText(search.get(SEARCH_QUERY_PARAMS.q) ?? ''), page: parsePage(search.get(SEARCH_QUERY_PARAMS.page)) };
}

/** `?q=…&pagina=…` with only what differs from the empty first page ('' for none). */
export function canonicalSearchQuery(query: SearchPageQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set(SEARCH_QUERY_PARAMS.q, query.q);
  if (query.q && query.page > 1) params.set(SEARCH_QUERY_PARAMS.page, String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
