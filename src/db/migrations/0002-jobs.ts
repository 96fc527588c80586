/**
 * Scheduled work: `job_leases` lets several app instances agree on who runs a job; `job_runs` records
 * every run (start, end, counts, error). Frozen: add a new migration for changes.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('expires_at', TS, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('job_runs'), dialect)
    .addColumn('job', 'varchar(100)', (col) => col.notNull())
    .addColumn('trigger', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('started_at', TS, (col) => col.notNull())
    .addColumn('finished_at', TS)
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unavailable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('requests', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('job_runs_job_started_at_idx').on('job_runs').columns(['job', 'started_at']).execute();
}
