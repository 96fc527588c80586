/**
 * Migration 0024 on a database that already holds alerts: every row gets its canonical mailbox, the
 * older duplicate pending alerts of one build and mailbox go (the newest stays), active alerts all stay,
 * and from then on the database itself refuses a second pending alert of one build and mailbox.
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

describe(`migration 0024-alert-mailbox (${testDialect})`, () => {
  it('fills the mailbox, keeps the newest pending alert of a build and mailbox, and enforces one from then on', async () => {
    testDb = await createTestDatabase(testDialect);
    database = openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }).database);
    const db = database.db;
    const index = migrations.findIndex((m) => m.name === '0024-alert-mailbox');
    for (const migration of migrations.slice(0, index)) await migration.up(db, database.dialect);

    const now = '2026-11-28T10:00:00.000Z';
    const build = await db.insertInto('builds').values({ slug: 'pc', title: 'PC', status: 'published', published_at: now, created_at: now, updated_at: now } as never).returning('id').executeTakeFirstOrThrow();
    let n = 0;
    const alert = (email: string, status: string, createdAt: string) => ({
      build_id: build.id,
      component_id: null,
      email,
      max_total_cents: 50_000,
      status,
      confirm_token_hash: String(++n).padStart(64, '0'),
      unsubscribe_token_hash: String(n).padStart(64, 'f'),
      created_at: createdAt,
      confirmed_at: status === 'active' ? createdAt : null,
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    await (db as any)
      .insertInto('price_alerts')
      .values([
        alert('victim@example.com', 'pending', '2026-11-28T09:00:00.000Z'),
        alert('victim+1@example.com', 'pending', '2026-11-28T09:30:00.000Z'), // newest pending of the mailbox: stays
        alert('Victim+2@Example.com', 'active', '2026-11-20T09:00:00.000Z'),
        alert('victim+3@example.com', 'active', '2026-11-21T09:00:00.000Z'),
        alert('other@example.com', 'pending', '2026-11-28T08:00:00.000Z'),
      ])
      .execute();

    await migrations[index]!.up(db, database.dialect);

    const rows = await db.selectFrom('price_alerts').select(['email', 'mailbox', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { email: 'victim+1@example.com', mailbox: 'victim@example.com', status: 'pending' },
      { email: 'Victim+2@Example.com', mailbox: 'victim@example.com', status: 'active' },
      { email: 'victim+3@example.com', mailbox: 'victim@example.com', status: 'active' },
      { email: 'other@example.com', mailbox: 'other@example.com', status: 'pending' },
    ]);
    await expect(db.insertInto('price_alerts').values({ ...alert('VICTIM@example.com', 'pending', now), mailbox: 'victim@example.com' }).execute()).rejects.toThrow(/unique/i);
    // Another build, or an active alert, is no duplicate.
    await db.insertInto('price_alerts').values({ ...alert('victim@example.com', 'active', now), mailbox: 'victim@example.com' }).execute();
  });
});
