/**
 * Click analytics without cookies or personal data (decision 020): per build and Europe/Rome day the counted
 * views and affiliate clicks, per component and day its clicks, and the short-lived state that makes a
 * repeated click count once (a keyed hash of address and link, never the address, and the day's key).
 * Counts are upserted (INSERT … ON CONFLICT … DO UPDATE), so parallel processes and instances add up
 * exactly. Frozen: add a new migration for changes.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';
/** 'YYYY-MM-DD', a day in Europe/Rome. */
const DAY = 'varchar(10)';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // An id besides the natural key: the backup pages through tables by id (backup.repository.ts).
  await withId(db.schema.createTable('build_daily_stats'), dialect)
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('day', DAY, (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('component_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cart_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The upsert's conflict target, and a build's window (build_id = ? AND day >= ?).
  await db.schema.createIndex('build_daily_stats_build_day_uq').on('build_daily_stats').columns(['build_id', 'day']).unique().execute();
  // Every build's window (day >= ?).
  await db.schema.createIndex('build_daily_stats_day_idx').on('build_daily_stats').column('day').execute();

  await withId(db.schema.createTable('component_daily_clicks'), dialect)
    .addColumn('component_id', 'integer', (col) => col.notNull().references('components.id').onDelete('cascade'))
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('day', DAY, (col) => col.notNull())
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('component_daily_clicks_component_day_uq').on('component_daily_clicks').columns(['component_id', 'day']).unique().execute();
  await db.schema.createIndex('component_daily_clicks_build_day_idx').on('component_daily_clicks').columns(['build_id', 'day']).execute();
  await db.schema.createIndex('component_daily_clicks_day_idx').on('component_daily_clicks').column('day').execute();

  // One row per address and link clicked in the last minute: HMAC-SHA256 under the day's key, base64url.
  await db.schema
    .createTable('click_dedupe')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('seen_at', TS, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('click_dedupe_seen_at_idx').on('click_dedupe').column('seen_at').execute();

  // The day's random HMAC key, shared by every process and instance; deleted once its day is over.
  await db.schema
    .createTable('click_dedupe_keys')
    .addColumn('day', DAY, (col) => col.primaryKey())
    .addColumn('secret', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', TS, (col) => col.notNull())
    .execute();
}
