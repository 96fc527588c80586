/**
 * Size limits of uploaded images: decompression bombs and oversized images are refused
 * from the dimensions in their header, in well under a second, before any pixel is decoded; images within
 * the limits, however narrow or tall, are stored (a 2 x 20,000,000 PNG used to cost 24 s, then a 500).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, MAX_INPUT_SIDE } from '../../src/modules/media/media.service';
import { startFakeRemoveBg, type FakeRemoveBg } from '../fakes/remove-bg';
import { createTestContext, type TestContext } from '../helpers/test-app';

/** The issue asks for "well under a second"; a loaded CI machine gets some slack. */
const FAST_MS = 2000;
const LIMIT_MESSAGE = /^Immagine troppo grande \([\d.]+ × [\d.]+ pixel\): al massimo 25 megapixel e 16\.383 pixel per lato\. Riducila e riprova\.$/;

let ctx: TestContext;
let token: string;
let uploadDir: string;
let fake: FakeRemoveBg;

beforeAll(async () => {
  fake = await startFakeRemoveBg();
  uploadDir = mkdtempSync(join(tmpdir(), 'buildpc-upload-limits-'));
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir, REMOVE_BG_API_KEY: fake.apiKey, REMOVE_BG_API_URL: fake.url });
  token = await ctx.login();
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8 bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A bomb: the header declares width x height, the data holds almost nothing. */
const pngBomb = (width: number, height: number) => png(width, height, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));

/** A complete, valid black greyscale PNG, compressed as it streams (2 x 20,000,000 px is 60 MB of rows, about 60 KB deflated). */
async function blackPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const rowsPerWrite = Math.max(1, Math.floor((1024 * 1024) / (width + 1)));
  const block = Buffer.alloc(rowsPerWrite * (width + 1)); // each row: filter byte 0, then zero pixels
  for (let row = 0; row < height; row += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, height - row);
    if (!deflate.write(block.subarray(0, rows * (width + 1)))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return png(width, height, Buffer.concat(parts));
}

/** A small real JPEG whose SOF header is rewritten to declare width x height. */
async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1]! >= 0xc0 && jpeg[i + 1]! <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('SOF marker not found');
}

const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).jpeg({ quality: 80 }).toBuffer();

async function post(path: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const started = performance.now();
  const response = await ctx.app.request(path, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

const storedFiles = () => readdirSync(uploadDir).filter((name) => name.endsWith('.webp'));

interface Oversized {
  name: string;
  make: () => Promise<Buffer>;
  file: string;
  type: string;
  maxFileBytes: number;
}

const OVERSIZED: Oversized[] = [
  { name: 'PNG bomb declaring 30,000 x 30,000', make: async () => pngBomb(30_000, 30_000), file: 'bomba.png', type: 'image/png', maxFileBytes: 200 },
  { name: 'JPEG bomb declaring 65,000 x 65,000', make: () => jpegBomb(65_000, 65_000), file: 'bomba.jpg', type: 'image/jpeg', maxFileBytes: 2_000 },
  { name: 'complete 2 x 20,000,000 PNG (40 MP)', make: () => blackPng(2, 20_000_000), file: 'striscia.png', type: 'image/png', maxFileBytes: 200_000 },
  { name: '40 MP JPEG (8000 x 5000)', make: () => solidJpeg(8000, 5000), file: 'foto-40mp.jpg', type: 'image/jpeg', maxFileBytes: 8 * 1024 * 1024 },
  { name: '48 MP phone photo (8064 x 6048)', make: () => solidJpeg(8064, 6048), file: 'foto-48mp.jpg', type: 'image/jpeg', maxFileBytes: 8 * 1024 * 1024 },
  { name: 'side of 16,384 px (16,384 x 1 PNG)', make: () => blackPng(MAX_INPUT_SIDE + 1, 1), file: 'riga.png', type: 'image/png', maxFileBytes: 1_000 },
];

describe('oversized images', () => {
  it.each(OVERSIZED)('$name: 413 naming the limits, in well under a second, nothing stored', async ({ make, file, type, maxFileBytes }) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThan(maxFileBytes);
    const before = storedFiles().length;
    for (const path of ['/api/admin/upload', '/api/admin/remove-background']) {
      const requestsBefore = fake.requests.length;
      const response = await post(path, bytes, file, type);
      console.log(`[media-limits] ${file} -> ${path}: ${response.status} in ${response.ms.toFixed(0)} ms`);
      expect(response.status, JSON.stringify(response.body)).toBe(413);
      expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(response.body.error.message).toMatch(LIMIT_MESSAGE);
      expect(response.ms).toBeLessThan(FAST_MS);
      expect(fake.requests.length, 'never sent to remove.bg').toBe(requestsBefore);
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a bomb within the limits as not an image (415), without a long decode', async () => {
    // 5000 x 5000 is within 25 MP, but the data stops after a few bytes: the decoder fails at once.
    const response = await post('/api/admin/upload', pngBomb(5000, 5000), 'troncata.png', 'image/png');
    console.log(`[media-limits] truncated 25 MP PNG: ${response.status} in ${response.ms.toFixed(0)} ms`);
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(response.ms).toBeLessThan(FAST_MS);
  });
});

describe('images within the limits', () => {
  it(`stores an image of exactly ${MAX_INPUT_PIXELS / 1_000_000} MP (5000 x 5000) at 1920 x 1920`, async () => {
    const response = await post('/api/admin/upload', await blackPng(5000, 5000), 'limite.png', 'image/png');
    console.log(`[media-limits] 25 MP PNG stored in ${response.ms.toFixed(0)} ms`);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([1920, 1920]);
  });

  it(`stores an image ${MAX_INPUT_SIDE} px tall and 2 px wide (the tallest WebP), keeping its height`, async () => {
    const response = await post('/api/admin/upload', await blackPng(2, MAX_INPUT_SIDE), 'alta.png', 'image/png');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([2, MAX_INPUT_SIDE]);
    expect(response.body.variants.map((v: { width: number }) => v.width)).toEqual([2]);
  });

  it(`stores an image ${MAX_INPUT_SIDE} px wide and 1 px tall at 1920 x 1`, async () => {
    const response = await post('/api/admin/upload', await blackPng(MAX_INPUT_SIDE, 1), 'riga.png', 'image/png');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([1920, 1]);
  });
});
