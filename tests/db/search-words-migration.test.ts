/**
 * Migration 0025 (decision 041): on a site that already has builds it fills the index anew (letters split from
 * digits, negations out, the offered alternatives) and its vocabulary, and adds the first synonym groups; on a
 * new, empty database it adds no group, so a backup can still be restored into it.
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

async function migratedUpTo0024() {
  testDb = await createTestDatabase(testDialect);
  database = openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }).database);
  const index = migrations.findIndex((m) => m.name === '0025-search-words-and-synonyms');
  for (const migration of migrations.slice(0, index)) await migration.up(database.db, database.dialect);
  return { db: database.db, dialect: database.dialect, up: () => migrations[index]!.up(database!.db, database!.dialect) };
}

describe(`migration 0025-search-words-and-synonyms (${testDialect})`, () => {
  it('indexes the existing builds anew, fills the vocabulary and adds the first synonym groups', async () => {
    const { db, up } = await migratedUpTo0024();
    const now = '2026-11-28T10:00:00.000Z';
    const build = await db
      .insertInto('builds')
      .values({ slug: 'pc', title: 'PC RTX5070 senza ventole', description: 'Silenziosa', content: '', status: 'published', published_at: now, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('components').values({ build_id: build.id, type: 'GPU', name: 'GeForce', asin: 'B0MIGR0001', position: 0, created_at: now, updated_at: now }).execute();
    await db.insertInto('alternatives').values({ original_asin: 'B0MIGR0001', alternative_asin: 'B0MIGR0002', alternative_name: 'Radeon Zircone', created_at: now, updated_at: now }).execute();

    await up();

    const words = (await db.selectFrom('search_words').select('word').orderBy('word').execute()).map((row) => row.word);
    expect(words).toEqual(expect.arrayContaining(['5070', 'geforce', 'pc', 'radeon', 'rtx', 'silenziosa', 'zircone']));
    expect(words).not.toContain('ventole');
    expect(words).not.toContain('senza');
    expect((await db.selectFrom('search_synonyms').select('phrases').orderBy('id').execute()).map((row) => row.phrases)).toContain('nvidia, geforce');
  });

  it('adds no synonym group to an empty database', async () => {
    const { db, up } = await migratedUpTo0024();
    await up();
    expect(await db.selectFrom('search_synonyms').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('search_words').selectAll().execute()).toEqual([]);
  });
});
