/** The rows of search_synonyms (decision 041): the author's synonym groups, one comma-separated line each. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, SearchSynonymsTable } from '../../db/tables';

export type SynonymRow = Selectable<SearchSynonymsTable>;

export function listSynonymRows(db: Kysely<Database>): Promise<SynonymRow[]> {
  return db.selectFrom('search_synonyms').selectAll().orderBy('id').execute();
}

export function insertSynonymRow(db: Kysely<Database>, phrases: string, timestamp: string): Promise<SynonymRow> {
  return db.insertInto('search_synonyms').values({ phrases, created_at: timestamp, updated_at: timestamp }).returningAll().executeTakeFirstOrThrow();
}

/** The updated row, or undefined when there is no group `id`. */
export function updateSynonymRow(db: Kysely<Database>, id: number, phrases: string, timestamp: string): Promise<SynonymRow | undefined> {
  return db.updateTable('search_synonyms').set({ phrases, updated_at: timestamp }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Whether group `id` existed (and is now gone). */
export async function deleteSynonymRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('search_synonyms').where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
