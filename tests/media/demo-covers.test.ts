/**
 * The first start gives every demo build a cover (decision 022): bootstrap on an empty database
 * seeds the demo content and uploads the committed covers (src/db/demo-covers/) through the media
 * service, into the configured storage, directory or database; each build's featured_image is then served
 * as WebP at the cover's size, with its narrower variants. A cover that cannot be read is logged and
 * skipped: the start goes on.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { addDemoCovers, DEMO_COVERS_DIR, demoCoverTitles } from '../../src/db/demo-covers';
import { demoBuilds } from '../../src/db/seed-data';
import { createApp } from '../../src/server/app';
import { bootstrap, type Runtime } from '../../src/server/bootstrap';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

const root = mkdtempSync(join(tmpdir(), 'buildpc-demo-covers-'));
const opened: { runtime: Runtime; testDb: TestDatabase }[] = [];

afterAll(async () => {
  for (const { runtime, testDb } of opened) {
    await runtime.shutdown();
    await testDb.drop();
  }
  rmSync(root, { recursive: true, force: true });
});

async function firstStart(env: Record<string, string>): Promise<Runtime> {
  const testDb = await createTestDatabase(testDialect, { migrated: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    LOG_REQUESTS: 'false',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'Adm1n!Secure#2026',
    ...env,
  });
  const runtime = await bootstrap(config, { runJobs: false });
  opened.push({ runtime, testDb });
  return runtime;
}

describe.each([
  { storage: 'directory', env: () => ({ UPLOAD_STORAGE: 'directory', UPLOAD_DIR: join(root, 'directory') }) },
  { storage: 'database', env: () => ({ UPLOAD_STORAGE: 'database', UPLOAD_DIR: join(root, 'never-used') }) },
])(`first start on ${testDialect}, UPLOAD_STORAGE=$storage`, ({ storage, env }) => {
  it('every demo build has a featured image, served as WebP 1280x720 with its variants', async () => {
    const started = Date.now();
    const runtime = await firstStart(env());
    const seconds = (Date.now() - started) / 1000;
    console.log(`first start with the demo covers (${testDialect}, ${storage}): ${seconds.toFixed(1)} s`);
    const app = createApp({ config: runtime.config, database: runtime.database, services: runtime.services });
    const builds = await runtime.database.db.selectFrom('builds').select(['slug', 'featured_image']).orderBy('id').execute();
    expect(builds).toHaveLength(demoBuilds.length);
    expect(builds.map((build) => build.slug)).toEqual(demoCoverTitles().map((demo) => demo.slug));
    const urls = new Set<string>();
    for (const build of builds) {
      expect(build.featured_image, build.slug).toMatch(/^\/uploads\/[a-f0-9]{64}-1280\.webp$/);
      urls.add(build.featured_image!);
      const response = await app.request(build.featured_image!);
      expect(response.status, build.slug).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1280, 720]);
      for (const width of [480, 960]) {
        const variant = await app.request(build.featured_image!.replace('-1280.webp', `-${width}.webp`));
        expect(variant.status, `${build.slug} ${width}`).toBe(200);
      }
    }
    // Seven different covers, one per title.
    expect(urls.size).toBe(demoBuilds.length);
    // Where they went: files in UPLOAD_DIR, or rows of media_blobs and no file.
    const blobs = await runtime.database.db.selectFrom('media_blobs').select('key').execute();
    if (storage === 'directory') {
      expect(blobs).toEqual([]);
      expect(readdirSync(join(root, 'directory')).filter((name) => name.endsWith('.webp'))).toHaveLength(3 * demoBuilds.length);
    } else {
      expect(blobs).toHaveLength(3 * demoBuilds.length);
    }
  });
});

describe('a cover that cannot be read or stored', () => {
  it('is logged and skipped; the others are set, and a second run changes nothing', async () => {
    const runtime = await firstStart({ UPLOAD_STORAGE: 'directory', UPLOAD_DIR: join(root, 'partial') });
    const db = runtime.database.db;
    await db.updateTable('builds').set({ featured_image: null }).execute();
    // A copy of the covers without the first one's file.
    const partial = join(root, 'covers-partial');
    cpSync(DEMO_COVERS_DIR, partial, { recursive: true });
    const [missing, ...present] = demoCoverTitles();
    rmSync(join(partial, `${missing!.slug}.webp`));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await addDemoCovers(db, (bytes) => runtime.services.media.saveUploadedImage(bytes), partial)).toBe(present.length);
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`copertina dimostrativa di "${missing!.slug}" non caricata`)]);
    } finally {
      warn.mockRestore();
    }
    const rows = await db.selectFrom('builds').select(['slug', 'featured_image']).execute();
    expect(rows.filter((row) => row.featured_image === null).map((row) => row.slug)).toEqual([missing!.slug]);
    // Builds that have an image keep it.
    expect(await addDemoCovers(db, (bytes) => runtime.services.media.saveUploadedImage(bytes))).toBe(1);
    expect(await addDemoCovers(db, (bytes) => runtime.services.media.saveUploadedImage(bytes))).toBe(0);
    // A first start and two rounds of image processing: seconds on a quiet machine, more on a busy one.
  }, 120_000);
});
