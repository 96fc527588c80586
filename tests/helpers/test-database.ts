/**
 * A fresh database per test file: a temporary SQLite file, or a new database on the test PostgreSQL
 * (TEST_POSTGRES_URL, default 127.0.0.1:5432) when TEST_DB=postgres. A missing PostgreSQL fails the
 * run, never skips it.
 *
 * `migrated: true` clones a database that vitest's global setup migrated once for the whole run
 * (tests/helpers/global-setup.ts): a file copy on SQLite, CREATE DATABASE ... TEMPLATE on
 * PostgreSQL. Running the migrations for every test context cost about half a second each on
 * PostgreSQL; the clone is the same schema, made by the same migrations, and migrateToLatest on it
 * finds nothing to do. Without a template (another vitest config, a cross-dialect context) it is an
 * empty database, which the caller migrates as before.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDialect = 'sqlite' | 'postgres';

export const testDialect: TestDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  /** Value for DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/** Where the global setup left the migrated templates: a SQLite file, a PostgreSQL database name. */
export interface MigratedTemplates {
  sqlite?: string;
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
  }
}

function migratedTemplates(): MigratedTemplates {
  try {
    return inject('migratedTemplates') ?? {};
  } catch {
    return {}; // not inside a vitest worker (a child process of a test), or no global setup
  }
}

/**
 * The connections that create and drop this process's test databases: kept open between them (a new
 * PostgreSQL connection costs the server a process and ~50 ms of CPU), closed when idle so that they
 * never keep the process alive.
 */
let adminPool: pg.Pool | undefined;

async function withAdminClient<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  adminPool ??= new pg.Pool({ connectionString: POSTGRES_ADMIN_URL, max: 2, idleTimeoutMillis: 5_000, allowExitOnIdle: true });
  const client = await adminPool.connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
}

/** `POSTGRES_ADMIN_URL` pointing at another database of the same server. */
export function postgresUrlFor(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const SESSION_END_WAIT_MS = 1_000;

/**
 * Waits (a while) for the client sessions on database `name` to end (autovacuum may stay: FORCE ends it quietly). A closed pool's promise resolves before its
 * connections have said goodbye: a FORCE drop would cut them, and the pool would log a connection lost
 * (console.error, which fails the test). FORCE still ends what a test left open.
 */
async function untilSessionsEnd(client: pg.PoolClient, name: string): Promise<void> {
  const deadline = Date.now() + SESSION_END_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ sessions: number }>(`select count(*)::int as sessions from pg_stat_activity where datname = $1 and backend_type = 'client backend'`, [name]);
    if (rows[0]?.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function createTestDatabase(dialect: TestDialect = testDialect, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const template = options.migrated ? migratedTemplates()[dialect] : undefined;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'buildpc-test-'));
    const file = join(dir, 'test.sqlite');
    if (template) copyFileSync(template, file);
    return { url: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `buildpc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(async (client) => {
    // A test database lives for one file and is never recovered after a crash of the server, so its
    // commits need not wait for the disk: without this, every commit of every test waited for an fsync.
    await client.query('SET synchronous_commit = off'); // this session's own CREATE DATABASE too
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return {
    url: postgresUrlFor(name),
    drop: () =>
      withAdminClient(async (client) => {
        await untilSessionsEnd(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
