/**
 * The PostgreSQL pool's limits, seen from the API: a statement over DATABASE_STATEMENT_TIMEOUT_SECONDS
 * is cancelled, and a database that is locked, unreachable or silent gives a 503 with Retry-After
 * (never a 500 with internal text, never a 401 that would sign the author out, never a hang); the
 * pool recovers by itself once the database is back. Always runs on PostgreSQL, whatever TEST_DB
 * says: the timeouts are PostgreSQL's (SQLite's busy_timeout is covered by the concurrency tests).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase, POSTGRES_APPLICATION_NAME } from '../../src/db/connection';
import { databaseFailureReason, isDatabaseUnavailable } from '../../src/db/driver-errors';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices } from '../../src/modules/services';
import { createApp, createPublicCache, type PublicCache } from '../../src/server/app';
import { startTcpProxy, type TcpProxy } from '../fakes/postgres-network';
import { allowConsole, expectConsole } from '../helpers/console-guard';
import { ADMIN, sampleBuild } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const STATEMENT_TIMEOUT_SECONDS = '0.5';

interface Instance {
  database: DatabaseHandle;
  request(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; headers: Headers; body: any }>;
}

let testDb: TestDatabase;
let proxy: TcpProxy;
const opened: DatabaseHandle[] = [];
const caches: PublicCache[] = [];

function startInstance(url: string): Instance {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', DATABASE_STATEMENT_TIMEOUT_SECONDS: STATEMENT_TIMEOUT_SECONDS });
  const database = openDatabase(config.database);
  opened.push(database);
  const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
  // Given, so it is stopped with the instance: its timer would otherwise outlive the database (the workers
  // run several files, vitest.config.ts).
  const pageCache = createPublicCache(config, services);
  caches.push(pageCache);
  const app = createApp({ config, database, services, pageCache });
  return {
    database,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const response = await app.request(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text.startsWith('{') ? JSON.parse(text) : text };
    },
  };
}

/** A second session on the test database, for locks and for looking at pg_stat_activity. */
async function adminSession(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  return client;
}

function expectDatabaseUnavailable(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.body).toEqual({
    error: { code: 'SERVICE_UNAVAILABLE', message: 'Il database non risponde in questo momento. Riprova tra qualche secondo.' },
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  const setup = openDatabase(loadConfig({ DATABASE_URL: testDb.url }).database);
  await migrateToLatest(setup.db, setup.dialect);
  await createServices({ db: setup.db, config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }), scryptCost: TEST_SCRYPT_COST }).auth.ensureFirstAdmin(ADMIN);
  await setup.destroy();
  const url = new URL(testDb.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
});

afterAll(async () => {
  for (const cache of caches) cache.stop();
  for (const database of opened) await database.destroy().catch(() => undefined);
  await proxy?.close();
  await testDb?.drop();
});

describe('PostgreSQL statement timeout', () => {
  it('cancels a statement over DATABASE_STATEMENT_TIMEOUT_SECONDS with a clean error and keeps the connection usable', async () => {
    const { database } = startInstance(testDb.url);
    const settings = await sql<{ timeout: string; name: string }>`select current_setting('statement_timeout') as timeout, current_setting('application_name') as name`.execute(
      database.db,
    );
    expect(settings.rows[0]).toEqual({ timeout: '500ms', name: POSTGRES_APPLICATION_NAME });

    const error = await sql`select pg_sleep(30)`.execute(database.db).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(databaseFailureReason(error)).toBe('la query ha superato DATABASE_STATEMENT_TIMEOUT_SECONDS');
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it('answers 503 to reads, writes and the session check stuck behind a lock, then serves again once it is released', async () => {
    for (const request of ['GET /api/builds', 'POST /api/admin/builds', 'GET /api/auth/verify']) {
      expectConsole('error', `[db] ${request}: database non disponibile: la query ha superato DATABASE_STATEMENT_TIMEOUT_SECONDS`);
    }
    const instance = startInstance(testDb.url);
    const login = await instance.request('POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    const token = login.body.token as string;

    const locker = await adminSession();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE builds, sessions IN ACCESS EXCLUSIVE MODE');
      const [list, create, verify] = await Promise.all([
        instance.request('GET', '/api/builds'),
        instance.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Bloccata dal lock' }) }),
        instance.request('GET', '/api/auth/verify', { token }),
      ]);
      expectDatabaseUnavailable(list);
      expectDatabaseUnavailable(create);
      expectDatabaseUnavailable(verify); // not 401: the admin client would sign the author out
      expect((await instance.request('GET', '/readyz')).status).toBe(200); // the server itself answers
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }

    expect((await instance.request('GET', '/api/builds')).status).toBe(200);
    const created = await instance.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Dopo il lock' }) });
    expect(created.status).toBe(201);
    const titles = (await instance.request('GET', '/api/admin/builds', { token })).body.builds.map((build: { title: string }) => build.title);
    expect(titles).toEqual(['Dopo il lock']); // the cancelled save wrote nothing
  });
});

describe('PostgreSQL unreachable or silent', () => {
  it('answers 503 at once when nothing listens on the configured port', async () => {
    expectConsole('error', '[db] GET /api/builds: database non disponibile: nessun server PostgreSQL in ascolto');
    expectConsole('error', '[cache] prossima pubblicazione programmata non letta: connect ECONNREFUSED'); // looked up as the app starts
    const url = new URL(testDb.url);
    url.port = '1'; // privileged and unused on 127.0.0.1: the connection is refused
    const instance = startInstance(url.toString());
    const ready = await instance.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expectDatabaseUnavailable(await instance.request('GET', '/api/builds'));
  });

  it('gives up on a server that stops answering mid-session, drops that connection and recovers', async () => {
    // The reason depends on when the silence meets the request: a query left unanswered, or a connection never completed.
    expectConsole('error', '[db] GET /api/builds: database non disponibile');
    allowConsole('error', '[cache] prossima pubblicazione programmata non letta'); // when its look-up meets the silence
    const instance = startInstance(proxy.urlFor(testDb.url));
    expect((await instance.request('GET', '/readyz')).status).toBe(200); // one pooled connection through the proxy
    proxy.goSilent();
    try {
      // No statement timeout can come from a silent server: the client's query timeout ends the wait.
      expect((await instance.request('GET', '/readyz')).status).toBe(503);
      expectDatabaseUnavailable(await instance.request('GET', '/api/builds'));
    } finally {
      proxy.resume();
    }
    // The hung connection was dropped, not handed out again: a fresh one answers.
    expect((await instance.request('GET', '/readyz')).status).toBe(200);
    expect((await instance.request('GET', '/api/builds')).status).toBe(200);
  });
});
