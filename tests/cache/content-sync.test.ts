/**
 * Several instances on one PostgreSQL: a change saved through one instance drops the page caches of
 * the others (LISTEN/NOTIFY), and a lost LISTEN connection comes back by itself. Always runs on
 * PostgreSQL, whatever TEST_DB says: that is where it applies.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices, type AppServices } from '../../src/modules/services';
import { type ContentSync, LISTENER_APPLICATION_NAME, reconnectDelayMs, startContentSync } from '../../src/server/content-sync';
import { startTcpProxy, type TcpProxy } from '../fakes/postgres-network';
import { allowConsole, expectConsole } from '../helpers/console-guard';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

interface Instance {
  database: DatabaseHandle;
  services: AppServices;
  sync: ContentSync;
  changes: number;
}

let testDb: TestDatabase;
const proxies: TcpProxy[] = [];
const instances: Instance[] = [];

async function startInstance(url: string): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
  const instance: Instance = { database, services, sync: await startContentSync(database.pool!, services.events), changes: 0 };
  services.events.onChange(() => (instance.changes += 1));
  instances.push(instance);
  return instance;
}

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the change notification');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The LISTEN sessions of this test database, by process id. */
async function listenerPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1 order by pid',
      [LISTENER_APPLICATION_NAME],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Terminates the LISTEN sessions of this test database only (other test files run alongside). */
async function terminateListeners(): Promise<number> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    const result = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = $1 and query like 'LISTEN%'`,
      [LISTENER_APPLICATION_NAME],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newBuild = (title: string) => ({
  title,
  description: null,
  content: null,
  featured_image: null,
  budget: null,
  category: null,
  status: 'published' as const,
  meta_title: null,
  meta_description: null,
  affiliate_tag: null,
  components: [],
});

/** A network path of its own to the test database, that a test can cut. */
async function startProxy(): Promise<TcpProxy> {
  const url = new URL(testDb.url);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  proxies.push(proxy);
  return proxy;
}

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
});

afterAll(async () => {
  for (const instance of instances) {
    await instance.sync.stop();
    await instance.database.destroy();
  }
  for (const proxy of proxies) await proxy.close();
  await testDb.drop();
});

describe('content changes across instances on PostgreSQL', () => {
  it('notifies every other instance once, and the saving instance once', async () => {
    const a = await startInstance(testDb.url);
    const b = await startInstance(testDb.url);
    const c = await startInstance(testDb.url);

    await a.services.builds.create(newBuild('Build condivisa'));

    await waitFor(() => b.changes === 1 && c.changes === 1);
    await new Promise((resolve) => setTimeout(resolve, 200)); // an echo back to A would arrive by now
    expect(a.changes).toBe(1);
    expect(b.changes).toBe(1);
    expect(c.changes).toBe(1);
  });
});

describe('a lost LISTEN connection', () => {
  it('waits 0.5 s, doubling up to 30 s, each delay randomised between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => reconnectDelayMs(attempt, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(0, () => 0)).toBe(250);
    expect(reconnectDelayMs(1000, () => 0)).toBe(15000);
  });

  it('reconnects after its backend is terminated, drops the cached pages, and receives notifications again', async () => {
    expectConsole('error', '[content-sync] connessione LISTEN persa');
    const a = await startInstance(testDb.url);
    const b = await startInstance(testDb.url);
    const before = await listenerPids();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const changesBefore = b.changes;

    expect(await terminateListeners()).toBe(before.length);
    // (a) Once back, B drops its cached pages: notifications sent while it was away are lost.
    await waitFor(() => b.changes === changesBefore + 1);
    let after: number[] = [];
    for (let tries = 0; tries < 100 && after.length < before.length; tries++) {
      after = await listenerPids();
      if (after.length < before.length) await sleep(50);
    }
    expect(after).toHaveLength(before.length);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]); // new sessions, not the old ones

    // (b) A change saved by another instance after the reconnect reaches B again.
    await a.services.builds.create(newBuild('Dopo la riconnessione'));
    await waitFor(() => b.changes === changesBefore + 2);
  });

  it('keeps retrying while the database is unreachable, then reconnects and drops the cached pages', async () => {
    expectConsole('error', '[content-sync] connessione LISTEN persa');
    expectConsole('error', '[content-sync] riconnessione LISTEN non riuscita');
    allowConsole('error', '[db] errore su una connessione PostgreSQL inattiva'); // the reader's pooled connections dropped too
    const proxy = await startProxy();
    const writer = await startInstance(testDb.url);
    const reader = await startInstance(proxy.urlFor(testDb.url));
    const changesBefore = reader.changes;
    const refusedBefore = proxy.refused.length;

    proxy.refuseConnections();
    proxy.dropConnections(); // the database "restarts" and stays down
    await waitFor(() => proxy.refused.length >= refusedBefore + 2, 10_000); // two attempts turned away
    expect(reader.changes).toBe(changesBefore); // nothing to flush until it is back
    proxy.acceptConnections();

    await waitFor(() => reader.changes === changesBefore + 1, 10_000);
    await writer.services.builds.create(newBuild('Dopo il riavvio del database'));
    await waitFor(() => reader.changes === changesBefore + 2);
  });

  it('stops retrying once stopped', async () => {
    expectConsole('error', '[content-sync] connessione LISTEN persa');
    allowConsole('error', '[content-sync] riconnessione LISTEN non riuscita');
    allowConsole('error', '[db] errore su una connessione PostgreSQL inattiva');
    const proxy = await startProxy();
    const instance = await startInstance(proxy.urlFor(testDb.url));
    proxy.refuseConnections();
    try {
      const refusedBefore = proxy.refused.length;
      proxy.dropConnections();
      await waitFor(() => proxy.refused.length > refusedBefore, 10_000);
      await instance.sync.stop();
      const refusedAtStop = proxy.refused.length;
      await sleep(2500); // longer than the next two delays could be
      expect(proxy.refused.length).toBe(refusedAtStop);
    } finally {
      proxy.acceptConnections();
    }
  });
});
