/**
 * Lists of public builds whose cost does not grow with the catalogue (decision 034).
 *
 * A page of published builds is read as "status = 'published' [and category = ?] newest first": these
 * two indexes answer it in order, so a page reads its own entries (plus the offset's) instead of sorting
 * every public build, and they hold the columns the filters read (category, budget), so neither the page
 * nor the count behind the pagination touches the build rows, whose articles make them large.
 * - builds_published_order_idx (status, published_at, id, category, budget_cents): the unfiltered and the
 *   budget-filtered lists and counts. It starts like builds_status_published_at_idx (0001), which it
 *   replaces.
 * - builds_published_category_order_idx (status, category, published_at, id, budget_cents): a category.
 * Scheduled builds keep builds_status_publish_at_idx (0010): the due ones are a handful.
 *
 * Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('builds_published_order_idx').on('builds').columns(['status', 'published_at', 'id', 'category', 'budget_cents']).execute();
  await db.schema
    .createIndex('builds_published_category_order_idx')
    .on('builds')
    .columns(['status', 'category', 'published_at', 'id', 'budget_cents'])
    .execute();
  await db.schema.dropIndex('builds_status_published_at_idx').execute();
}
