/**
 * The site search's index of builds (migration 0021, decision 033), one row per build whatever its
 * status (the query applies isPublicBuild at its own time, so a scheduled build matches at its
 * publish_at without a write). Three weighted parts: the title, the description, and a body of the
 * article's text and the components' names.
 *
 * - SQLite: the FTS5 table `build_search` (rowid = build id) holds the three parts already analysed by
 *   common/italian-search-text.ts (folded, stop words out, stemmed); the query analyses its text the
 *   same way. A trigger on builds drops the row of a deleted build.
 * - PostgreSQL: `build_search(build_id, document)`, the document made by PostgreSQL itself with the
 *   configuration `build_search_it` (unaccent, then Italian Snowball), weights A, B and C; a deleted build's
 *   row goes with it (cascade).
 *
 * Every write of a build's text calls reindexBuild in its own transaction (builds/revisions.service
 * recordRevision is the one point every build writer passes through); a change of the curated alternatives
 * calls reindexBuildsOffering for the builds that offer them (decision 041); bulk writers (the seed, a backup's
 * restore, the bench's generated catalogue) call rebuildSearchIndex.
 *
 * The body also holds the names of the curated alternatives the build offers (its parts' own alternatives
 * and the members of the categories of their types, as the build page offers them), and every word indexed is
 * kept in `search_words` (migration 0025), the vocabulary a misspelt search is corrected against.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { acronymsText, indexedText, vocabularyOf, wordsText } from '../common/italian-search-text';
import { isValidAsin, normalizeAsin } from '../common/asin';

/** The PostgreSQL text search configuration of the index (migration 0021). */
export const SEARCH_CONFIG = 'build_search_it';
/** Builds read and written per round of a rebuild: bounded memory at any catalogue size. */
const REBUILD_BATCH = 200;

/** Which engine a Kysely instance talks to (the index differs by database). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** What the index reads of a build. */
export interface SearchableBuild {
  id: number;
  title: string;
  description: string;
  content: string;
  /** The names (with brand and model) of its components. */
  parts: string[];
  /** The names of the curated alternatives its components offer. */
  offers: string[];
}

/**
 * The article as words to index: the markdown's link and image targets and bare addresses are not
 * words a reader would search for (an Amazon URL would make every build match "amazon" and "dp").
 */
export function articleText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/<?https?:\/\/[^\s>)]+>?/g, ' ');
}

function bodyOf(build: SearchableBuild): string {
  return `${articleText(build.content)}\n${build.parts.join('\n')}\n${build.offers.join('\n')}`;
}

/**
 * Index writes of builds and of alternatives meet here, on PostgreSQL, one at a time: a transaction-scoped
 * lock, taken by a reindex before it reads the alternatives, and by an alternatives' write before it changes
 * them. Without it, a build saved with a new part while an alternative of that part is added on another
 * instance could be indexed by both without the other's change. SQLite's writers are already one at a time.
 */
const INDEX_LOCK = 410_041;
export async function lockSearchIndex(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${INDEX_LOCK})`.execute(db);
}

async function readBuilds(db: Kysely<any>, ids: readonly number[]): Promise<SearchableBuild[]> {
  if (ids.length === 0) return [];
  const builds: { id: number; title: string; description: string; content: string }[] = await db
    .selectFrom('builds')
    .select(['id', 'title', 'description', 'content'])
    .where('id', 'in', ids)
    .execute();
  const parts: { build_id: number; name: string; brand: string | null; model: string | null; asin: string | null; type: string }[] = await db
    .selectFrom('components')
    .select(['build_id', 'name', 'brand', 'model', 'asin', 'type'])
    .where('build_id', 'in', ids)
    .orderBy('build_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const partsOf = new Map<number, string[]>();
  for (const part of parts) {
    const names = partsOf.get(part.build_id) ?? [];
    names.push([part.brand, part.model, part.name].filter(Boolean).join(' '));
    partsOf.set(part.build_id, names);
  }
  const offersOf = await offeredNames(db, parts);
  return builds.map((build) => ({ ...build, parts: partsOf.get(build.id) ?? [], offers: [...(offersOf.get(build.id) ?? [])] }));
}

/** A component's product as its offers are matched (modules/alternatives/group-offers.ts: valid ASIN, upper case). */
function productOf(asin: string | null): string | null {
  const normal = normalizeAsin(asin ?? '');
  return isValidAsin(normal) ? normal : null;
}

/** A component's type as categories are matched to it: trimmed, lower case, blank is none. */
function typeOf(type: string): string | null {
  const normal = type.trim().toLowerCase();
  return normal === '' ? null : normal;
}

/**
 * The names of the curated alternatives the builds' components offer, by build: the alternatives of each
 * part's product and the members of the categories of each part's type (what listOffersFor offers, before
 * the public page's price rule, which changes with time and not with the text). Two queries for any number
 * of builds.
 */
async function offeredNames(db: Kysely<any>, parts: readonly { build_id: number; asin: string | null; type: string }[]): Promise<Map<number, Set<string>>> {
  const asins = [...new Set(parts.flatMap((part) => productOf(part.asin) ?? []))];
  const types = [...new Set(parts.flatMap((part) => typeOf(part.type) ?? []))];
  const byProduct = new Map<string, string[]>();
  const byType = new Map<string, string[]>();
  if (asins.length > 0) {
    const rows: { original_asin: string; alternative_name: string }[] = await db
      .selectFrom('alternatives')
      .select(['original_asin', 'alternative_name'])
      .where('original_asin', 'in', asins)
      .execute();
    for (const row of rows) byProduct.set(row.original_asin, [...(byProduct.get(row.original_asin) ?? []), row.alternative_name]);
  }
  if (types.length > 0) {
    const memberType = sql<string>`lower(${sql.ref('alternative_categories.component_type')})`;
    const rows: { member_type: string; alternative_name: string }[] = await db
      .selectFrom('alternatives')
      .innerJoin('alternative_categories', 'alternative_categories.id', 'alternatives.category_id')
      .select(['alternatives.alternative_name as alternative_name', memberType.as('member_type')])
      .where(memberType, 'in', types)
      .execute();
    for (const row of rows) byType.set(row.member_type, [...(byType.get(row.member_type) ?? []), row.alternative_name]);
  }
  const names = new Map<number, Set<string>>();
  for (const part of parts) {
    const product = productOf(part.asin);
    const type = typeOf(part.type);
    const offered = [...(product ? (byProduct.get(product) ?? []) : []), ...(type ? (byType.get(type) ?? []) : [])];
    if (offered.length === 0) continue;
    const set = names.get(part.build_id) ?? new Set<string>();
    for (const name of offered) set.add(name);
    names.set(part.build_id, set);
  }
  return names;
}

/**
 * A text as a tsvector of the search configuration, plus its capitalised acronyms that are stop words ("AI")
 * through 'simple', which keeps them (the configuration would drop them; decision 041).
 */
function textVector(config: RawBuilder<unknown>, text: string): RawBuilder<unknown> {
  const acronyms = acronymsText(text);
  const words = sql`to_tsvector(${config}::regconfig, ${wordsText(text)})`;
  return acronyms === '' ? words : sql`(${words} || to_tsvector('simple'::regconfig, ${acronyms}))`;
}

/** Title (weight A) and description (B) as a tsvector of the search configuration. */
function headVector(config: RawBuilder<unknown>, build: SearchableBuild): RawBuilder<unknown> {
  return sql`setweight(${textVector(config, build.title)}, 'A') || setweight(${textVector(config, build.description)}, 'B')`;
}

/** Words per statement of the vocabulary's insert (well under both databases' limits on parameters). */
const VOCABULARY_BATCH = 500;

/**
 * Adds the builds' words to the vocabulary (search_words). Only ever added: a word no build holds any more
 * stays, and costs nothing but a row, because a correction is only offered when its search finds public
 * builds (search.service.ts). Sorted, so two transactions adding the same new words take their row locks
 * in one order.
 */
async function addToVocabulary(db: Kysely<any>, builds: readonly SearchableBuild[]): Promise<void> {
  const words = new Set<string>();
  for (const build of builds) for (const text of [build.title, build.description, bodyOf(build)]) for (const word of vocabularyOf(text)) words.add(word);
  const sorted = [...words].filter((word) => word.length <= VOCABULARY_WORD_MAX).sort();
  for (let from = 0; from < sorted.length; from += VOCABULARY_BATCH) {
    await db
      .insertInto('search_words')
      .values(sorted.slice(from, from + VOCABULARY_BATCH).map((word) => ({ word })))
      .onConflict((conflict) => conflict.column('word').doNothing())
      .execute();
  }
}

/** Longer words are never corrections (nobody misspells a 40-letter token into another): not kept. */
export const VOCABULARY_WORD_MAX = 40;

interface WriteOptions {
  /**
   * Also add the words to the vocabulary (search_words, migration 0025). Off only for a database not yet
   * migrated that far (tests of earlier migrations rebuild the index as it was).
   */
  vocabulary?: boolean;
}

async function writeEntries(db: Kysely<any>, builds: readonly SearchableBuild[], options: WriteOptions = {}): Promise<void> {
  if (builds.length === 0) return;
  if (options.vocabulary !== false) await addToVocabulary(db, builds);
  const ids = builds.map((build) => build.id);
  if (isPostgres(db)) {
    await db.deleteFrom('build_search').where('build_id', 'in', ids).execute();
    const config = sql.lit(SEARCH_CONFIG);
    await db
      .insertInto('build_search')
      .values(
        builds.map((build) => ({
          build_id: build.id,
          // Lexemes only (strip: no positions, no weights): the document is only matched, never ranked, and
          // without positions it is a fraction of the size, so a match reads little (decision 033).
          document: sql`strip(${headVector(config, build)} || ${textVector(config, bodyOf(build))})`,
          head: headVector(config, build),
        })),
      )
      .execute();
    return;
  }
  await db.deleteFrom('build_search').where('rowid', 'in', ids).execute();
  await db
    .insertInto('build_search')
    .values(
      builds.map((build) => ({
        rowid: build.id,
        title: indexedText(build.title),
        description: indexedText(build.description),
        body: indexedText(bodyOf(build)),
      })),
    )
    .execute();
}

/**
 * Makes the index entry of one build match its stored text, in the caller's transaction (after the
 * write, before the commit); a build that no longer exists loses its entry.
 */
export async function reindexBuild(db: Kysely<any>, buildId: number): Promise<void> {
  await lockSearchIndex(db);
  const [build] = await readBuilds(db, [buildId]);
  if (!build) {
    await (isPostgres(db) ? db.deleteFrom('build_search').where('build_id', '=', buildId) : db.deleteFrom('build_search').where('rowid', '=', buildId)).execute();
    return;
  }
  await writeEntries(db, [build]);
}

/** What a change of curated alternatives touches: a product's own alternatives, or a category's type. */
export interface OfferScope {
  /** Original products (ASINs) whose alternatives changed. */
  products?: readonly string[];
  /** Component types (any case) whose categories' members changed. */
  types?: readonly string[];
}

/**
 * Reindexes, in the caller's transaction, every build with a component of these products or types: the
 * builds that offer the alternatives that changed. Call lockSearchIndex before changing the alternatives.
 * Returns how many builds were reindexed.
 */
export async function reindexBuildsOffering(db: Kysely<any>, scope: OfferScope): Promise<number> {
  const products = [...new Set((scope.products ?? []).flatMap((asin) => productOf(asin) ?? []))];
  const types = [...new Set((scope.types ?? []).flatMap((type) => typeOf(type) ?? []))];
  if (products.length === 0 && types.length === 0) return 0;
  const conditions = [
    ...(products.length > 0 ? [sql`upper(trim(asin)) in (${sql.join(products)})`] : []),
    ...(types.length > 0 ? [sql`lower(trim(type)) in (${sql.join(types)})`] : []),
  ];
  const { rows } = await sql<{ build_id: number }>`select distinct build_id from components where ${sql.join(conditions, sql` or `)} order by build_id`.execute(db);
  const ids = rows.map((row) => Number(row.build_id));
  for (let from = 0; from < ids.length; from += REBUILD_BATCH) await writeEntries(db, await readBuilds(db, ids.slice(from, from + REBUILD_BATCH)));
  return ids.length;
}

/** Rebuilds the whole index (and fills the vocabulary) from the stored builds, in the caller's transaction. */
export async function rebuildSearchIndex(db: Kysely<any>, options: WriteOptions = {}): Promise<void> {
  await lockSearchIndex(db);
  await db.deleteFrom('build_search').execute();
  // The words of text that is gone go with it: the rebuild adds back what the builds hold now.
  if (options.vocabulary !== false) await db.deleteFrom('search_words').execute();
  let after = 0;
  for (;;) {
    const ids = (await db.selectFrom('builds').select('id').where('id', '>', after).orderBy('id').limit(REBUILD_BATCH).execute()).map((row: { id: number }) => row.id);
    if (ids.length === 0) break;
    await writeEntries(db, await readBuilds(db, ids), options);
    after = ids[ids.length - 1]!;
  }
  // Fresh statistics for the planner: without them it scans (and detoasts) every document instead of using
  // the GIN index. Allowed inside a transaction, unlike VACUUM.
  if (isPostgres(db)) await sql`ANALYZE build_search`.execute(db);
}
