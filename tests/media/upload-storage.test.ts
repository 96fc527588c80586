/**
 * The two stores of uploaded files behind ObjectStorage, on the real database of TEST_DB: the database
 * (table media_blobs) and the local directory. Same contract for both; concurrent writers of one key
 * (two database handles, as two instances have) never fail; the factory picks the one UPLOAD_STORAGE names.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createLocalDirectoryStorage, type ObjectStorage } from '../../src/integrations/storage';
import { createDatabaseStorage } from '../../src/modules/media/database-storage';
import { createUploadStorage } from '../../src/modules/media';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

let testDb: TestDatabase;
/** Two handles (two pools on PostgreSQL, two connections to the file on SQLite), as two instances have. */
let first: DatabaseHandle;
let second: DatabaseHandle;
const dirs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  first = openDatabase(loadConfig({ DATABASE_URL: testDb.url }).database);
  second = openDatabase(loadConfig({ DATABASE_URL: testDb.url }).database);
  await migrateToLatest(first.db, first.dialect);
});

afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
  await testDb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-storage-'));
  dirs.push(dir);
  return dir;
}

/** A fresh key of the shape the media service writes. */
const newKey = (width = 480) => `${randomBytes(32).toString('hex')}-${width}.webp`;

async function keysOf(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}

async function countRows(key?: string): Promise<number> {
  let query = first.db.selectFrom('media_blobs').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (key) query = query.where('key', '=', key);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

interface Driver {
  name: 'database' | 'directory';
  /** Two storages over the same place, as two processes or instances see it. */
  open(): { a: ObjectStorage; b: ObjectStorage };
}

const drivers: Driver[] = [
  {
    name: 'database',
    // A small page size, so list() crosses several pages here.
    open: () => ({ a: createDatabaseStorage(first.db, { listPageSize: 3 }), b: createDatabaseStorage(second.db, { listPageSize: 3 }) }),
  },
  {
    name: 'directory',
    open: () => {
      const dir = tempDir();
      return { a: createLocalDirectoryStorage(dir), b: createLocalDirectoryStorage(dir) };
    },
  },
];

describe.each(drivers)(`ObjectStorage: $name (${testDialect})`, (driver) => {
  let a: ObjectStorage;
  let b: ObjectStorage;
  let listed: string[];

  beforeAll(async () => {
    ({ a, b } = driver.open());
    listed = await keysOf(a); // the database is shared by the whole file: compare with what was there
  });

  it('gives back exactly the bytes and type that were put, to every instance', async () => {
    const key = newKey();
    // Every byte value, zeros included, and a file larger than a page of PostgreSQL's TOAST.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(3 * 1024 * 1024)]);
    expect(await a.has(key)).toBe(false);
    expect(await a.get(key)).toBeNull();
    await a.put(key, bytes, 'image/webp');
    for (const storage of [a, b]) {
      expect(await storage.has(key)).toBe(true);
      const stored = await storage.get(key);
      expect(stored?.contentType).toBe('image/webp');
      expect(stored?.bytes).toBeInstanceOf(Uint8Array);
      expect(stored!.bytes.byteLength).toBe(bytes.length);
      expect(Buffer.compare(Buffer.from(stored!.bytes), bytes)).toBe(0);
    }
  });

  it('stores a view of a larger buffer as just its own bytes', async () => {
    const key = newKey(960);
    const backing = randomBytes(1000);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 100, 200);
    await a.put(key, view, 'image/webp');
    const stored = await b.get(key);
    expect(Buffer.compare(Buffer.from(stored!.bytes), backing.subarray(100, 300))).toBe(0);
  });

  it('refuses keys that are not flat file names, and never finds them', async () => {
    for (const key of ['../segreto.webp', 'a/b.webp', '', '.nascosto', 'A'.repeat(10), 'x'.repeat(201), 'a..b']) {
      await expect(a.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Chiave di archiviazione non valida/);
      expect(await a.get(key)).toBeNull();
      expect(await a.has(key)).toBe(false);
    }
  });

  it('lets concurrent writers of one key all succeed, leaving one intact object', async () => {
    const key = newKey(1280);
    const bytes = randomBytes(256 * 1024);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).put(key, bytes, 'image/webp')));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(Buffer.compare(Buffer.from((await a.get(key))!.bytes), bytes)).toBe(0);
    expect((await keysOf(a)).filter((listedKey) => listedKey === key)).toEqual([key]);
    if (driver.name === 'database') expect(await countRows(key)).toBe(1);
  });

  it('lists every stored key exactly once, across pages, from any instance', async () => {
    const added = Array.from({ length: 10 }, () => newKey());
    await Promise.all(added.map((key, i) => a.put(key, Buffer.from(`immagine ${i}`), 'image/webp')));
    const now = await keysOf(b);
    expect(new Set(now).size).toBe(now.length);
    for (const key of added) expect(now).toContain(key);
    for (const key of listed) expect(now).toContain(key);
  });
});

describe('directory storage', () => {
  it('lists nothing before its directory exists', async () => {
    expect(await keysOf(createLocalDirectoryStorage(join(tempDir(), 'mai-creata')))).toEqual([]);
  });
});

describe(`database storage (${testDialect})`, () => {
  it('lists nothing on an empty table, then the same keys whatever the page size', async () => {
    // Inside a transaction that is rolled back: an empty table without a new database, undone afterwards.
    const rollback = new Error('rollback');
    const outcome = first.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('media_blobs').execute();
        expect(await keysOf(createDatabaseStorage(trx, { listPageSize: 2 }))).toEqual([]);
        const keys = Array.from({ length: 6 }, () => newKey()); // exactly three pages of two
        for (const key of keys) await createDatabaseStorage(trx).put(key, Buffer.from(key), 'image/webp');
        for (const listPageSize of [1, 2, 4, 6, 500]) {
          expect((await keysOf(createDatabaseStorage(trx, { listPageSize }))).sort(), `page size ${listPageSize}`).toEqual([...keys].sort());
        }
        throw rollback;
      });
    await expect(outcome).rejects.toBe(rollback);
    expect(await countRows()).toBeGreaterThan(0);
  });

  it('is immutable: the first write of a key wins', async () => {
    const storage = createDatabaseStorage(first.db);
    const key = newKey();
    await storage.put(key, Buffer.from('prima versione'), 'image/webp');
    await storage.put(key, Buffer.from('seconda versione'), 'image/png');
    const stored = await storage.get(key);
    expect(Buffer.from(stored!.bytes).toString()).toBe('prima versione');
    expect(stored!.contentType).toBe('image/webp');
  });

  it('records the size and the time of the write', async () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const storage = createDatabaseStorage(first.db, { clock: { now: () => at } });
    const key = newKey();
    await storage.put(key, randomBytes(1234), 'image/webp');
    const row = await first.db.selectFrom('media_blobs').select(['size', 'created_at', 'content_type']).where('key', '=', key).executeTakeFirstOrThrow();
    expect({ ...row, size: Number(row.size) }).toEqual({ size: 1234, created_at: at.toISOString(), content_type: 'image/webp' });
  });
});

describe(`createUploadStorage (${testDialect})`, () => {
  it('uses the database with UPLOAD_STORAGE=database: a row, no file', async () => {
    const dir = join(tempDir(), 'uploads');
    const config = loadConfig({ DATABASE_URL: testDb.url, UPLOAD_DIR: dir, UPLOAD_STORAGE: 'database' });
    const key = newKey();
    await createUploadStorage({ config, db: first.db }).put(key, Buffer.from('nel database'), 'image/webp');
    expect(await countRows(key)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    // Another instance with its own (empty) directory finds it.
    const elsewhere = loadConfig({ DATABASE_URL: testDb.url, UPLOAD_DIR: tempDir(), UPLOAD_STORAGE: 'database' });
    expect(Buffer.from((await createUploadStorage({ config: elsewhere, db: second.db }).get(key))!.bytes).toString()).toBe('nel database');
  });

  it('uses the directory with UPLOAD_STORAGE=directory: a file, no row', async () => {
    const dir = tempDir();
    const config = loadConfig({ DATABASE_URL: testDb.url, UPLOAD_DIR: dir, UPLOAD_STORAGE: 'directory' });
    const key = newKey();
    await createUploadStorage({ config, db: first.db }).put(key, Buffer.from('nella cartella'), 'image/webp');
    expect(readdirSync(dir)).toEqual([key]);
    expect(await countRows(key)).toBe(0);
  });

  it(`defaults to the ${testDialect === 'postgres' ? 'database' : 'directory'} on ${testDialect}`, async () => {
    const dir = tempDir();
    const config = loadConfig({ DATABASE_URL: testDb.url, UPLOAD_DIR: dir });
    const key = newKey();
    await createUploadStorage({ config, db: first.db }).put(key, Buffer.from('predefinito'), 'image/webp');
    expect({ rows: await countRows(key), files: readdirSync(dir) }).toEqual(
      testDialect === 'postgres' ? { rows: 1, files: [] } : { rows: 0, files: [key] },
    );
  });
});
