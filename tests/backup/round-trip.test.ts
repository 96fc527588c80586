/**
 * The documented way to move a site between databases: `npm run backup` on one, `npm run restore` on
 * the other, and back. Runs on both databases whatever TEST_DB says: the source is TEST_DB's database,
 * the middle the other one (SQLite -> PostgreSQL -> SQLite, or PostgreSQL -> SQLite -> PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadStorage } from '../../src/modules/media';
import { createServices } from '../../src/modules/services';
import { createApp } from '../../src/server/app';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { ADMIN, createTestContext, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';
import {
  createEmptySite,
  databaseUrl,
  dumpTables,
  fillSite,
  otherDialect,
  readImages,
  runCli,
  type Site,
  temporaryDirectory,
  TRICKY_TEXT,
} from './backup-fixtures';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const cleanups: (() => unknown)[] = [];
/** Each CLI run starts node with tsx (a few seconds on a busy machine): generous, not a timing goal. */
const CLI_TEST_TIMEOUT = 180_000;
let fake: FakeCreatorsApi;
let source: TestContext;
let sourceEnv: Record<string, string>;
let filled: { buildId: number; imageUrl: string };
let archives: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  cleanups.push(() => fake.close());
  archives = temporaryDirectory(cleanups);
  const uploadDir = join(temporaryDirectory(cleanups), 'uploads');
  source = await createTestContext({ ...retailerEnv(fake), UPLOAD_DIR: uploadDir }, { dialect: testDialect });
  cleanups.push(() => source.close());
  sourceEnv = { NODE_ENV: 'test', DATABASE_URL: databaseUrl(source.config), UPLOAD_DIR: uploadDir };
  filled = await fillSite(source, fake);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The archive's lines without the manifest (which names the source dialect and the time). */
function bodyLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n').slice(1);
}

async function backupAndRestore(from: Record<string, string>, to: Site, archive: string) {
  const backup = await runCli(['backup', '--out', archive, '--with-users'], from);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(/^Backup scritto in .* 8 build, 57 componenti, .*1 sostituzione.*, 8 immagini\.\n$/);
  const restore = await runCli(['restore', archive], to.env);
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toMatch(/^Ripristino completato da .*: 1 utente, 1 sessione, 8 build, 57 componenti/);
  expect(restore.stdout).not.toContain('Account amministratore creato'); // the archive brought its own
}

describe(`backup and restore ${testDialect} -> ${otherDialect(testDialect)} -> ${testDialect}`, () => {
  it('keeps every row of every table and every image byte for byte, both ways', async () => {
    const middle = await createEmptySite(otherDialect(testDialect), cleanups);
    const final = await createEmptySite(testDialect, cleanups);
    const first = join(archives, 'first.ndjson.gz');
    const second = join(archives, 'second.ndjson.gz');

    await backupAndRestore(sourceEnv, middle, first);
    await backupAndRestore(middle.env, final, second);

    const original = await dumpTables(source.database.db);
    // The fixture really did reach every table (an empty table would prove nothing).
    for (const [table, rows] of Object.entries(original)) expect(rows.length, table).toBeGreaterThan(0);
    expect(await dumpTables(middle.database.db)).toEqual(original);
    expect(await dumpTables(final.database.db)).toEqual(original);
    // The per-day price history is not in the archive: each restore made it again from the observations.
    const days = (db: typeof source.database.db) => db.selectFrom('price_days').selectAll().orderBy('asin').orderBy('day').execute();
    const originalDays = await days(source.database.db);
    expect(originalDays.length).toBeGreaterThan(0);
    expect(await days(middle.database.db)).toEqual(originalDays);
    expect(await days(final.database.db)).toEqual(originalDays);

    const images = await readImages(createUploadStorage({ config: source.config, db: source.database.db }));
    expect(images.size).toBe(8);
    expect(await readImages(middle.storage)).toEqual(images);
    expect(await readImages(final.storage)).toEqual(images);

    // Both archives hold the same rows and images, whatever database they were taken from.
    expect(bodyLines(second)).toEqual(bodyLines(first));
  }, CLI_TEST_TIMEOUT);

  it('the restored site works: the admin signs in, the build page shows the text and the image is served', async () => {
    const target = await createEmptySite(otherDialect(testDialect), cleanups);
    const archive = join(archives, 'site.ndjson.gz');
    await backupAndRestore(sourceEnv, target, archive);

    const services = createServices({ db: target.database.db, config: target.config, scryptCost: TEST_SCRYPT_COST });
    const app = createApp({ config: target.config, database: target.database, services });
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.9' };
    const login = await app.request('/api/auth/login', { method: 'POST', headers, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);

    const authorization = { Authorization: `Bearer ${(await login.json()).token}` };
    const { build } = (await (await app.request(`/api/admin/builds/${filled.buildId}`, { headers: authorization })).json());
    expect(build.featured_image).toBe(filled.imageUrl);
    expect(build.content).toContain(TRICKY_TEXT);
    expect(build.components.find((c: any) => c.type === 'CPU')).toMatchObject({ is_replaced: 1, name: 'Processore sostitutivo' });
    // The analytics came along: the fixture's visit, its component click and its cart click.
    const analytics = await (await app.request(`/api/admin/builds/${filled.buildId}/analytics`, { headers: authorization })).json();
    expect(analytics).toMatchObject({ views: 1, clicks: 2, cart_clicks: 1 });
    expect(analytics.components.find((c: any) => c.clicks > 0)).toMatchObject({ name: 'Scheda video', clicks: 1 });

    const page = await app.request(`/api/builds/${build.slug}`);
    expect(page.status).toBe(200);
    const image = await app.request(filled.imageUrl);
    expect(image.status).toBe(200);
    const stored = await source.services.media.readUpload(filled.imageUrl.split('/').pop()!);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(stored!.bytes))).toBe(true);
  }, CLI_TEST_TIMEOUT);
});
