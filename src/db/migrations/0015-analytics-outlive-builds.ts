/**
 * The click analytics outlive what they count (decision 027): deleting a build keeps its views and clicks
 * (attributed to a row of `deleted_builds` that keeps its title), and a component's clicks belong to its
 * product (the ASIN, else the link) within the build, so removing a component and bringing it back (a
 * revision restore) finds its clicks again.
 *
 * - `deleted_builds`: one row per deleted build, written in the delete's transaction.
 * - `build_daily_stats.build_id` becomes nullable, ON DELETE SET NULL; `deleted_build_id` names the deleted
 *   build the row then belongs to.
 * - `component_daily_clicks`: `component_id` and `build_id` nullable, ON DELETE SET NULL; `product` and
 *   `name` written with every click (filled here from the components for the rows already counted).
 *
 * SQLite cannot change a column's constraints, so both tables are rebuilt (new table, copy, drop, rename),
 * the same way on both databases. Frozen: add a new migration for changes.
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';
const DAY = 'varchar(10)';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** After a copy with explicit ids, PostgreSQL's new sequence must start past them (SQLite's AUTOINCREMENT follows by itself). */
async function continueIds(db: Kysely<any>, dialect: Dialect, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(db);
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('deleted_builds'), dialect)
    // The id the build had: informative only (an id may be given again after a restore).
    .addColumn('build_id', 'integer', (col) => col.notNull())
    .addColumn('slug', 'varchar(120)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('deleted_at', TS, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('build_daily_stats_next'), dialect)
    .addColumn('build_id', 'integer', (col) => col.references('builds.id').onDelete('set null'))
    .addColumn('deleted_build_id', 'integer', (col) => col.references('deleted_builds.id').onDelete('cascade'))
    .addColumn('day', DAY, (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('component_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cart_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO build_daily_stats_next (id, build_id, day, views, component_clicks, cart_clicks)
    SELECT id, build_id, day, views, component_clicks, cart_clicks FROM build_daily_stats`.execute(db);
  await db.schema.dropTable('build_daily_stats').execute();
  await db.schema.alterTable('build_daily_stats_next').renameTo('build_daily_stats').execute();
  await continueIds(db, dialect, 'build_daily_stats');
  // The upsert's conflict target and a build's window; every build's window; a deleted build's rows.
  await db.schema.createIndex('build_daily_stats_build_day_uq').on('build_daily_stats').columns(['build_id', 'day']).unique().execute();
  await db.schema.createIndex('build_daily_stats_day_idx').on('build_daily_stats').column('day').execute();
  await db.schema.createIndex('build_daily_stats_deleted_build_idx').on('build_daily_stats').column('deleted_build_id').execute();

  await withId(db.schema.createTable('component_daily_clicks_next'), dialect)
    .addColumn('component_id', 'integer', (col) => col.references('components.id').onDelete('set null'))
    .addColumn('build_id', 'integer', (col) => col.references('builds.id').onDelete('set null'))
    // The component's ASIN, else its link. Null only for rows restored from an archive made before this
    // migration, until the restore fills them in its transaction.
    .addColumn('product', 'varchar(2048)')
    .addColumn('name', 'varchar(500)')
    .addColumn('day', DAY, (col) => col.notNull())
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO component_daily_clicks_next (id, component_id, build_id, product, name, day, clicks)
    SELECT k.id, k.component_id, k.build_id, COALESCE(c.asin, c.amazon_link), c.name, k.day, k.clicks
    FROM component_daily_clicks k LEFT JOIN components c ON c.id = k.component_id`.execute(db);
  await db.schema.dropTable('component_daily_clicks').execute();
  await db.schema.alterTable('component_daily_clicks_next').renameTo('component_daily_clicks').execute();
  await continueIds(db, dialect, 'component_daily_clicks');
  await db.schema.createIndex('component_daily_clicks_component_day_uq').on('component_daily_clicks').columns(['component_id', 'day']).unique().execute();
  await db.schema.createIndex('component_daily_clicks_build_day_idx').on('component_daily_clicks').columns(['build_id', 'day']).execute();
  await db.schema.createIndex('component_daily_clicks_day_idx').on('component_daily_clicks').column('day').execute();
}
