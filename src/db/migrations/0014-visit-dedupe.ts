/**
 * The visits counted in the last 30 minutes, so a reader counts once per build and half hour on every
 * process and instance (decision 025): one row per build and visitor, a keyed hash of (build, address
 * key) under the day's random key of the click analytics, never the address. Rows are claimed with
 * INSERT … ON CONFLICT, which only one process or instance can win, and deleted once expired. Frozen: add
 * a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('visit_dedupe')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  // The purge (expires_at <= now).
  await db.schema.createIndex('visit_dedupe_expires_at_idx').on('visit_dedupe').column('expires_at').execute();
}
