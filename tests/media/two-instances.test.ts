/**
 * Acceptance for images across instances: two app instances in two processes, each with its own
 * database pool and its own (empty) UPLOAD_DIR, on one database. An image uploaded through one is
 * served, every variant, byte for byte, by the other; both uploading the same image at once succeed.
 *
 * On PostgreSQL the instances run with the defaults (UPLOAD_STORAGE unset: the database). On SQLite,
 * where the default is the directory, they share the database file with UPLOAD_STORAGE=database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';
import { nodeArgsFor } from '../helpers/child-entries';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' } as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Instance {
  name: string;
  url: string;
  uploadDir: string;
  output(): string;
  stop(): Promise<void>;
}

interface Upload {
  url: string;
  variants: { width: number; url: string }[];
}

let root: string;
let database: TestDatabase;
let one: Instance;
let two: Instance;
const children: ChildProcess[] = [];

async function startInstance(name: string): Promise<Instance> {
  const uploadDir = join(root, `uploads-${name}`);
  const child = spawn(process.execPath, nodeArgsFor('tests/media/app-instance.ts'), {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      UPLOAD_DIR: uploadDir,
      ...(testDialect === 'sqlite' && { UPLOAD_STORAGE: 'database' }),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} did not start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = /LISTENING (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited with ${code}:\n${output}`));
    });
  });
  return {
    name,
    url,
    uploadDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'buildpc-two-instances-'));
  database = await createTestDatabase();
  // One after the other: the first prepares the database (migrations, admin, demo content).
  one = await startInstance('uno');
  two = await startInstance('due');
}, 120_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function login(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function upload(instance: Instance, token: string, bytes: Buffer): Promise<{ status: number; body: Upload }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${instance.url}/api/admin/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as Upload };
}

/** A photo-like 2000x1200 JPEG, different for each seed. */
function photo(seed: number): Promise<Buffer> {
  const width = 2000;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (((i / 3) % width) * 255) / width;
    pixels[i + 1] = (seed * 53) & 0xff;
    pixels[i + 2] = state & 0x3f;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function fetchImage(instance: Instance, path: string, init: RequestInit = {}) {
  const response = await fetch(`${instance.url}${path}`, init);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file left in an instance's upload directory (none: the images are in the database). */
const filesIn = (instance: Instance) => (existsSync(instance.uploadDir) ? readdirSync(instance.uploadDir) : []);

describe(`two instances on one ${testDialect} database`, () => {
  it('serve each other every variant of an upload, byte for byte', async () => {
    expect(one.url).not.toBe(two.url);
    const { status, body } = await upload(one, await login(one), await photo(1));
    expect(status).toBe(201);
    expect(body.variants.map((variant) => variant.width)).toEqual([480, 960, 1280, 1920]);

    for (const variant of body.variants) {
      const there = await fetchImage(two, variant.url);
      expect(there.response.status, `${variant.url} through the other instance`).toBe(200);
      expect(there.response.headers.get('content-type')).toBe('image/webp');
      expect(there.response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(there.response.headers.get('content-length')).toBe(String(there.bytes.length));
      expect(there.response.headers.get('etag')).toBe(`"${variant.url.slice('/uploads/'.length)}"`);
      const metadata = await sharp(there.bytes).metadata();
      expect([metadata.format, metadata.width]).toEqual(['webp', variant.width]);
      const here = await fetchImage(one, variant.url);
      expect(Buffer.compare(there.bytes, here.bytes)).toBe(0);
      // A cache revalidating against the other instance: 304, no body.
      const revalidated = await fetchImage(two, variant.url, { headers: { 'If-None-Match': there.response.headers.get('etag')! } });
      expect(revalidated.response.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
    }
    expect(filesIn(one)).toEqual([]);
    expect(filesIn(two)).toEqual([]);
  });

  it('work the other way round too', async () => {
    const { status, body } = await upload(two, await login(two), await photo(2));
    expect(status).toBe(201);
    for (const variant of body.variants) {
      const { response, bytes } = await fetchImage(one, variant.url);
      expect(response.status).toBe(200);
      expect((await sharp(bytes).metadata()).width).toBe(variant.width);
    }
  });

  it('both succeed when they store the same image at the same time', async () => {
    const bytes = await photo(3);
    const [tokenOne, tokenTwo] = await Promise.all([login(one), login(two)]);
    const results = await Promise.all([0, 1, 2, 3].map((i) => upload(i % 2 ? two : one, i % 2 ? tokenTwo : tokenOne, bytes)));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201]);
    for (const result of results) expect(result.body).toEqual(results[0]!.body);
    for (const variant of results[0]!.body.variants) {
      for (const instance of [one, two]) expect((await fetchImage(instance, variant.url)).response.status).toBe(200);
    }
    expect(one.output() + two.output()).not.toMatch(/error|errore/i);
  });

  it('answer 404, not another instance\'s guess, for an image nobody uploaded', async () => {
    for (const instance of [one, two]) {
      const { response } = await fetchImage(instance, `/uploads/${'d'.repeat(64)}-480.webp`);
      expect(response.status).toBe(404);
    }
  });
});
