/**
 * The site search's tolerance (decision 041).
 *
 * - `search_words(word)`: the vocabulary of the index, every folded word a build's indexed text holds (title,
 *   description, article, parts, offered alternatives), only ever added to. A misspelt word of a search that
 *   finds nothing is corrected against it.
 * - `search_synonyms`: the author's synonym groups, one row each, `phrases` the group as typed in the admin
 *   ("nvidia, geforce"). A site that already has builds gets the first groups here; a new database stays
 *   empty (a backup may be restored into it), and the demo content brings them (db/seed-data.ts).
 * - The index is rebuilt: its analysis now splits letters from digits ("RTX5070" is "RTX 5070"), leaves
 *   negated phrases out ("senza scheda video") and holds the curated alternatives the builds offer; the
 *   rebuild also fills the vocabulary.
 *
 * As migration 0021, this one calls the index's rebuild (db/build-search-index.ts): the index is derived data.
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';
import { rebuildSearchIndex } from '../build-search-index';

type Dialect = 'sqlite' | 'postgres';

/** A copy of db/seed-data.ts demoSynonymGroups as of this migration. */
const FIRST_GROUPS = ['nvidia, geforce', 'IA, AI, intelligenza artificiale', 'scheda video, gpu, scheda grafica', 'ssd, nvme', 'processore, cpu', 'alimentatore, psu'];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('search_words')
    .addColumn('word', 'varchar(40)', (col) => col.primaryKey())
    .execute();
  const table = db.schema.createTable('search_synonyms');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('phrases', 'varchar(400)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  if ((await db.selectFrom('builds').select('id').limit(1).executeTakeFirst()) !== undefined) {
    const now = new Date().toISOString();
    await db
      .insertInto('search_synonyms')
      .values(FIRST_GROUPS.map((phrases) => ({ phrases, created_at: now, updated_at: now })))
      .execute();
  }
  await rebuildSearchIndex(db);
}
