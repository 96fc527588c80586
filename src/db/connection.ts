/** Opens the database named by the configuration: SQLite (embedded default) or PostgreSQL. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/env';
import type { Database } from './schema';

export type Dialect = DatabaseTarget['dialect'];

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** PostgreSQL pool, for LISTEN/NOTIFY and health checks; null on SQLite. */
  readonly pool: pg.Pool | null;
  destroy(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.connectionString, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error(`[db] errore su una connessione PostgreSQL inattiva: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, destroy: () => db.destroy() };
  }

  if (target.filename !== ':memory:') mkdirSync(dirname(target.filename), { recursive: true });
  const sqlite = new SQLite(target.filename, { timeout: 10_000 });
  // WAL: readers never block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a process crash (SIGKILL); only an OS crash can lose the last commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  // SQLite's built-in lower() folds only ASCII, so a search for 'è' would miss 'È'. Replace it with
  // JavaScript's Unicode-aware folding, matching what PostgreSQL's lower() does with a UTF-8 locale.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', pool: null, destroy: () => db.destroy() };
}
