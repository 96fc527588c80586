/**
 * Budget drift: when the scheduled price refresh first found a published build's total more
 * than BUDGET_DRIFT_PERCENT away from its declared budget. One row per drifting build; the row goes when
 * the build is back within the band (or deleted). Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('build_drift')
    .addColumn('build_id', 'integer', (col) => col.primaryKey().references('builds.id').onDelete('cascade'))
    .addColumn('drifted_at', 'varchar(40)', (col) => col.notNull())
    .execute();
}
