/** Which database DATABASE_URL names, and how it may be shown in a log line (never its password). */
import { resolve } from 'node:path';
import { ConfigError } from './config-error';

export type DatabaseTarget =
  | {
      readonly dialect: 'sqlite';
      readonly filename: string;
      /** FULL (default): an acknowledged commit survives a power cut; NORMAL: only a process crash. */
      readonly synchronous?: 'FULL' | 'NORMAL';
    }
  | {
      readonly dialect: 'postgres';
      /** Secret (it may carry the password): show it only through describeDatabaseTarget(). */
      readonly connectionString: string;
      /** DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_SECONDS; DEFAULT_POSTGRES_POOL when absent. */
      readonly pool?: PostgresPoolSettings;
    };

export interface PostgresPoolSettings {
  /** Connections each process may open, the LISTEN connection of the page-cache sync included. */
  readonly size: number;
  /** A statement running longer is cancelled by the server (statement_timeout). */
  readonly statementTimeoutMs: number;
}

/**
 * PostgreSQL pool defaults. 10 connections per process: a page needs one for a few milliseconds, so
 * 10 serve hundreds of requests per second, and 4 processes x 2 instances x 10 stay below the server's
 * default max_connections (100). 15 s per statement: the slowest query of the site takes milliseconds;
 * one still running after 15 s is stuck behind a lock or a sick server, and the request is better
 * answered 503 than left hanging.
 */
export const DEFAULT_POSTGRES_POOL: PostgresPoolSettings = { size: 10, statementTimeoutMs: 15_000 };

const SUPPORTED_DATABASE_FORMS =
  'usa un percorso di file SQLite (es. ./data/build-pc.sqlite, anche come sqlite:… o file:…) oppure postgres://utente:password@host:5432/database';

export function parseDatabaseUrl(value: string, pool: PostgresPoolSettings = DEFAULT_POSTGRES_POOL): DatabaseTarget {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') {
    if (!isParsableUrl(value)) {
      // The value is never echoed: it may carry the password.
      throw new ConfigError(`Configurazione non valida: DATABASE_URL non è un URL PostgreSQL valido: ${SUPPORTED_DATABASE_FORMS}`);
    }
    return { dialect: 'postgres', connectionString: value, pool };
  }
  // Any other scheme://, e.g. mysql:// or mongodb://, would otherwise be taken for a SQLite file name.
  if (scheme !== undefined && scheme !== 'sqlite' && scheme !== 'file') {
    throw new ConfigError(`Configurazione non valida: DATABASE_URL usa lo schema non supportato ${scheme}://: ${SUPPORTED_DATABASE_FORMS}`);
  }
  const filename = value.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:(\/\/)?/i, '');
  if (!filename) throw new ConfigError('Configurazione non valida: DATABASE_URL è vuoto');
  return { dialect: 'sqlite', filename: filename === ':memory:' ? filename : resolve(filename) };
}

export function withSqliteSynchronous(target: DatabaseTarget, synchronous: 'FULL' | 'NORMAL'): DatabaseTarget {
  return target.dialect === 'sqlite' ? { ...target, synchronous } : target;
}

function isParsableUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database as an operator may see it in a log line: the SQLite file, or the PostgreSQL URL with
 * its password (in the user part or as ?password=) replaced by ***.
 */
export function describeDatabaseTarget(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return target.filename;
  const [, scheme, rest] = /^([^:]+:\/\/)(.*)$/s.exec(target.connectionString) ?? [];
  if (scheme === undefined || rest === undefined) return 'postgres://***';
  // The last @ ends the user part: an unescaped @ in a password is taken by pg the same way.
  const at = rest.lastIndexOf('@');
  const userInfo = at >= 0 ? rest.slice(0, at) : '';
  const user = userInfo.includes(':') ? `${userInfo.slice(0, userInfo.indexOf(':'))}:***@` : at >= 0 ? `${userInfo}@` : '';
  const hostAndPath = (at >= 0 ? rest.slice(at + 1) : rest).replace(/([?&]password=)[^&]*/gi, '$1***');
  return `${scheme}${user}${hostAndPath}`;
}
