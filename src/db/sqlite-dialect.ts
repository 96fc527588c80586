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
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDatabase, type SqliteDialectConfig, SqliteDriver, type SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared: the app has a few dozen queries; the bound only guards against odd ones. */
const PREPARED_STATEMENTS = 256;

/**
 * The database as Kysely sees it, with its prepared statements kept: Kysely prepares every query it runs,
 * and preparing (parsing and planning the SQL) cost as much as running the home page's two queries. A
 * statement is reused only after its previous run has finished: Kysely runs one query at a time per
 * connection, and SQLite re-prepares a statement itself when the schema changes.
 */
export function withPreparedStatementCache(database: SqliteDatabase): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = prepared.get(sql);
      if (statement) return statement;
      statement = database.prepare(sql);
      // Least recently prepared out first: a one-off query does not stay forever.
      if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, statement);
      return statement;
    },
  };
}

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
