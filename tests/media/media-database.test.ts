/**
 * Uploads with UPLOAD_STORAGE=database on the real app: the variants become rows of media_blobs (no
 * file is written), GET /uploads/:file serves exactly those bytes, and parallel uploads of one image
 * all succeed with one row per variant. UPLOAD_STORAGE=directory on the same database writes files only.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Upload {
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

let root: string;
let inDatabase: TestContext;
let inDirectory: TestContext;
let databaseToken: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'buildpc-media-db-'));
  inDatabase = await createTestContext({ UPLOAD_STORAGE: 'database', UPLOAD_DIR: join(root, 'mai-usata') });
  inDirectory = await createTestContext({ UPLOAD_STORAGE: 'directory', UPLOAD_DIR: join(root, 'cartella') });
  databaseToken = await inDatabase.login();
});

afterAll(async () => {
  await Promise.all([inDatabase?.close(), inDirectory?.close()]);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A distinct 1600x900 PNG per seed (so each test uploads an image nobody stored before). */
function image(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x + seed * 37) & 0xff;
    pixels[i + 1] = (seed * 91) & 0xff;
    pixels[i + 2] = ((i / 3 / width) * 255) / height;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function upload(ctx: TestContext, token: string, bytes: Buffer): Promise<{ status: number; body: Upload }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'foto.png');
  const response = await ctx.app.request('/api/admin/upload', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'User-Agent': 'vitest', 'X-Forwarded-For': '198.51.100.7' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Upload };
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

function rowsOf(ctx: TestContext, keys: string[]) {
  return ctx.database.db
    .selectFrom('media_blobs')
    .select(['key', 'content_type', 'bytes', 'size'])
    .where('key', 'in', keys)
    .orderBy('key')
    .execute();
}

describe(`UPLOAD_STORAGE=database (${testDialect})`, () => {
  it('stores every variant as a row and writes no file', async () => {
    const { status, body } = await upload(inDatabase, databaseToken, await image(1));
    expect(status).toBe(201);
    expect(body.variants.map((variant) => variant.width)).toEqual([480, 960, 1280, 1600]);
    const keys = body.variants.map((variant) => keyOf(variant.url));
    const rows = await rowsOf(inDatabase, keys);
    expect(rows.map((row) => row.key)).toEqual([...keys].sort());
    for (const row of rows) {
      expect(row.content_type).toBe('image/webp');
      expect(Number(row.size)).toBe(row.bytes.length);
      const metadata = await sharp(row.bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(`${metadata.width}`).toBe(row.key.replace(/^[a-f0-9]{64}-(\d+)\.webp$/, '$1'));
    }
    expect(existsSync(join(root, 'mai-usata'))).toBe(false);
  });

  it('serves each variant from the database: the stored bytes, as WebP, cached for a year', async () => {
    const { body } = await upload(inDatabase, databaseToken, await image(2));
    const rows = new Map((await rowsOf(inDatabase, body.variants.map((variant) => keyOf(variant.url)))).map((row) => [row.key, row.bytes]));
    for (const variant of body.variants) {
      const response = await inDatabase.app.request(variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(response.headers.get('etag')).toBe(`"${keyOf(variant.url)}"`);
      const served = Buffer.from(await response.arrayBuffer());
      expect(Buffer.compare(served, rows.get(keyOf(variant.url))!)).toBe(0);
      expect((await sharp(served).metadata()).width).toBe(variant.width);
    }
  });

  it('lets parallel uploads of the same image all succeed, with one row per variant', async () => {
    const bytes = await image(3);
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(inDatabase, databaseToken, bytes)));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    for (const result of results) expect(result.body).toEqual(results[0]!.body);
    const keys = results[0]!.body.variants.map((variant) => keyOf(variant.url));
    expect((await rowsOf(inDatabase, keys)).map((row) => row.key)).toEqual([...keys].sort());
  });

  it('lets parallel uploads of different images all succeed', async () => {
    const images = await Promise.all([4, 5, 6, 7].map(image));
    const results = await Promise.all(images.map((bytes) => upload(inDatabase, databaseToken, bytes)));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((result) => result.body.url)).size).toBe(4);
    const keys = results.flatMap((result) => result.body.variants.map((variant) => keyOf(variant.url)));
    expect(await rowsOf(inDatabase, keys)).toHaveLength(16);
  });
});

describe(`UPLOAD_STORAGE=directory (${testDialect})`, () => {
  it('writes files and no row', async () => {
    const token = await inDirectory.login();
    const { status, body } = await upload(inDirectory, token, await image(8));
    expect(status).toBe(201);
    const keys = body.variants.map((variant) => keyOf(variant.url));
    expect(readdirSync(join(root, 'cartella')).sort()).toEqual([...keys].sort());
    expect(await rowsOf(inDirectory, keys)).toEqual([]);
    const response = await inDirectory.app.request(body.url);
    expect(response.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), readFileSync(join(root, 'cartella', keyOf(body.url))))).toBe(0);
  });
});
