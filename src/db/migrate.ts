/**
 * Applies pending migrations in one transaction under a database-wide lock, so running it twice, or
 * from two processes at once, is safe: the second runner waits, then finds nothing to do.
 * (Kysely's Migrator takes no lock on SQLite, hence this small runner.)
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './connection';
import { migrations } from './migrations';

/** Arbitrary constant identifying our advisory lock on PostgreSQL. */
const PG_MIGRATION_LOCK_KEY = 727_001;

export interface MigrationResult {
  readonly applied: string[];
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<MigrationResult> {
  return db.connection().execute(async (connection) => {
    // BEGIN IMMEDIATE takes SQLite's write lock up front; a second process waits (busy_timeout) instead
    // of failing halfway. PostgreSQL serialises runners with a transaction-scoped advisory lock.
    await sql.raw(dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN').execute(connection);
    try {
      if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK_KEY})`.execute(connection);
      await connection.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'varchar(200)', (col) => col.primaryKey())
        .addColumn('applied_at', 'varchar(40)', (col) => col.notNull())
        .execute();
      const done = new Set(
        (await connection.selectFrom('schema_migrations').select('name').execute()).map((row: { name: string }) => row.name),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        await migration.up(connection, dialect);
        await connection
          .insertInto('schema_migrations')
          .values({ name: migration.name, applied_at: new Date().toISOString() })
          .execute();
        applied.push(migration.name);
      }
      await sql.raw('COMMIT').execute(connection);
      return { applied };
    } catch (error) {
      await sql.raw('ROLLBACK').execute(connection);
      throw error;
    }
  });
}
