/**
 * Shared by the backup tests: a site filled through the real API with something in every backed-up
 * table, empty targets on either database, table dumps and image listings to compare, and the CLI run
 * as the operator runs it (a child process of `tsx src/server/backup-cli.ts`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import { type AppConfig, loadConfig } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import type { Database } from '../../src/db/tables';
import { seedDemoContent } from '../../src/db/seed';
import type { ObjectStorage } from '../../src/integrations/storage';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { BACKUP_TABLES } from '../../src/modules/backup/backup.schema';
import { createUploadStorage } from '../../src/modules/media';
import type { FakeCreatorsApi } from '../fakes/creators-api';
import type { TestContext } from '../helpers/test-app';
import { sampleBuild } from '../helpers/test-app';
import { createTestDatabase, type TestDialect } from '../helpers/test-database';
import { nodeArgsFor } from '../helpers/child-entries';
import { HEADERS_EN, reportText } from '../revenue/report-fixtures';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const CPU = 'B0BKPCPU01';
export const CPU_ALT = 'B0BKPALT01';
export const GPU = 'B0BKPGPU01';
const READER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Text that must survive both databases and the archive byte for byte. */
export const TRICKY_TEXT = 'È perché “virgolette” e \'apici\', emoji 🚀, tab\t, a capo\ne \\ barra: <b>&amp;</b>';

export function otherDialect(dialect: TestDialect): TestDialect {
  return dialect === 'sqlite' ? 'postgres' : 'sqlite';
}

/** The DATABASE_URL of a configuration. */
export function databaseUrl(config: AppConfig): string {
  return config.database.dialect === 'sqlite' ? config.database.filename : config.database.connectionString;
}

export function temporaryDirectory(cleanups: (() => unknown)[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A WebP-convertible picture that differs by `seed`, big enough to get several stored widths. */
export async function samplePicture(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1300, height: 700, channels: 3, background: { r: (seed * 70) % 256, g: 120, b: (seed * 30) % 256 } } })
    .composite([{ input: Buffer.from(`<svg width="400" height="200"><text x="10" y="100" font-size="60">${seed}</text></svg>`), top: 50, left: 50 }])
    .png()
    .toBuffer();
}

/**
 * Content in every backed-up table, through the real services and API: the demo site, two uploaded
 * images (one the featured image of a build), a price refresh against the fake retailer (observations
 * and a job run), a smart replacement (a replacement record), a visit with an owned part and two clicks (the
 * analytics), a
 * deleted build with its two clicks kept,
 * an account and a session.
 */
export async function fillSite(ctx: TestContext, fake: FakeCreatorsApi): Promise<{ buildId: number; imageUrl: string }> {
  expect(await seedDemoContent(ctx.database.db)).toBe(true);
  const first = await ctx.services.media.saveUploadedImage(await samplePicture(1));
  await ctx.services.media.saveUploadedImage(await samplePicture(2));

  fake.setItem({ asin: CPU, title: 'Processore originale', brand: 'AMD', price: 100, availability: 'OUT_OF_STOCK' });
  fake.setItem({ asin: CPU_ALT, title: 'Processore sostitutivo', brand: 'AMD', price: 104.5, availability: 'IN_STOCK' });
  fake.setItem({ asin: GPU, title: 'Scheda video', brand: 'NVIDIA', price: 449.9, availability: 'IN_STOCK' });

  const token = await ctx.login();
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await ctx.request(method, `/api/admin${path}`, { token, body });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  await api('POST', '/alternatives', { originalAsin: CPU, alternativeAsin: CPU_ALT, alternativeName: 'Processore sostitutivo', alternativePrice: null, priority: 1 });
  const { build } = await api(
    'POST',
    '/builds',
    sampleBuild({
      title: 'Build con immagine e sostituzione',
      content: `## Testo\n\n${TRICKY_TEXT}`,
      featured_image: first.url,
      components: [
        { type: 'CPU', name: 'Processore originale', brand: 'AMD', price: 100, amazon_link: `https://www.amazon.it/dp/${CPU}` },
        { type: 'GPU', name: 'Scheda video', price: 449.9, amazon_link: `https://www.amazon.it/dp/${GPU}`, specs: TRICKY_TEXT },
      ],
    }),
  );
  await api('POST', `/builds/${build.id}/update-prices`);
  await api('POST', `/builds/${build.id}/smart-replacement`);
  // The click analytics: a reader's visit, a click on a component link and one on the cart link.
  const reader = { 'User-Agent': READER_UA, 'X-Forwarded-For': '203.0.113.77' };
  // The visit as the page cache reports the build page's answer to the counter (this context has no pages).
  const readerHeader = (name: string) => ({ 'user-agent': READER_UA, 'sec-fetch-dest': 'document' })[name.toLowerCase()];
  // Opened with a part marked as owned (decision 030): a personalised visit and a choice.
  const query = `possiedo=${build.components[1].id}`;
  expect(ctx.services.analytics.noteVisit({ method: 'GET', path: `/build/${build.slug}`, query, status: 200, clientAddress: '203.0.113.77', header: readerHeader })).toBe(true);
  await ctx.services.analytics.flushVisits();
  for (const beacon of [{ build: build.slug, component_id: build.components[1].id }, { build: build.slug, target: 'cart' }]) {
    const click = await ctx.request('POST', CLICK_BEACON_PATH, { rawBody: JSON.stringify(beacon), headers: { ...reader, 'Content-Type': 'text/plain;charset=UTF-8' } });
    expect(click.status).toBe(204);
  }
  // A deleted build whose clicks are kept (deleted_builds, decision 027).
  const { build: gone } = await api('POST', '/builds', sampleBuild({ title: 'Build eliminata' }));
  for (const beacon of [{ build: gone.slug, component_id: gone.components[0].id }, { build: gone.slug, target: 'cart' }]) {
    const click = await ctx.request('POST', CLICK_BEACON_PATH, { rawBody: JSON.stringify(beacon), headers: { ...reader, 'Content-Type': 'text/plain;charset=UTF-8' } });
    expect(click.status).toBe(204);
  }
  await api('DELETE', `/builds/${gone.id}`);
  // Visitors' alerts, personal data carried only --with-users: an active price alert and a
  // pending stock alert. Written directly: this site has no mail transport, which subscribing requires.
  const alertTimes = { created_at: '2026-11-20T10:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z' };
  await ctx.database.db
    .insertInto('price_alerts')
    .values([
      { build_id: build.id, component_id: null, email: 'lettore@example.com', max_total_cents: 99_900, status: 'active', confirm_token_hash: 'a'.repeat(64), unsubscribe_token_hash: 'b'.repeat(64), confirmed_at: '2026-11-20T11:00:00.000Z', ...alertTimes },
      { build_id: build.id, component_id: build.components[1].id, email: 'altro@example.com', max_total_cents: null, status: 'pending', confirm_token_hash: 'c'.repeat(64), unsubscribe_token_hash: 'd'.repeat(64), confirmed_at: null, ...alertTimes },
    ])
    .execute();
  // Deals (decision 046): the channel's memory of a posted low, and a build kept out of the deals.
  await ctx.database.db.insertInto('deal_posts').values({ asin: 'B0BMQJWBDM', low_cents: 17_000, posted_at: '2026-11-20T12:00:00.000Z' }).execute();
  await ctx.database.db.updateTable('builds').set({ deals_excluded: 1 }).where('id', '=', build.id).execute();
  // Scheduled publishing: a publish_at to carry across (the seeded draft, scheduled far ahead).
  const { builds } = await api('GET', '/builds');
  const draft = await api('GET', `/builds/${builds.find((b: { status: string }) => b.status === 'draft').id}`);
  await api('PUT', `/builds/${draft.build.id}`, { ...draft.build, status: 'scheduled', publish_at: '2099-01-01T08:00:00.000Z' });
  // The affiliate earnings (decision 045): a report with a header mapped by the author (remembered), a sale
  // of the build's part under the default tag (an estimated share) and one no build explains.
  const headers = HEADERS_EN.map((header) => (header === 'Ad Fees(€)' ? 'Compenso(€)' : header));
  const sale = { name: 'Scheda video', tracking: ctx.config.defaultAffiliateTag, day: '2026-11-20', price: 449.9, items: 1, returns: 0, revenue: 449.9, fees: 13.5 };
  const report = reportText([{ ...sale, asin: GPU }, { ...sale, asin: 'B0NOBODY01', name: '=HYPERLINK("x")', fees: 0.33 }], { headers, title: { from: '2026-11-01', to: '2026-11-27' } });
  await ctx.services.revenue.importReport({ fileName: 'Fee-Earnings.csv', bytes: new TextEncoder().encode(report), mapping: { ad_fees: 'Compenso(€)' }, importedBy: 'admin' });
  return { buildId: build.id, imageUrl: first.url };
}

/** Every row of every backed-up table, all columns, in id order. */
export async function dumpTables(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    dump[table.name] = await (db as Kysely<any>).selectFrom(table.name).selectAll().orderBy('id').execute();
  }
  return dump;
}

/** Every stored image with its bytes, through the storage of the configuration (whatever its driver). */
export async function readImages(storage: ObjectStorage): Promise<Map<string, { contentType: string; bytes: Buffer }>> {
  const images = new Map<string, { contentType: string; bytes: Buffer }>();
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  for (const key of keys.sort()) {
    const object = await storage.get(key);
    if (object) images.set(key, { contentType: object.contentType, bytes: Buffer.from(object.bytes) });
  }
  return images;
}

export interface Site {
  config: AppConfig;
  database: DatabaseHandle;
  storage: ObjectStorage;
  url: string;
  uploadDir: string;
  /** The environment the CLI needs to work on this site. */
  env: Record<string, string>;
}

/** A new, empty (not even migrated) database of the dialect, with its own upload directory. */
export async function createEmptySite(dialect: TestDialect, cleanups: (() => unknown)[]): Promise<Site> {
  const testDb = await createTestDatabase(dialect);
  cleanups.push(() => testDb.drop());
  const uploadDir = join(temporaryDirectory(cleanups), 'uploads');
  const env = { NODE_ENV: 'test', DATABASE_URL: testDb.url, UPLOAD_DIR: uploadDir, LOG_REQUESTS: 'false' };
  const config = loadConfig(env);
  const database = openDatabase(config.database);
  cleanups.push(() => database.destroy());
  return { config, database, storage: createUploadStorage({ config, db: database.db }), url: testDb.url, uploadDir, env };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup|restore -- ...` as the operator would (without npm's own output). */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgsFor('src/server/backup-cli.ts'), ...args], {
      cwd: PROJECT_ROOT,
      // Only what the test names: no ADMIN_* or DATABASE_URL leaking in from the outer environment.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
