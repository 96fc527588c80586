/** Opens the database named by the configuration: SQLite (embedded default) or PostgreSQL. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/env';
import type { Database } from './schema';
import { ImmediateTransactionSqliteDialect } from './sqlite-dialect';

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
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', pool: null, destroy: () => db.destroy() };
}
