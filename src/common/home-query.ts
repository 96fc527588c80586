/**
 * The home page's query string: `?categoria=gaming&budget=800-1500&pagina=2` (shareable links, one cached
 * variant each). Unknown parameters are ignored and unknown values read as "no filter" / page 1, so a
 * mistyped or stale link still shows a page. `canonicalHomeQuery` is the one spelling of a query: the
 * page's canonical URL, its links and the page cache's key all use it.
 */
import { findBudgetRange } from './budget-ranges';
import { type BuildCategory, isBuildCategory } from './catalog';

/** Builds per home page. */
export const HOME_PAGE_SIZE = 12;
/** Beyond this a page number is not a real page of any catalogue we expect: read as page 1. */
const MAX_PAGE = 10_000;

export const HOME_QUERY_PARAMS = { category: 'categoria', budget: 'budget', page: 'pagina' } as const;
/** The category filter's first spelling (?category=gaming), still in links shared before ?categoria: the page redirects it. */
export const LEGACY_CATEGORY_PARAM = 'category';

export interface HomeQuery {
  category: BuildCategory | null;
  /** A BUDGET_RANGES id. */
  budget: string | null;
  /** 1-based. */
  page: number;
}

export function parsePage(value: string | null): number {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return 1;
  const page = Number(value);
  return page <= MAX_PAGE ? page : 1;
}

export function parseHomeQuery(search: URLSearchParams): HomeQuery {
  const category = search.get(HOME_QUERY_PARAMS.category);
  const budget = search.get(HOME_QUERY_PARAMS.budget);
  return {
    category: isBuildCategory(category) ? category : null,
    budget: findBudgetRange(budget)?.id ?? null,
    page: parsePage(search.get(HOME_QUERY_PARAMS.page)),
  };
}

/** `?categoria=…&budget=…&pagina=…` with only the parts that differ from the unfiltered first page ('' for none). */
export function canonicalHomeQuery(query: HomeQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set(HOME_QUERY_PARAMS.category, query.category);
  if (query.budget) params.set(HOME_QUERY_PARAMS.budget, query.budget);
  if (query.page > 1) params.set(HOME_QUERY_PARAMS.page, String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
