/** Opens the database named by the configuration: SQLite (embedded default) or PostgreSQL. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_POSTGRES_POOL, type DatabaseTarget, type PostgresPoolSettings } from '../config/env';
import type { Database } from './tables';
import { ImmediateTransactionSqliteDialect, withPreparedStatementCache } from './sqlite-dialect';

export type Dialect = DatabaseTarget['dialect'];

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** PostgreSQL pool, for LISTEN/NOTIFY and health checks; null on SQLite. */
  readonly pool: pg.Pool | null;
  destroy(): Promise<void>;
}

/** How PostgreSQL sessions of this app are named in pg_stat_activity (the LISTEN one adds ' listen'). */
export const POSTGRES_APPLICATION_NAME = 'build-pc';
/**
 * A new connection, or a free one from a full pool, within 5 s: a healthy server answers in
 * milliseconds, even across regions with TLS. Past that it is down or unreachable, and the request is
 * better answered 503 at once than queued behind every other waiting one.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** Connections unused for 30 s are closed: a quiet site holds few, a busy one keeps reusing them. */
const IDLE_TIMEOUT_MS = 30_000;
/**
 * The server cancels a statement over the statement timeout and the connection stays usable. When the
 * server or the network is gone instead, no answer comes at all: the client gives up this much later
 * and drops the connection (see ResilientClient).
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;
/** TCP keep-alive probes start after 10 s of silence, so a dead peer is noticed on idle connections too. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * Two gaps of pg's client around lost connections, closed for every connection of the pool:
 * - A connection that dies while checked out (a terminated backend, a network cut mid-query) emits
 *   'error' with nobody listening, which would crash the process; the query itself already fails
 *   with that error, and the pool drops the dead connection on release.
 * - A query with no answer within query_timeout is failed, but its connection keeps waiting for that
 *   answer and would block every later query on it. Ending it makes the pool drop it and open a
 *   fresh one (to the new primary, after a fail-over).
 */
class ResilientClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): any {
    const result: unknown = (super.query as (...a: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      // end() closes the socket at once while a query is pending, and marks the client so that the
      // pool drops it on release instead of handing it to the next request.
      if (error instanceof Error && error.message === 'Query read timeout') void this.end();
      throw error;
    });
  }
}

function openPostgresPool(connectionString: string, settings: PostgresPoolSettings): pg.Pool {
  return new pg.Pool({
    connectionString,
    Client: ResilientClient,
    max: settings.size,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: POSTGRES_APPLICATION_NAME,
  });
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.dialect === 'postgres') {
    const pool = openPostgresPool(target.connectionString, target.pool ?? DEFAULT_POSTGRES_POOL);
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error(`[db] errore su una connessione PostgreSQL inattiva: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, destroy: () => db.destroy() };
  }

  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  // busy_timeout: a writer finding the file locked by another process waits up to 10 s for it
  // instead of failing at once (writes take milliseconds, so the wait is short in practice).
  const sqlite = new SQLite(target.filename, { timeout: 10_000 });
  // WAL: readers never block the writer, and the writer never blocks readers.
  sqlite.pragma('journal_mode = WAL');
  // FULL (default): a commit is acknowledged only once the WAL is synced to disk, so an acknowledged
  // save also survives a power cut or an OS crash; NORMAL, in WAL mode, only survives a process crash.
  // The author's writes are few; the cost is measured by bench/writes.ts (bench/README-writes.md).
  sqlite.pragma(`synchronous = ${target.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  // SQLite's built-in lower() folds only ASCII, so a search for 'è' would miss 'È'. Replace it with
  // JavaScript's Unicode-aware folding, matching what PostgreSQL's lower() does with a UTF-8 locale.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionSqliteDialect({ database: withPreparedStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', pool: null, destroy: () => db.destroy() };
}

/** One round trip: for start-up and the readiness probe, which must not answer ready on a dead database. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
