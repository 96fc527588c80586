/**
 * The keyed counters' rule on both databases (modules/keyed-counters): a hit is counted unless its key's
 * window is full; a window that started at or before `startedAfter` is over and the hit starts a new one;
 * a release takes back one hit of its own window only; the full windows are counted by prefix; a prune
 * deletes only its prefix's untouched keys; parallel hits never pass a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { countFull, hit, hitAll, prune, release, windowStartOf } from '../../src/modules/keyed-counters';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

let testDb: TestDatabase;
let database: DatabaseHandle;
beforeAll(async () => {
  testDb = await createTestDatabase(testDialect);
  database = openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }).database);
  await migrateToLatest(database.db, database.dialect);
});
afterAll(async () => {
  await database?.destroy();
  await testDb?.drop();
});

const t = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute)).toISOString();
/** A window of 10 minutes at minute `m`, at most `max` hits. */
const at = (m: number, max: number) => ({ now: t(m), startedAfter: t(m - 10), max });

describe(`keyed counters (${testDialect})`, () => {
  it('counts up to the limit within a window, then starts a new window', async () => {
    const db = database.db;
    expect(await hit(db, 'test:a', at(0, 2))).toEqual({ windowStartedAt: t(0) });
    expect(await hit(db, 'test:a', at(5, 2))).toEqual({ windowStartedAt: t(0) });
    expect(await hit(db, 'test:a', at(9, 2))).toBeNull();
    expect(await windowStartOf(db, 'test:a')).toBe(t(0));
    // Minute 10: the window of minute 0 started at or before 10 - 10, so it is over.
    expect(await hit(db, 'test:a', at(10, 2))).toEqual({ windowStartedAt: t(10) });
    expect(await windowStartOf(db, 'test:none')).toBeNull();
  });

  it('gives a hit back only within its own window', async () => {
    const db = database.db;
    const first = await hit(db, 'test:r', at(0, 1));
    expect(await hit(db, 'test:r', at(1, 1))).toBeNull();
    await release(db, 'test:r', first!.windowStartedAt, t(2));
    expect(await hit(db, 'test:r', at(3, 1))).toEqual({ windowStartedAt: t(0) });
    // A release naming an older window changes nothing.
    await release(db, 'test:r', t(-30), t(4));
    expect(await hit(db, 'test:r', at(5, 1))).toBeNull();
  });

  it('counts a batch once per key and window (the visits), and the full windows by prefix', async () => {
    const db = database.db;
    expect(await hitAll(db, ['test:v1', 'test:v2', 'test:v1'], at(0, 1))).toEqual(new Set(['test:v1', 'test:v2']));
    expect(await hitAll(db, ['test:v1', 'test:v3'], at(5, 1))).toEqual(new Set(['test:v3']));
    expect(await countFull(db, { prefix: 'test:v', max: 1, startedAfter: t(-1) })).toEqual({ count: 3, latestStart: t(5) });
    expect(await countFull(db, { prefix: 'test:v', max: 1, startedAfter: t(0) })).toEqual({ count: 1, latestStart: t(5) });
  });

  it('prunes only its own prefix, up to and including the horizon', async () => {
    const db = database.db;
    await hit(db, 'prune-a:1', at(0, 5));
    await hit(db, 'prune-a:2', at(3, 5));
    await hit(db, 'prune-b:1', at(0, 5));
    expect(await prune(db, 'prune-a:', t(0))).toBe(1);
    const keys = (await db.selectFrom('keyed_counters').select('key').where('key', 'like', 'prune-%').orderBy('key').execute()).map((row) => row.key);
    expect(keys).toEqual(['prune-a:2', 'prune-b:1']);
  });

  it('never lets parallel hits pass the limit', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(database.db, 'test:p', at(0, 5))));
    expect(results.filter((result) => result !== null)).toHaveLength(5);
  });
});
