/**
 * The site search's queries (decision 033): match and rank on the index alone (db/build-search-index.ts),
 * joined to builds only for the public rule and the filters, limited to one page of ids. The cards of
 * that page are read by the builds module. Ranking: title above description above article and parts
 * (SQLite bm25 with column weights, PostgreSQL ts_rank with A/B/C weights), then newest first, then id.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres, SEARCH_CONFIG } from '../../db/build-search-index';
import { isPublicBuild, publicPublishedAt } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** bm25 weights of title, description and body on SQLite. */
const SQLITE_WEIGHTS = sql.raw('10.0, 4.0, 1.0');
/**
 * ts_rank weights of D, C, B (description), A (title) on PostgreSQL, applied to the small `head` vector:
 * a match found only in the article or the parts ranks 0 there, below any title or description match, and
 * among those the newest comes first. Ranking the whole document would detoast every match's article.
 */
const POSTGRES_WEIGHTS = sql.lit('{0.05, 0.1, 0.3, 1.0}');

export interface SearchFilter {
  /** Stems (common/italian-search-text.ts), for SQLite's index; never empty. */
  terms: readonly string[];
  /** The same words folded, for PostgreSQL's own analysis; never empty. */
  words: readonly string[];
  /** ISO-8601 UTC: the time the public rule is applied at. */
  now: string;
  category?: string;
  minBudgetCents?: number;
  maxBudgetCents?: number;
}

/**
 * An FTS5 MATCH expression of the terms, all required: each one a quoted string, so nothing a visitor
 * types is read as an operator (terms are letters and digits only, a quote cannot occur in them).
 */
function ftsExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
}

function filters(filter: SearchFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [isPublicBuild(filter.now, 'b')];
  if (filter.category) parts.push(sql`b.category = ${filter.category}`);
  if (filter.minBudgetCents !== undefined) parts.push(sql`b.budget_cents >= ${filter.minBudgetCents}`);
  if (filter.maxBudgetCents !== undefined) parts.push(sql`b.budget_cents <= ${filter.maxBudgetCents}`);
  return sql.join(parts, sql` and `);
}

/**
 * FROM and WHERE of the matching public builds, builds aliased b; `rank` ascending is best. On SQLite the
 * index is matched and ranked first on its own (bm25 works only in the statement scanning the FTS5 table
 * by MATCH, hence the materialised step), then joined to builds.
 */
function matches(db: Db, filter: SearchFilter): { with: RawBuilder<unknown>; from: RawBuilder<unknown>; rank: RawBuilder<unknown> } {
  if (isPostgres(db)) {
    // Matched and ranked on the GIN index first, as on SQLite: joined first to builds, the planner would
    // test (and detoast) every public build's document.
    const query = sql`plainto_tsquery(${sql.lit(SEARCH_CONFIG)}::regconfig, ${filter.words.join(' ')})`;
    return {
      with: sql`with m as materialized (select build_id as id, -ts_rank(${POSTGRES_WEIGHTS}::float4[], head, ${query}) as rank from build_search where document @@ ${query}) `,
      // Each match looked up by its id in builds_search_lookup_idx (OFFSET 0 keeps the subquery a nested
      // loop): joined, the planner hashes every build of the catalogue for a page of a few matches.
      from: sql`m cross join lateral (select id, status, publish_at, published_at, category, budget_cents from builds where builds.id = m.id offset 0) b where ${filters(filter)}`,
      rank: sql`m.rank`,
    };
  }
  return {
    with: sql`with m as materialized (select rowid as id, bm25(build_search, ${SQLITE_WEIGHTS}) as rank from build_search where build_search match ${ftsExpression(filter.terms)}) `,
    // CROSS JOIN keeps the matches as the outer loop (SQLite never reorders it): with a plain join the
    // planner scans every public build by its publication index and probes the matches for each one.
    from: sql`m cross join builds b indexed by builds_search_lookup_idx on b.id = m.id where ${filters(filter)}`,
    rank: sql`m.rank`,
  };
}

/**
 * One page of the matching public builds' ids, best first, and how many match in all (counted in the
 * same statement; a page past the last one counts them apart).
 */
export async function searchPublicBuildIds(db: Db, filter: SearchFilter, page: { limit: number; offset: number }): Promise<{ ids: number[]; total: number }> {
  if (!isPostgres(db)) return searchIn(db, filter, page);
  // PostgreSQL's planner counts matching a document as cheap and, for a word found in many builds, reads
  // (and decompresses) every document of the table instead of asking the GIN index: 10 ms instead of 1 ms
  // for a word in 1,200 of 3,000 builds. Turned off for this transaction only (decision 033).
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return searchIn(trx, filter, page);
  });
}

async function searchIn(db: Db, filter: SearchFilter, page: { limit: number; offset: number }): Promise<{ ids: number[]; total: number }> {
  const { with: matched, from, rank } = matches(db, filter);
  const { rows } = await sql<{ id: number; total: number | string }>`${matched}select b.id as id, count(*) over () as total from ${from}
    order by ${rank}, ${publicPublishedAt('b')} desc, b.id desc limit ${page.limit} offset ${page.offset}`.execute(db);
  if (rows.length > 0) return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]!.total) };
  if (page.offset === 0) return { ids: [], total: 0 };
  const counted = await sql<{ total: number | string }>`${matched}select count(*) as total from ${from}`.execute(db);
  return { ids: [], total: Number(counted.rows[0]?.total ?? 0) };
}
