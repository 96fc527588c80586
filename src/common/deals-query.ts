/**
 * The deals' addresses (decision 046): `/offerte` with its filters `tipo` (a part type, lower case) and
 * `categoria` (a build category), `/offerte/feed.xml`, `GET /api/deals`. One spelling of the filters for
 * the page, the API and the page cache's key: trimmed, lower case, an unknown value dropped.
 */
import { BUILD_CATEGORIES, type BuildCategory, EDITOR_COMPONENT_TYPES } from './catalog';

export const DEALS_PATH = '/offerte';
export const DEALS_FEED_PATH = '/offerte/feed.xml';
export const DEALS_API_PATH = '/api/deals';
export const DEALS_TYPE_PARAM = 'tipo';
export const DEALS_CATEGORY_PARAM = 'categoria';

/** The part types a filter may name, lower case: 'cpu', 'motherboard', … */
export const DEAL_TYPES: readonly string[] = EDITOR_COMPONENT_TYPES.map((type) => type.toLowerCase());

export interface DealsFilter {
  /** Lower-case part type, or null for every type. */
  type: string | null;
  category: BuildCategory | null;
}

export function parseDealsFilter(search: URLSearchParams): DealsFilter {
  const type = search.get(DEALS_TYPE_PARAM)?.trim().toLowerCase() ?? '';
  const category = search.get(DEALS_CATEGORY_PARAM)?.trim().toLowerCase() ?? '';
  return {
    type: DEAL_TYPES.includes(type) ? type : null,
    category: (BUILD_CATEGORIES as readonly string[]).includes(category) ? (category as BuildCategory) : null,
  };
}

/** '?tipo=gpu&categoria=gaming' in this order, '' without filters: the page's canonical query and the cache key's. */
export function dealsQuery(filter: DealsFilter): string {
  const query = new URLSearchParams();
  if (filter.type) query.set(DEALS_TYPE_PARAM, filter.type);
  if (filter.category) query.set(DEALS_CATEGORY_PARAM, filter.category);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The anchor of a deal on the page and the feed's links: /offerte#offerta-b0bmqjwbdm. */
export function dealAnchor(asin: string): string {
  return `offerta-${asin.toLowerCase()}`;
}
