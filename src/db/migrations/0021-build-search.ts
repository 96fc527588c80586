/**
 * The site search's index of builds (decision 033), filled from the builds already stored.
 *
 * - SQLite: the FTS5 table `build_search(title, description, body)`, rowid = the build's id, holding the
 *   text analysed in JavaScript (common/italian-search-text.ts: folded, stop words out, Italian Snowball
 *   stems); its tokenizer only splits on the spaces between those terms. A trigger drops the row of a
 *   deleted build (a virtual table has no foreign keys).
 * - PostgreSQL: the `unaccent` extension (trusted: the database's owner may create it), the text search
 *   configuration `build_search_it` = `italian` whose word mappings go through `unaccent` first, and
 *   `build_search(build_id, document tsvector)` with a GIN index; the row goes with its build (cascade).
 *
 * The index is derived data, filled by the rebuild in db/build-search-index.ts. It was called here until
 * migration 0025, which calls it again: the rebuild now also writes 0025's vocabulary, which does not exist
 * yet at this point, so the index made here is empty and 0025 fills it (decision 041). Frozen: add a new
 * migration for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    await sql`CREATE TEXT SEARCH CONFIGURATION build_search_it (COPY = italian)`.execute(db);
    // PostgreSQL's own example for French (textsearch-dictionaries, "unaccent"): accents off, then the stemmer.
    await sql`ALTER TEXT SEARCH CONFIGURATION build_search_it ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem`.execute(db);
    await db.schema
      .createTable('build_search')
      .addColumn('build_id', 'integer', (col) => col.primaryKey().references('builds.id').onDelete('cascade'))
      .addColumn('document', sql`tsvector`, (col) => col.notNull())
      // Title (A) and description (B) only: what the ranking reads. Small enough to stay in the row, so
      // ranking a match never detoasts its whole document (the article), decision 033.
      .addColumn('head', sql`tsvector`, (col) => col.notNull())
      .execute();
    // fastupdate off: one build is indexed at a time, and a pending list would make every search scan it
    // until the next vacuum (measured: 2.8 ms instead of 0.1 ms for one term after a bulk rebuild).
    await sql`CREATE INDEX build_search_document_idx ON build_search USING GIN (document) WITH (fastupdate = off)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE build_search USING fts5(title, description, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
    await sql`CREATE TRIGGER build_search_forget_deleted AFTER DELETE ON builds BEGIN DELETE FROM build_search WHERE rowid = old.id; END`.execute(db);
  }
  // The public rule and the filters of a search, read for each match by its id from this index alone, not from
  // the builds' rows (whose article makes them large: on SQLite the columns after it sit in overflow pages).
  await db.schema
    .createIndex('builds_search_lookup_idx')
    .on('builds')
    .columns(['id', 'status', 'publish_at', 'published_at', 'category', 'budget_cents'])
    .execute();
}
