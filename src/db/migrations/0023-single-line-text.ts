/**
 * Single-line text in the rows stored before the write paths normalised it (common/single-line.ts,
 * decision 037): in every field where a line break means nothing (a build's title and meta fields, a
 * part's type, name, brand and model, the names of alternatives and of their groups, and the copies of
 * those in replacements, revisions and analytics), each control character (`\p{Cc}`: CR, LF, tab, the C1
 * controls) and each line or paragraph separator (U+2028, U+2029) becomes a space, runs of spaces become
 * one, and the ends are trimmed. A title holding "\r\n" made every mail naming it unsendable.
 *
 * Rows are read in batches by id and only the changed ones are written; `updated_at` stays as it is (the
 * author changed nothing). Multi-line text (the article, descriptions, specs, the revisions' snapshots,
 * which go through the normalising schema again when restored) is left alone.
 *
 * The search index (migration 0021) needs no rebuild: its analysis reads words, and every character this
 * replaces was already a separator between words, on both databases.
 *
 * Migrations never import application code: the pattern is a copy of common/single-line.ts's, and
 * `src/common/single-line.test.ts` keeps the two equal. Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** A run of spaces, controls and line or paragraph separators: one space (as common/single-line.ts). */
export const LINE_BREAKING_RUN_0023 = /[ \p{Cc}\u2028\u2029]+/gu;

function singleLine(text: string): string {
  return text.replace(LINE_BREAKING_RUN_0023, ' ').trim();
}

/** The single-line columns of each table (all tables have an integer `id`). */
const SINGLE_LINE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  builds: ['title', 'meta_title', 'meta_description'],
  components: ['type', 'name', 'brand', 'model'],
  alternative_categories: ['name'],
  alternatives: ['alternative_name'],
  replacements: ['original_type', 'original_name', 'original_brand', 'original_model'],
  build_revisions: ['title'],
  deleted_builds: ['title'],
  build_daily_choices: ['name'],
  component_daily_clicks: ['name'],
};

/** Nullable columns: a value that normalises to nothing becomes null, as the write paths store it. */
const NULLABLE = new Set(['meta_title', 'meta_description', 'brand', 'model', 'original_brand', 'original_model', 'component_daily_clicks.name']);

const BATCH = 500;

type Row = Record<string, unknown> & { id: number };

function normalisedChanges(table: string, columns: readonly string[], row: Row): Record<string, string | null> | null {
  const changes: Record<string, string | null> = {};
  for (const column of columns) {
    const value = row[column];
    if (typeof value !== 'string') continue;
    const line = singleLine(value);
    const stored = line === '' && (NULLABLE.has(column) || NULLABLE.has(`${table}.${column}`)) ? null : line;
    if (stored !== value) changes[column] = stored;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

async function normaliseTable(db: Kysely<any>, table: string, columns: readonly string[]): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', ...columns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Row[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const changes = normalisedChanges(table, columns, row);
      if (changes) await db.updateTable(table).set(changes).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const [table, columns] of Object.entries(SINGLE_LINE_COLUMNS)) await normaliseTable(db, table, columns);
}
