/**
 * The site search's queries (decision 033): match on the index alone (db/build-search-index.ts), joined to
 * builds only for the public rule and the filters; rank a bounded set of candidates (the newest matches)
 * and return one page of ids. The cards of that page are read by the builds module. Ranking: title above
 * description above article and parts (SQLite bm25 with column weights, PostgreSQL ts_rank with A/B/C
 * weights), then newest first, then id.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres, SEARCH_CONFIG } from '../../db/build-search-index';
import { isPublicBuild, publicPublishedAt } from '../../db/public-builds';
import type { Database } from '../../db/tables';
import type { PlanClause, PlanTerm } from './query-plan';

type Db = Kysely<Database>;

/**
 * bm25 weights of title, description and body on SQLite. The body (article, parts, offered alternatives) only
 * matches, it does not rank: as on PostgreSQL, a match found only there ranks below any title or description
 * match, newest first among them (decision 041: an article that discusses a part at length, or offers many
 * alternatives, no longer outranks a build whose title names it).
 */
const SQLITE_WEIGHTS = sql.raw('10.0, 4.0, 0.0');
/**
 * ts_rank weights of D, C, B (description), A (title) on PostgreSQL, applied to the small `head` vector:
 * a match found only in the article or the parts ranks 0 there, below any title or description match, and
 * among those the newest comes first. Ranking the whole document would detoast every match's article.
 */
const POSTGRES_WEIGHTS = sql.lit('{0.05, 0.1, 0.3, 1.0}');

export interface SearchFilter {
  /** What to match (query-plan.ts): all clauses; never empty. */
  clauses: readonly PlanClause[];
  /** ISO-8601 UTC: the time the public rule is applied at. */
  now: string;
  category?: string;
  minBudgetCents?: number;
  maxBudgetCents?: number;
}

/**
 * An FTS5 MATCH expression of the plan: clauses joined by AND, alternatives by OR, each term a quoted string
 * (a prefix term followed by `*`), so nothing a visitor types is read as an operator (terms are letters and
 * digits only, a quote cannot occur in them).
 */
function ftsExpression(clauses: readonly PlanClause[]): string {
  const term = (t: PlanTerm) => `"${t.stem.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`;
  return clauses.map((clause) => `(${clause.map((alternative) => `(${alternative.map(term).join(' AND ')})`).join(' OR ')})`).join(' AND ');
}

/**
 * The plan as a tsquery of the search configuration: a plain term through plainto_tsquery (bound text, never
 * an operator), a prefix term through to_tsquery of `'word':*` (the word is letters and digits only, so the
 * quotes hold it whole); PostgreSQL stems both itself, as the SQLite side stems in JavaScript.
 */
function tsQuery(clauses: readonly PlanClause[]): RawBuilder<unknown> {
  const config = sql`${sql.lit(SEARCH_CONFIG)}::regconfig`;
  const term = (t: PlanTerm) => {
    // An acronym that is a stop word ("AI") is indexed through 'simple' (build-search-index.ts), read so here.
    if (t.exact) return sql`plainto_tsquery('simple'::regconfig, ${t.word})`;
    return t.prefix ? sql`to_tsquery(${config}, ${`'${t.word}':*`})` : sql`plainto_tsquery(${config}, ${t.word})`;
  };
  const and = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` && `)})`;
  return and(clauses.map((clause) => sql`(${sql.join(clause.map((alternative) => and(alternative.map(term))), sql` || `)})`));
}

function filters(filter: SearchFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [isPublicBuild(filter.now, 'b')];
  if (filter.category) parts.push(sql`b.category = ${filter.category}`);
  if (filter.minBudgetCents !== undefined) parts.push(sql`b.budget_cents >= ${filter.minBudgetCents}`);
  if (filter.maxBudgetCents !== undefined) parts.push(sql`b.budget_cents <= ${filter.maxBudgetCents}`);
  return sql.join(parts, sql` and `);
}

/**
 * The candidates: at most `rankLimit + 1` matching public builds, newest by id first, each with its rank
 * (ascending is best) and its public date, as a CTE `c(id, rank, published)`. Only these are scored: a search
 * matching the whole catalogue costs about rankLimit steps, not one per match (decision 033). Ids are the
 * order both indexes keep their entries in (the FTS5 rowid, build_search's primary key), so the newest
 * matches come first without reading the others' rows; ids follow creation, close to publication order.
 */
function candidates(db: Db, filter: SearchFilter, rankLimit: number): RawBuilder<unknown> {
  if (isPostgres(db)) {
    const query = tsQuery(filter.clauses);
    // The matches' ids from the GIN index alone (materialised: asked per row instead, the planner walks the
    // primary key backwards testing, and detoasting, every document for a selective search). Then sorted
    // newest first (ids only) and each looked up by its id in builds_search_lookup_idx: the subquery's order
    // reaches the outer ORDER BY, so the nested loop (a LATERAL with OFFSET 0) stops at the limit instead of
    // looking every match up and sorting them all. Only those candidates' small `head` is read and ranked.
    return sql`with m as materialized (select build_id as id from build_search where document @@ ${query}),
      p as materialized (select b.id, b.published from (select id from m order by id desc) m cross join lateral (select id, ${publicPublishedAt('b')} as published from builds as b where b.id = m.id and ${filters(filter)} offset 0) b order by m.id desc limit ${rankLimit + 1}),
      c as (select p.id, -ts_rank(${POSTGRES_WEIGHTS}::float4[], s.head, ${query}) as rank, p.published from p cross join lateral (select head from build_search where build_search.build_id = p.id offset 0) s) `;
  }
  // FTS5 answers ORDER BY rowid DESC from its index and the join stops at the limit; bm25 is computed
  // only for the rows read (it works in the statement that scans the FTS5 table by MATCH, joins allowed).
  // CROSS JOIN keeps the matches as the outer loop (SQLite never reorders it): with a plain join the planner
  // walks every public build by its publication index and probes the matches for each one.
  return sql`with c as materialized (select b.id as id, bm25(build_search, ${SQLITE_WEIGHTS}) as rank, ${publicPublishedAt('b')} as published
      from build_search cross join builds as b indexed by builds_search_lookup_idx on b.id = build_search.rowid
      where build_search match ${ftsExpression(filter.clauses)} and ${filters(filter)} order by build_search.rowid desc limit ${rankLimit + 1}) `;
}

export interface SearchPage {
  ids: number[];
  /** Matching public builds, counted up to rankLimit: what can be paged through. */
  total: number;
  /** More than rankLimit builds match: only the newest rankLimit were ranked ("più di N"). */
  capped: boolean;
}

/**
 * One page of the matching public builds' ids, best first among the newest `rankLimit` matches, and how
 * many match up to that bound (counted in the same statement; a page past the last one counts them apart).
 * A search matching at most rankLimit builds ranks every one of them, exactly as a search without a bound.
 */
export async function searchPublicBuildIds(db: Db, filter: SearchFilter, page: { limit: number; offset: number }, rankLimit: number): Promise<SearchPage> {
  if (!isPostgres(db)) return searchIn(db, filter, page, rankLimit);
  // PostgreSQL's planner counts matching a document as cheap and, for a word found in many builds, reads
  // (and decompresses) every document of the table instead of asking the GIN index: 10 ms instead of 1 ms
  // for a word in 1,200 of 3,000 builds. Turned off for this transaction only (decision 033).
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return searchIn(trx, filter, page, rankLimit);
  });
}

async function searchIn(db: Db, filter: SearchFilter, page: { limit: number; offset: number }, rankLimit: number): Promise<SearchPage> {
  const matched = candidates(db, filter, rankLimit);
  const counted = (found: number): SearchPage => ({ ids: [], total: Math.min(found, rankLimit), capped: found > rankLimit });
  const countAlone = async () => counted(Number((await sql<{ found: number | string }>`${matched}select count(*) as found from c`.execute(db)).rows[0]?.found ?? 0));
  // The extra candidate only tells that more match: the page is cut from the newest rankLimit.
  const window = Math.max(0, Math.min(page.limit, rankLimit - page.offset));
  if (window === 0) return countAlone();
  const { rows } = await sql<{ id: number; found: number | string }>`${matched}select r.id as id, (select count(*) from c) as found
    from (select id, rank, published from c order by id desc limit ${rankLimit}) r
    order by r.rank, r.published desc, r.id desc limit ${window} offset ${page.offset}`.execute(db);
  if (rows.length > 0) return { ...counted(Number(rows[0]!.found)), ids: rows.map((row) => Number(row.id)) };
  return page.offset === 0 ? counted(0) : countAlone();
}

/** Which of these folded words the vocabulary holds (search_words, decision 041). */
export async function knownWords(db: Db, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  return new Set((await db.selectFrom('search_words').select('word').where('word', 'in', [...words]).execute()).map((row) => row.word));
}

/**
 * At most `limit` words of the vocabulary beginning with `first` (one character) whose length is within
 * [minLength, maxLength]: the candidates of a misspelt word, read from the primary key's range.
 */
export async function vocabularyRange(db: Db, first: string, minLength: number, maxLength: number, limit: number): Promise<string[]> {
  const after = String.fromCodePoint(first.codePointAt(0)! + 1);
  const rows = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', '>=', first)
    .where('word', '<', after)
    .where(sql<number>`length(word)`, '>=', minLength)
    .where(sql<number>`length(word)`, '<=', maxLength)
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}
