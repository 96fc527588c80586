/**
 * Upper bounds of the numbers that reach the database, checked at every edge (request bodies, query
 * strings, route parameters) so that hostile numbers (1e300, 2^53 + 1) answer 400/404, never a 500 from
 * the database or an overflow.
 */

/** Ids are SERIAL on PostgreSQL (32-bit): a larger id names no row, and binding it would fail the query. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Largest euro amount of a price, a budget or a budget filter: no PC part or build costs a million euro,
 * so anything above is a typo or an attack. In cents it stays far inside PostgreSQL's 32-bit integer
 * columns (at most 21,474,836.47 €).
 */
export const MAX_EURO = 1_000_000;
export const MAX_EURO_LABEL = '1.000.000 €';

/** Deepest offset of a public list: far beyond any real catalogue, and a database skips that many rows cheaply. */
export const MAX_LIST_OFFSET = 100_000;

/**
 * Most components a build holds. Anything that produces components (the editor's save, the cart import)
 * stops here, so one request can never ask the retailer for more products than a build could keep.
 */
export const MAX_BUILD_COMPONENTS = 100;
