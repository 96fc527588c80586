/**
 * Kysely's SQLite dialect, with transactions that take the write lock first.
 *
 * Kysely starts SQLite transactions with a plain (deferred) BEGIN: the write lock is taken at the
 * first write. With several processes on one file that fails in a way busy_timeout cannot help:
 * a transaction that has read under an older snapshot and then tries to write gets SQLITE_BUSY at
 * once (SQLite cannot wait, the snapshot is already stale). BEGIN IMMEDIATE takes the lock before the
 * first read, so concurrent writers queue on busy_timeout instead of failing. Every transaction of
 * ours writes (reads run outside transactions), so nothing is lost by taking the lock early.
 */
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.#config);
  }
}
