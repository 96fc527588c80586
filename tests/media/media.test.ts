/**
 * Image upload (POST /api/admin/upload), the stored files (GET /uploads/:file) and background removal
 * (POST /api/admin/remove-background) on the real app, with remove.bg faked at the HTTP boundary.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createRemoveBgClient, isRemoveBgError } from '../../src/integrations/remove-bg';
import { BACKGROUND_REMOVAL_ERROR_MESSAGE, createMediaService } from '../../src/modules/media/media.service';
import { createUploadStorage } from '../../src/modules/media';
import { startFakeRemoveBg, type FakeRemoveBg } from '../fakes/remove-bg';
import { createTestContext, type TestContext } from '../helpers/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_AN_IMAGE = "Il file non è un'immagine valida (usa JPEG, PNG, WebP o GIF)";
const SECRET_KEY = `rbg-secret-${randomBytes(12).toString('hex')}`;
const WRONG_KEY = `rbg-wrong-${randomBytes(12).toString('hex')}`;

interface MediaResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, else null. */
  json: any;
  bytes: Uint8Array;
}

/** Everything the app answered in this file, to prove the key never left the server. */
const seen: string[] = [];

function record(response: MediaResponse) {
  seen.push(Buffer.from(response.bytes).toString('latin1'));
  for (const [name, value] of response.headers) seen.push(`${name}: ${value}`);
}

interface SendOptions {
  token?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}

async function send(ctx: TestContext, method: string, path: string, init: SendOptions = {}): Promise<MediaResponse> {
  const headers: Record<string, string> = { 'User-Agent': 'vitest', 'X-Forwarded-For': '198.51.100.7', ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await ctx.app.request(path, { method, headers, ...(init.body !== undefined && { body: init.body }) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  let json: unknown = null;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  const result = { status: response.status, headers: response.headers, json, bytes };
  record(result);
  return result;
}

interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
}

function imageForm(file: FilePart | null, field = 'image'): FormData {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const postImage = (ctx: TestContext, path: string, file: FilePart | null, token?: string) =>
  send(ctx, 'POST', path, { ...(token !== undefined && { token }), body: imageForm(file) });

/** A PNG whose header declares width x height but holds (almost) no pixels: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bit, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like JPEG: gradient plus noise, EXIF with an author, copyright and orientation 6 (rotate 90°). */
async function photoJpeg(copyright: string): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 128;
    pixels[i + 2] = seed & 0x3f;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Copyright: copyright, Artist: 'Fotografo Segreto' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Random pixels: a PNG that does not compress (about 1.6 MB). */
function noisyPng(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

let ctx: TestContext;
let small: TestContext;
let wrongKey: TestContext;
let fake: FakeRemoveBg;
let token: string;
let uploadDir: string;
let smallUploadDir: string;
const spies: MockInstance[] = [];
const logged: string[] = [];

let jpeg: Buffer;
let pngWithAlpha: Buffer;
let webp: Buffer;

beforeAll(async () => {
  // Every log line of the file is kept (and kept quiet), to check the key never reaches one.
  const keep = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) spies.push(vi.spyOn(console, method).mockImplementation(keep));
  fake = await startFakeRemoveBg({ apiKey: SECRET_KEY });
  uploadDir = mkdtempSync(join(tmpdir(), 'buildpc-uploads-'));
  smallUploadDir = mkdtempSync(join(tmpdir(), 'buildpc-uploads-small-'));
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir, REMOVE_BG_API_KEY: SECRET_KEY, REMOVE_BG_API_URL: fake.url, LOG_REQUESTS: 'true' });
  // A 1 MB limit and no remove.bg key.
  small = await createTestContext({ UPLOAD_DIR: smallUploadDir, UPLOAD_MAX_MB: '1', LOG_REQUESTS: 'true' });
  wrongKey = await createTestContext({ UPLOAD_DIR: uploadDir, REMOVE_BG_API_KEY: WRONG_KEY, REMOVE_BG_API_URL: fake.url, LOG_REQUESTS: 'true' });
  token = await ctx.login();
  jpeg = await photoJpeg('Copyright Segreto 2026');
  pngWithAlpha = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();
  webp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#2266aa' } }).webp().toBuffer();
});

afterAll(async () => {
  await Promise.all([ctx?.close(), small?.close(), wrongKey?.close(), fake?.close()]);
  for (const dir of [uploadDir, smallUploadDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  for (const spy of spies) spy.mockRestore();
});

const storedName = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * What is stored under a public URL, read from wherever this configuration keeps uploads: the database
 * on PostgreSQL, the directory UPLOAD_DIR on SQLite (UPLOAD_STORAGE's defaults).
 */
async function storedBytes(url: string): Promise<Buffer> {
  const stored = await createUploadStorage({ config: ctx.config, db: ctx.database.db }).get(storedName(url));
  expect(stored, url).not.toBeNull();
  expect(stored!.contentType).toBe('image/webp');
  return Buffer.from(stored!.bytes);
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of createUploadStorage({ config: ctx.config, db: ctx.database.db }).list()) keys.push(key);
  return keys;
}

describe('POST /api/admin/upload', () => {
  it('stores a JPEG upright as WebP variants without any metadata', async () => {
    const response = await postImage(ctx, '/api/admin/upload', { bytes: jpeg, name: 'foto.jpg', type: 'image/jpeg' }, token);
    expect(response.status).toBe(201);
    const body = response.json;
    // 2400x1600 with orientation 6 is a 1600x2400 portrait: not wider than 1920, so kept at 1600.
    expect(body).toMatchObject({ width: 1600, height: 2400 });
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{64}-1600\.webp$/);
    expect(body.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1280, 1600]);
    expect(body.variants.at(-1).url).toBe(body.url);
    const hash = storedName(body.url).split('-')[0];
    for (const variant of body.variants) expect(variant.url).toBe(`/uploads/${hash}-${variant.width}.webp`);

    for (const variant of body.variants as { width: number; url: string }[]) {
      const stored = await storedBytes(variant.url);
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(variant.width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      const raw = stored.toString('latin1');
      expect(raw).not.toContain('Segreto');
      expect(raw).not.toContain('EXIF');
    }
  });

  it('keeps the alpha channel of a PNG and never upscales', async () => {
    const response = await postImage(ctx, '/api/admin/upload', { bytes: pngWithAlpha, name: 'logo.png', type: 'image/png' }, token);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ width: 800, height: 600 });
    expect(response.json.url).toMatch(/^\/uploads\/[a-f0-9]{64}-800\.webp$/);
    expect(response.json.variants.map((v: { width: number }) => v.width)).toEqual([480, 800]);
    const metadata = await sharp(await storedBytes(response.json.url)).metadata();
    expect(metadata.hasAlpha).toBe(true);
    expect(metadata.height).toBe(600);
  });

  it('stores a wide WebP at most 1920 wide, with every variant', async () => {
    const response = await postImage(ctx, '/api/admin/upload', { bytes: webp, name: 'banner.webp', type: 'image/webp' }, token);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ width: 1920, height: 640 });
    expect(response.json.url).toMatch(/-1920\.webp$/);
    expect(response.json.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1280, 1920]);
    for (const variant of response.json.variants as { width: number; url: string }[]) {
      const metadata = await sharp(await storedBytes(variant.url)).metadata();
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(Math.round((640 * variant.width) / 1920));
    }
  });

  it('accepts a file larger than the 1 MB JSON limit (up to UPLOAD_MAX_MB)', async () => {
    const big = await noisyPng();
    expect(big.length).toBeGreaterThan(1.2 * 1024 * 1024);
    const response = await postImage(ctx, '/api/admin/upload', { bytes: big, name: 'rumore.png', type: 'image/png' }, token);
    expect(response.status).toBe(201);
    expect(response.json.width).toBe(900);
  });

  it('is idempotent: the same image gives the same URLs, whatever its metadata', async () => {
    const first = await postImage(ctx, '/api/admin/upload', { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }, token);
    const again = await postImage(ctx, '/api/admin/upload', { bytes: jpeg, name: 'b.jpg', type: 'image/jpeg' }, token);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    // Same pixels, different EXIF: same normalised image, same name.
    const otherExif = await photoJpeg('Altro proprietario');
    expect(Buffer.compare(otherExif, jpeg)).not.toBe(0);
    const third = await postImage(ctx, '/api/admin/upload', { bytes: otherExif, name: 'c.jpg', type: 'image/jpeg' }, token);
    expect(third.json.url).toBe(first.json.url);
    const hash = storedName(first.json.url).split('-')[0]!;
    expect((await storedKeys()).filter((name) => name.startsWith(hash)).sort()).toEqual(
      [480, 960, 1280, 1600].map((width) => `${hash}-${width}.webp`).sort(),
    );
    // No temporary file of the directory storage left behind (the database storage writes no file at all).
    const files = existsSync(uploadDir) ? readdirSync(uploadDir) : [];
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('answers 400 when there is no image', async () => {
    const textField = new FormData();
    textField.append('image', 'non è un file');
    const cases: { body?: BodyInit; headers?: Record<string, string> }[] = [
      { body: imageForm(null) },
      { body: textField },
      { body: imageForm({ bytes: jpeg, name: 'foto.jpg', type: 'image/jpeg' }, 'file') },
      { body: imageForm({ bytes: new Uint8Array(0), name: 'vuoto.jpg', type: 'image/jpeg' }) },
      { body: JSON.stringify({ image: 'data:image/png;base64,AAAA' }), headers: { 'Content-Type': 'application/json' } },
      { body: '--rotto\r\n', headers: { 'Content-Type': 'multipart/form-data; boundary=altro' } },
      {},
    ];
    for (const init of cases) {
      const response = await send(ctx, 'POST', '/api/admin/upload', { token, ...init });
      expect(response.status).toBe(400);
      expect(response.json.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Nessuna immagine caricata' });
    }
  });

  it('stores the first frame of an animated GIF as WebP variants', async () => {
    // Two 640x360 frames: red, then blue.
    const [width, height] = [640, 360];
    const pixels = Buffer.alloc(width * height * 2 * 3);
    for (let i = 0; i < width * height; i++) pixels[i * 3] = 255;
    for (let i = width * height; i < 2 * width * height; i++) pixels[i * 3 + 2] = 255;
    const gif = await sharp(pixels, { raw: { width, height: height * 2, channels: 3, pageHeight: height } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const response = await postImage(ctx, '/api/admin/upload', { bytes: gif, name: 'animata.gif', type: 'image/gif' }, token);
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    expect(response.json).toMatchObject({ width, height });
    expect(response.json.url).toMatch(/-640\.webp$/);
    const stored = sharp(await storedBytes(response.json.url));
    expect((await stored.metadata()).format).toBe('webp');
    const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
    // The first frame (red), not the second (blue).
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
  });

  it('answers 415 for files that are not JPEG, PNG, WebP or GIF images', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    const cases: FilePart[] = [
      { bytes: Buffer.from('Questo è un file di testo, non una foto.\n'), name: 'foto.jpg', type: 'image/jpeg' },
      { bytes: randomBytes(4096), name: 'casuale.png', type: 'image/png' },
      { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'troncata.jpg', type: 'image/jpeg' },
      { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2048)]), name: 'finta.jpg', type: 'image/jpeg' },
      { bytes: svg, name: 'disegno.svg', type: 'image/svg+xml' },
      { bytes: gif.subarray(0, 20), name: 'troncata.gif', type: 'image/gif' },
    ];
    for (const file of cases) {
      const response = await postImage(ctx, '/api/admin/upload', file, token);
      expect(response.status, file.name).toBe(415);
      expect(response.json.error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: NOT_AN_IMAGE });
    }
  });

  it('answers 413 above UPLOAD_MAX_MB, with or without a Content-Length', async () => {
    const smallToken = await small.login();
    const big = await noisyPng();
    expect(big.length).toBeGreaterThan(1.5 * 1024 * 1024);
    // Streamed body (no Content-Length)
    const streamed = await postImage(small, '/api/admin/upload', { bytes: big, name: 'grande.png', type: 'image/png' }, smallToken);
    expect(streamed.status).toBe(413);
    expect(streamed.json.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Immagine troppo grande (massimo 1 MB)' });
    // Declared length: refused before the body is read
    const request = new Request('http://localhost/', { method: 'POST', body: imageForm({ bytes: big, name: 'grande.png', type: 'image/png' }) });
    const body = new Uint8Array(await request.arrayBuffer());
    const declared = await send(small, 'POST', '/api/admin/upload', {
      token: smallToken,
      body,
      headers: { 'Content-Type': request.headers.get('content-type')!, 'Content-Length': String(body.length) },
    });
    expect(declared.status).toBe(413);
    expect(declared.json.error.message).toBe('Immagine troppo grande (massimo 1 MB)');
    // Under the limit still works there
    const ok = await postImage(small, '/api/admin/upload', { bytes: pngWithAlpha, name: 'logo.png', type: 'image/png' }, smallToken);
    expect(ok.status).toBe(201);
  });

  it('answers 413 for a decompression bomb without decoding it', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    const response = await postImage(ctx, '/api/admin/upload', { bytes: bomb, name: 'bomba.png', type: 'image/png' }, token);
    expect(response.status).toBe(413);
    expect(response.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(response.json.error.message).toMatch(/megapixel/);
  });

  it('needs a session (401), and refuses before reading the body', async () => {
    const big = await noisyPng();
    for (const [path, auth] of [
      ['/api/admin/upload', undefined],
      ['/api/admin/upload', 'token-inventato'],
      ['/api/admin/remove-background', undefined],
      ['/api/admin/remove-background', 'token-inventato'],
    ] as const) {
      const response = await postImage(small, path, { bytes: big, name: 'foto.png', type: 'image/png' }, auth);
      expect(response.status, `${path} ${auth}`).toBe(401);
      expect(response.json.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('still limits JSON bodies elsewhere to 1 MB', async () => {
    const response = await send(ctx, 'POST', '/api/admin/builds', {
      token,
      body: JSON.stringify({ title: 'x', content: 'a'.repeat(1024 * 1024 + 10) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.json.error.message).toContain('1 MB');
  });
});

describe('GET /uploads/:file', () => {
  it('serves every variant as WebP with immutable caching, to anyone', async () => {
    const upload = await postImage(ctx, '/api/admin/upload', { bytes: webp, name: 'banner.webp', type: 'image/webp' }, token);
    for (const variant of upload.json.variants as { width: number; url: string }[]) {
      const response = await send(ctx, 'GET', variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(response.bytes).metadata()).width).toBe(variant.width);
      expect(Buffer.compare(Buffer.from(response.bytes), await storedBytes(variant.url))).toBe(0);
    }
    const head = await send(ctx, 'HEAD', upload.json.url);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('names each file with a strong ETag and answers a revalidation with 304 and no body', async () => {
    const upload = await postImage(ctx, '/api/admin/upload', { bytes: pngWithAlpha, name: 'logo.png', type: 'image/png' }, token);
    const etag = `"${storedName(upload.json.url)}"`;
    const full = await send(ctx, 'GET', upload.json.url);
    expect(full.headers.get('etag')).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"altro", ${etag}`, '*']) {
      const revalidated = await send(ctx, 'GET', upload.json.url, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toBe(IMMUTABLE);
    }
    // Another file's tag: the whole file.
    const other = await send(ctx, 'GET', upload.json.url, { headers: { 'If-None-Match': `"${'b'.repeat(64)}-800.webp"` } });
    expect(other.status).toBe(200);
    expect(Buffer.compare(Buffer.from(other.bytes), Buffer.from(full.bytes))).toBe(0);
    // A tag never makes a missing file look present.
    const missing = `/uploads/${'c'.repeat(64)}-800.webp`;
    const gone = await send(ctx, 'GET', missing, { headers: { 'If-None-Match': `"${'c'.repeat(64)}-800.webp"` } });
    expect(gone.status).toBe(404);
    expect((await send(ctx, 'GET', missing, { headers: { 'If-None-Match': '*' } })).status).toBe(404);
  });

  it('answers 404 for unknown files and never leaves the upload directory', async () => {
    writeFileSync(join(uploadDir, 'appunti.txt'), 'non pubblico');
    const paths = [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/..%5C..%5Cpackage.json',
      '/uploads/appunti.txt',
      `/uploads/${'a'.repeat(64)}-480.webp`,
      `/uploads/${'a'.repeat(64)}-480.webp%00.txt`,
      '/uploads/',
      '/uploads/a/b',
    ];
    for (const path of paths) {
      const response = await send(ctx, 'GET', path);
      expect(response.status, path).toBe(404);
      expect(Buffer.from(response.bytes).toString('utf8')).not.toContain('root:');
      expect(response.headers.get('cache-control')).not.toBe(IMMUTABLE);
    }
    expect(existsSync(join(uploadDir, 'appunti.txt'))).toBe(true);
  });
});

describe('POST /api/admin/remove-background', () => {
  it('returns the PNG from the service, sending the key only in X-Api-Key', async () => {
    fake.requests.length = 0;
    const response = await postImage(ctx, '/api/admin/remove-background', { bytes: jpeg, name: 'prodotto.jpg', type: 'image/jpeg' }, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const metadata = await sharp(response.bytes).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.hasAlpha).toBe(true);
    expect([metadata.width, metadata.height]).toEqual([1600, 2400]);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['x-api-key']).toBe(SECRET_KEY);
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.fields.size).toBe('auto');
    expect(sent.file).not.toBeNull();
    expect(Buffer.compare(Buffer.from(sent.file!.bytes), jpeg)).toBe(0);
    expect(sent.file!.type).toBe('image/jpeg');
    expect(sent.status).toBe(200);
    // The key travels in the header only.
    expect(JSON.stringify(sent.fields)).not.toContain(SECRET_KEY);
  });

  it('sends a GIF to the service as its first frame in PNG (the service takes JPEG, PNG and WebP)', async () => {
    fake.requests.length = 0;
    const gif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c00' } }).gif().toBuffer();
    const response = await postImage(ctx, '/api/admin/remove-background', { bytes: gif, name: 'prodotto.gif', type: 'image/gif' }, token);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!.file!;
    expect(sent.type).toBe('image/png');
    const metadata = await sharp(Buffer.from(sent.bytes)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 60, 40]);
  });

  it('answers 503 with the spec message when REMOVE_BG_API_KEY is not set', async () => {
    const before = fake.requests.length;
    const smallToken = await small.login();
    const response = await postImage(small, '/api/admin/remove-background', { bytes: pngWithAlpha, name: 'p.png', type: 'image/png' }, smallToken);
    expect(response.status).toBe(503);
    expect(response.json.error.message).toBe('Errore nella rimozione dello sfondo. Verifica la chiave API e riprova.');
    expect(response.json.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(response.json.error.details.join(' ')).toContain('REMOVE_BG_API_KEY');
    expect(fake.requests.length).toBe(before);
  });

  it('answers 502 with the spec message when the service refuses the key', async () => {
    const wrongToken = await wrongKey.login();
    const response = await postImage(wrongKey, '/api/admin/remove-background', { bytes: pngWithAlpha, name: 'p.png', type: 'image/png' }, wrongToken);
    expect(response.status).toBe(502);
    expect(response.json.error).toMatchObject({ code: 'UPSTREAM_ERROR', message: BACKGROUND_REMOVAL_ERROR_MESSAGE });
    expect(response.json.error.details.join(' ')).toContain('REMOVE_BG_API_KEY');
    expect(fake.requests.at(-1)).toMatchObject({ status: 403 });
    expect(fake.requests.at(-1)!.headers['x-api-key']).toBe(WRONG_KEY);
  });

  it('answers 502 for service errors and for an answer that is not a PNG', async () => {
    const faults = [
      { status: 500 },
      { status: 402 },
      { status: 429 },
      { status: 400 },
      { status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } },
      { status: 200, body: 'questo non è un png', headers: { 'content-type': 'image/png' } },
    ];
    for (const fault of faults) {
      fake.failNext(1, fault);
      const response = await postImage(ctx, '/api/admin/remove-background', { bytes: pngWithAlpha, name: 'p.png', type: 'image/png' }, token);
      expect(response.status, JSON.stringify(fault)).toBe(502);
      expect(response.json.error.message).toBe(BACKGROUND_REMOVAL_ERROR_MESSAGE);
    }
  });

  it('checks the upload before calling the service (400, 415, 413)', async () => {
    const before = fake.requests.length;
    const none = await postImage(ctx, '/api/admin/remove-background', null, token);
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe('Nessuna immagine caricata');
    const text = await postImage(ctx, '/api/admin/remove-background', { bytes: Buffer.from('ciao'), name: 'x.png', type: 'image/png' }, token);
    expect(text.status).toBe(415);
    expect(text.json.error.message).toBe(NOT_AN_IMAGE);
    const smallToken = await small.login();
    const big = await postImage(small, '/api/admin/remove-background', { bytes: await noisyPng(), name: 'g.png', type: 'image/png' }, smallToken);
    expect(big.status).toBe(413);
    expect(fake.requests.length).toBe(before);
  });

  it('gives up after the timeout (client and service)', async () => {
    const client = createRemoveBgClient({ apiKey: SECRET_KEY, apiUrl: fake.url, timeoutMs: 200 });
    fake.failNext(1, { delayMs: 2000 });
    const error = await client.removeBackground({ bytes: pngWithAlpha, contentType: 'image/png' }).catch((e: unknown) => e);
    expect(isRemoveBgError(error, 'timeout')).toBe(true);
    expect(String((error as Error).message)).not.toContain(SECRET_KEY);

    const media = createMediaService({ config: ctx.config, backgroundRemover: createRemoveBgClient({ apiKey: SECRET_KEY, apiUrl: fake.url, timeoutMs: 200 }) });
    fake.failNext(1, { delayMs: 2000 });
    await expect(media.removeBackground(pngWithAlpha)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', status: 502, message: BACKGROUND_REMOVAL_ERROR_MESSAGE });
    expect(ctx.config.removeBg?.apiUrl).toBe(fake.url);
  });

  it('never lets the key reach a response body, a header or a log line', () => {
    expect(seen.length).toBeGreaterThan(50);
    expect(logged.some((line) => line.includes('/api/admin/remove-background'))).toBe(true); // the log was on
    expect(logged.some((line) => line.includes('[remove-bg]'))).toBe(true); // failures were logged
    for (const text of [...seen, ...logged]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(WRONG_KEY);
    }
  });
});
