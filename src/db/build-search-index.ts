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
 * recordRevision is the one point every build writer passes through); bulk writers (the seed, a backup's
 * restore, the bench's generated catalogue) call rebuildSearchIndex.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { indexedText } from '../common/italian-search-text';

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
}

/**
 * The article as words to index: the markdown's link and image targets and bare addresses are not
 * words a reader would search for (an Amazon URL would make every build match "amazon" and "dp").
 */
export function articleText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, ']').replace(/<?https?:\/\/[^\s>)]+>?/g, ' ');
}

function bodyOf(build: SearchableBuild): string {
  return `${articleText(build.content)}\n${build.parts.join('\n')}`;
}

/** PostgreSQL ends a text at U+0000 and refuses it: what the index reads has none. */
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', ' ');
}

async function readBuilds(db: Kysely<any>, ids: readonly number[]): Promise<SearchableBuild[]> {
  if (ids.length === 0) return [];
  const builds: { id: number; title: string; description: string; content: string }[] = await db
    .selectFrom('builds')
    .select(['id', 'title', 'description', 'content'])
    .where('id', 'in', ids)
    .execute();
  const parts: { build_id: number; name: string; brand: string | null; model: string | null }[] = await db
    .selectFrom('components')
    .select(['build_id', 'name', 'brand', 'model'])
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
  return builds.map((build) => ({ ...build, parts: partsOf.get(build.id) ?? [] }));
}

/** Title (weight A) and description (B) as a tsvector of the search configuration. */
function headVector(config: RawBuilder<unknown>, build: SearchableBuild): RawBuilder<unknown> {
  return sql`setweight(to_tsvector(${config}::regconfig, ${withoutNul(build.title)}), 'A') || setweight(to_tsvector(${config}::regconfig, ${withoutNul(build.description)}), 'B')`;
}

async function writeEntries(db: Kysely<any>, builds: readonly SearchableBuild[]): Promise<void> {
  if (builds.length === 0) return;
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
          document: sql`strip(${headVector(config, build)} || to_tsvector(${config}::regconfig, ${withoutNul(bodyOf(build))}))`,
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
  const [build] = await readBuilds(db, [buildId]);
  if (!build) {
    await (isPostgres(db) ? db.deleteFrom('build_search').where('build_id', '=', buildId) : db.deleteFrom('build_search').where('rowid', '=', buildId)).execute();
    return;
  }
  await writeEntries(db, [build]);
}

/** Rebuilds the whole index from the stored builds, in the caller's transaction. */
export async function rebuildSearchIndex(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('build_search').execute();
  let after = 0;
  for (;;) {
    const ids = (await db.selectFrom('builds').select('id').where('id', '>', after).orderBy('id').limit(REBUILD_BATCH).execute()).map((row: { id: number }) => row.id);
    if (ids.length === 0) break;
    await writeEntries(db, await readBuilds(db, ids));
    after = ids[ids.length - 1]!;
  }
  // Fresh statistics for the planner: without them it scans (and detoasts) every document instead of using
  // the GIN index. Allowed inside a transaction, unlike VACUUM.
  if (isPostgres(db)) await sql`ANALYZE build_search`.execute(db);
}
