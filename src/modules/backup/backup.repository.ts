/**
 * Queries of the backup and the restore. Table and column names come only from the explicit list in
 * backup.schema.ts, never from the archive, so they are safe to pass as identifiers.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/tables';
import type { BackupRow, BackupTableName } from './backup.schema';

type Db = Kysely<Database>;
/** The tables are named at run time from the explicit list; Kysely's table typing cannot follow. */
type AnyDb = Kysely<any>;

/**
 * Runs `read` inside one read-only snapshot of the whole database, on one connection.
 *
 * PostgreSQL: REPEATABLE READ READ ONLY, so every query sees the database as of the first one.
 * SQLite: a plain (deferred) BEGIN, which in WAL mode holds one read snapshot from the first read to
 * the end without blocking writers. It is issued by hand because the application's own transactions
 * take the write lock first (BEGIN IMMEDIATE), which would stop every save for the whole backup.
 *
 * On SQLite the connection is the only one of its handle: nothing else may use that handle until
 * `read` returns (open a second handle for anything that runs meanwhile).
 */
export async function withReadSnapshot<T>(db: Db, dialect: Dialect, read: (snapshot: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(dialect === 'postgres' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN').execute(connection);
    try {
      const result = await read(connection);
      await sql.raw('COMMIT').execute(connection);
      return result;
    } catch (error) {
      await sql.raw('ROLLBACK').execute(connection);
      throw error;
    }
  });
}

/** Whether the migration runner has ever run here (a database of this application, not an empty one). */
export async function hasMigrationTable(db: Db): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((table) => table.name === 'schema_migrations');
}

/** Names of the migrations applied to this database, in the order they were applied. */
export async function listAppliedMigrations(db: Db): Promise<string[]> {
  const rows = await (db as AnyDb).selectFrom('schema_migrations').select('name').orderBy('name').execute();
  return rows.map((row: { name: string }) => row.name);
}

/** One page of a table in id order (keyset pagination: memory stays bounded on any table size). */
export async function readRowsAfter(db: Db, table: BackupTableName, columns: string[], afterId: number, limit: number): Promise<BackupRow[]> {
  return (db as AnyDb).selectFrom(table).select(columns).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function countRows(db: Db, tables: readonly BackupTableName[]): Promise<Map<BackupTableName, number>> {
  const counts = new Map<BackupTableName, number>();
  for (const table of tables) {
    const row: { n: number | string | bigint } = await (db as AnyDb)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts.set(table, Number(row.n)); // pg returns count(*) as a string
  }
  return counts;
}

/** Deletes every row of the tables, in the given order (children first). */
export async function deleteAllRows(trx: Db, tables: readonly BackupTableName[]): Promise<void> {
  for (const table of tables) await (trx as AnyDb).deleteFrom(table).execute();
}

/** Inserts rows with their ids as given. */
export async function insertRows(trx: Db, table: BackupTableName, rows: BackupRow[]): Promise<void> {
  if (rows.length > 0) await (trx as AnyDb).insertInto(table).values(rows).execute();
}

/**
 * After inserts with explicit ids, PostgreSQL's id sequences still stand where they were: point each one
 * past the largest id so the next insert gets a fresh id. (SQLite's AUTOINCREMENT follows explicit ids
 * by itself.)
 */
export async function resetIdSequences(trx: Db, dialect: Dialect, tables: readonly BackupTableName[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}

/** A run recorded as still running cannot be running in a freshly restored database. */
export async function closeInterruptedRuns(trx: Db, finishedAt: string, error: string): Promise<number> {
  const result = await trx
    .updateTable('job_runs')
    .set({ status: 'failed', finished_at: finishedAt, error })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
