/**
 * Several instances on one PostgreSQL: a change saved through one instance drops the page caches of
 * the others (LISTEN/NOTIFY). Always runs on PostgreSQL, whatever TEST_DB says: that is where it applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices, type AppServices } from '../../src/modules/services';
import { type ContentSync, startContentSync } from '../../src/server/content-sync';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

interface Instance {
  database: DatabaseHandle;
  services: AppServices;
  sync: ContentSync;
  changes: number;
}

let testDb: TestDatabase;
const instances: Instance[] = [];

async function startInstance(url: string): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const services = createServices({ db: database.db, config });
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

beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
});

afterAll(async () => {
  for (const instance of instances) {
    await instance.sync.stop();
    await instance.database.destroy();
  }
  await testDb.drop();
});

describe('content changes across instances on PostgreSQL', () => {
  it('notifies every other instance once, and the saving instance once', async () => {
    const a = await startInstance(testDb.url);
    const b = await startInstance(testDb.url);
    const c = await startInstance(testDb.url);

    await a.services.builds.create({
      title: 'Build condivisa',
      description: null,
      content: null,
      featured_image: null,
      budget: null,
      category: null,
      status: 'published',
      meta_title: null,
      meta_description: null,
      affiliate_tag: null,
      components: [],
    });

    await waitFor(() => b.changes === 1 && c.changes === 1);
    await new Promise((resolve) => setTimeout(resolve, 200)); // an echo back to A would arrive by now
    expect(a.changes).toBe(1);
    expect(b.changes).toBe(1);
    expect(c.changes).toBe(1);
  });
});
