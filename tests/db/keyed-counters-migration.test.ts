/**
 * Migration 0026 on a database that holds the older counters: the addresses' sign-in counts, the alert
 * subscribe limits, the visits' and clicks' de-duplication rows all carry over into keyed_counters under
 * their feature's prefix (a visit's window start is its old expiry less the half hour), the usernames'
 * rows stay in login_throttle, and the three old tables are gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrations } from '../../src/db/migrations';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

let testDb: TestDatabase | null = null;
let database: DatabaseHandle | null = null;
afterEach(async () => {
  await database?.destroy();
  await testDb?.drop();
  database = null;
  testDb = null;
});

describe(`migration 0026-keyed-counters (${testDialect})`, () => {
  it('carries every counter over under its prefix and drops the old tables', async () => {
    testDb = await createTestDatabase(testDialect);
    database = openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }).database);
    const db = database.db as any;
    const index = migrations.findIndex((m) => m.name === '0026-keyed-counters');
    for (const migration of migrations.slice(0, index)) await migration.up(db, database.dialect);

    const t = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute)).toISOString();
    const throttle = { blocked_until: null, in_flight: 0, in_flight_until: null };
    await db
      .insertInto('login_throttle')
      .values([
        { key: 'ip:198.51.100.9', failures: 3, window_started_at: t(1), updated_at: t(2), ...throttle },
        { key: 'user:abc', failures: 5, window_started_at: t(3), updated_at: t(4), ...throttle, blocked_until: t(9) },
      ])
      .execute();
    await db.insertInto('alert_subscribe_limits').values({ key: 'net:xyz', count: 4, window_started_at: t(5), updated_at: t(6) }).execute();
    await db.insertInto('click_dedupe').values({ key: 'c'.repeat(43), seen_at: t(7) }).execute();
    await db.insertInto('visit_dedupe').values({ key: 'v'.repeat(43), expires_at: t(40) }).execute();

    await migrations[index]!.up(db, database.dialect);

    const counters = await db.selectFrom('keyed_counters').selectAll().orderBy('key').execute();
    expect(counters.map((row: any) => ({ ...row, count: Number(row.count) }))).toEqual([
      { key: 'alerts:net:xyz', count: 4, window_started_at: t(5), updated_at: t(6) },
      { key: `click:${'c'.repeat(43)}`, count: 1, window_started_at: t(7), updated_at: t(7) },
      { key: 'login:ip:198.51.100.9', count: 3, window_started_at: t(1), updated_at: t(2) },
      { key: `visit:${'v'.repeat(43)}`, count: 1, window_started_at: t(10), updated_at: t(10) },
    ]);
    const users = await db.selectFrom('login_throttle').select(['key', 'failures', 'blocked_until']).execute();
    expect(users.map((row: any) => ({ ...row, failures: Number(row.failures) }))).toEqual([{ key: 'user:abc', failures: 5, blocked_until: t(9) }]);
    const tables = (await db.introspection.getTables()).map((table: { name: string }) => table.name);
    for (const gone of ['alert_subscribe_limits', 'click_dedupe', 'visit_dedupe']) expect(tables).not.toContain(gone);
    expect(tables).toContain('keyed_counters');
  });
});
