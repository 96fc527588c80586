/**
 * What visitors choose when they personalise a build (decision 030), counts only:
 *
 * - `build_daily_stats.personalized_views`: visits of the build's page with at least one valid swap or
 *   owned part, per Europe/Rome day (a visitor once per 30 minutes, as visits: decision 025).
 * - `build_daily_choices`: per build, day, component and choice, how many visitors chose it: kind 'swap'
 *   (the alternative's ASIN in `product`) or 'owned' (the component's product). `build_id` and
 *   `component_id` become null when they are deleted and `deleted_build_id` names the deleted build, as in
 *   build_daily_stats (decision 027). The unique key is the upsert's conflict target.
 * - `component_daily_clicks`: a click on a swapped part counts under the alternative's ASIN, a row of its
 *   own beside the original product's: the unique key becomes (component, product, day).
 *
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('build_daily_stats')
    .addColumn('personalized_views', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  const table = db.schema.createTable('build_daily_choices');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('build_id', 'integer', (col) => col.references('builds.id').onDelete('set null'))
    .addColumn('deleted_build_id', 'integer', (col) => col.references('deleted_builds.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    // 'swap' or 'owned'
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('component_id', 'integer', (col) => col.references('components.id').onDelete('set null'))
    // The alternative's ASIN (swap), or the component's ASIN, else its link, else '' (owned).
    .addColumn('product', 'varchar(2048)', (col) => col.notNull())
    .addColumn('name', 'varchar(500)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('build_daily_choices_uq')
    .on('build_daily_choices')
    .columns(['build_id', 'day', 'kind', 'component_id', 'product'])
    .unique()
    .execute();
  await db.schema.createIndex('build_daily_choices_day_idx').on('build_daily_choices').column('day').execute();
  await db.schema.createIndex('build_daily_choices_deleted_build_idx').on('build_daily_choices').column('deleted_build_id').execute();

  await db.schema.dropIndex('component_daily_clicks_component_day_uq').execute();
  await db.schema
    .createIndex('component_daily_clicks_component_product_day_uq')
    .on('component_daily_clicks')
    .columns(['component_id', 'product', 'day'])
    .unique()
    .execute();
}
