/**
 * The retailer state of the author's curated alternatives (migration 0017, decision 030): the author's
 * prices carry their source and date, every retailer answer updates the alternatives offering its ASIN and
 * goes to the price history, the tiers refresh the alternatives of published and scheduled builds' parts
 * with them (drafts' only by their manual refresh), the hourly image check includes them, listOffersFor
 * reads a build's offers in order, and archives made before the migration still restore. Real app, real
 * database, the fake Creators API over real HTTP.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { parseDatabaseUrl } from '../../src/config/env';
import { createBackup, restoreBackup } from '../../src/modules/backup';
import { systemClock } from '../../src/modules/clock';
import { createUploadStorage } from '../../src/modules/media';
import { createEmptySite, temporaryDirectory } from '../backup/backup-fixtures';
import { fakeImageUrl, startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { createTestDatabase, testDialect } from '../helpers/test-database';

const HOUR = 3_600_000;
/** Ten characters: B0ALT + five digits. */
const asin = (n: number) => `B0ALT${String(n).padStart(5, '0')}`;
const fakePrice = (n: number) => 200 + n + 0.25;
const cents = (euro: number) => Math.round(euro * 100);
const fakeItem = (n: number, overrides: Partial<FakeItem> = {}): FakeItem => ({
  asin: asin(n),
  title: `Prodotto ${n}`,
  brand: 'Marca',
  price: fakePrice(n),
  availability: 'IN_STOCK',
  ...overrides,
});
const CATALOGUE_SIZE = 30;

const cleanups: (() => unknown)[] = [];
let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: Array.from({ length: CATALOGUE_SIZE }, (_, i) => fakeItem(i + 1)) });
  cleanups.push(() => fake.close());
  const dir = temporaryDirectory(cleanups);
  ctx = await createTestContext({ ...retailerEnv(fake), PAGE_CACHE_MB: '0', UPLOAD_DIR: join(dir, 'uploads') });
  cleanups.push(() => ctx.close());
  token = await ctx.login();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

beforeEach(async () => {
  const db = ctx.database.db;
  for (const table of [
    'replacements',
    'alternatives',
    'alternative_categories',
    'price_observations',
    'price_days',
    'job_runs',
    'job_leases',
    'retailer_access_streaks',
    'components',
    'builds',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  for (let n = 1; n <= CATALOGUE_SIZE; n++) fake.setItem(fakeItem(n));
  fake.requests.length = 0;
});

function api(method: string, path: string, body?: unknown) {
  return ctx.request(method, `/api/admin${path}`, { token, body });
}

interface Part {
  n: number | null;
  type: string;
}

async function createBuild(title: string, parts: Part[], overrides: Record<string, unknown> = {}) {
  const response = await api(
    'POST',
    '/builds',
    sampleBuild({
      title,
      components: parts.map((part, i) => ({
        type: part.type,
        name: `Parte ${i} di ${title}`,
        price: 50,
        amazon_link: part.n === null ? '' : `https://www.amazon.it/dp/${asin(part.n)}`,
        asin: part.n === null ? null : asin(part.n),
      })),
      ...overrides,
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; components: { id: number; asin: string | null; type: string }[] };
}

async function addForProduct(original: number, n: number, options: { priority?: number; price?: number | null } = {}) {
  const response = await api('POST', '/alternatives', {
    originalAsin: asin(original),
    alternativeAsin: asin(n),
    alternativeName: `Alternativa ${n}`,
    alternativePrice: options.price === undefined ? 10 + n : options.price,
    priority: options.priority ?? 1,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.alternative as { id: number };
}

async function createGroup(componentType: string) {
  const response = await api('POST', '/alternative-categories', { name: `Gruppo ${componentType}`, description: null, component_type: componentType });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.category.id as number;
}

async function addMember(groupId: number, n: number, options: { priority?: number; price?: number | null } = {}) {
  const response = await api('POST', `/alternative-categories/${groupId}/alternatives`, {
    alternativeAsin: asin(n),
    alternativeName: `Membro ${n}`,
    alternativePrice: options.price === undefined ? 10 + n : options.price,
    priority: options.priority ?? 1,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.alternative as { id: number };
}

function alternativeRows() {
  return ctx.database.db.selectFrom('alternatives').selectAll().orderBy('id').execute();
}

async function alternativeOf(n: number) {
  const rows = (await alternativeRows()).filter((row) => row.alternative_asin === asin(n));
  expect(rows.length, asin(n)).toBeGreaterThan(0);
  return rows;
}

/** The ASINs of each GetItems request, in order. */
function askedBatches(): string[][] {
  return fake.requests.filter((request) => request.path.endsWith('/getItems')).map((request) => (request.body as { itemIds: string[] }).itemIds);
}

const asins = (...ns: number[]) => ns.map(asin).sort();

describe('migration 0017', () => {
  it('adds the retailer columns; prices already there become the author\'s, dated by their last edit', async () => {
    const testDb = await createTestDatabase();
    const database = openDatabase(parseDatabaseUrl(testDb.url));
    try {
      const { db, dialect } = database;
      const index = migrations.findIndex((migration) => migration.name === '0017-alternative-offers');
      for (const migration of migrations.slice(0, index)) await migration.up(db, dialect);
      const edited = '2026-10-01T08:00:00.000Z';
      const row = { original_asin: asin(1), category_id: null, alternative_name: 'Vecchia', priority: 1, created_at: '2026-09-01T08:00:00.000Z', updated_at: edited };
      await (db as any)
        .insertInto('alternatives')
        .values([
          { ...row, id: 1, alternative_asin: asin(2), alternative_price_cents: 12_345 },
          { ...row, id: 2, alternative_asin: asin(3), alternative_price_cents: null },
        ])
        .execute();

      await migrations[index]!.up(db, dialect);
      const columns = (await db.introspection.getTables()).find((table) => table.name === 'alternatives')!.columns.map((column) => column.name);
      expect(columns).toEqual(
        expect.arrayContaining(['price_source', 'price_updated_at', 'availability', 'availability_checked_at', 'image_url', 'image_checked_at']),
      );
      const fields = ['id', 'alternative_price_cents', 'price_source', 'price_updated_at', 'availability', 'availability_checked_at', 'image_url', 'image_checked_at'] as const;
      expect(await db.selectFrom('alternatives').select(fields).orderBy('id').execute()).toEqual([
        { id: 1, alternative_price_cents: 12_345, price_source: 'manual', price_updated_at: edited, availability: null, availability_checked_at: null, image_url: null, image_checked_at: null },
        { id: 2, alternative_price_cents: null, price_source: null, price_updated_at: null, availability: null, availability_checked_at: null, image_url: null, image_checked_at: null },
      ]);
    } finally {
      await database.destroy();
      await testDb.drop();
    }
  });
});

describe("the author's prices", () => {
  it('carry the source "manual" and the date they were typed; an unchanged price keeps the retailer\'s; clearing clears both', async () => {
    const created = ctx.clock.now().toISOString();
    const alternative = await addForProduct(1, 2, { price: 99.9 });
    const groupId = await createGroup('GPU');
    await addMember(groupId, 3, { price: null });
    const [product, member] = await alternativeRows();
    expect(product).toMatchObject({ alternative_price_cents: 9990, price_source: 'manual', availability: null, image_url: null });
    expect(Date.parse(product!.price_updated_at!)).toBeGreaterThanOrEqual(Date.parse(created));
    expect(member).toMatchObject({ alternative_price_cents: null, price_source: null, price_updated_at: null });

    // The admin shape does not change.
    const listed = await api('GET', `/alternatives/${asin(1)}`);
    expect(Object.keys(listed.body.alternatives[0]).sort()).toEqual(
      ['alternative_asin', 'alternative_name', 'alternative_price', 'category_id', 'created_at', 'id', 'original_asin', 'priority', 'updated_at'],
    );

    // The retailer prices it; an edit that sends that price back (the whole form) leaves it the retailer's.
    await ctx.services.pricing.refreshAsins([asin(2)]);
    const [refreshed] = await alternativeRows();
    expect(refreshed).toMatchObject({ alternative_price_cents: cents(fakePrice(2)), price_source: 'amazon' });
    ctx.clock.advance(HOUR);
    const body = { alternativeAsin: asin(2), alternativeName: 'Nome nuovo', alternativePrice: fakePrice(2), priority: 2 };
    expect((await api('PUT', `/alternatives/${alternative.id}`, body)).status).toBe(200);
    const [unchanged] = await alternativeRows();
    expect(unchanged).toMatchObject({ alternative_name: 'Nome nuovo', price_source: 'amazon', price_updated_at: refreshed!.price_updated_at, availability: 'IN_STOCK' });

    // A new price is the author's, dated now.
    ctx.clock.advance(HOUR);
    expect((await api('PUT', `/alternatives/${alternative.id}`, { ...body, alternativePrice: 150 })).status).toBe(200);
    const [typed] = await alternativeRows();
    expect(typed).toMatchObject({ alternative_price_cents: 15_000, price_source: 'manual' });
    expect(typed!.price_updated_at! > refreshed!.price_updated_at!).toBe(true);

    // Another product: the old one's availability and image no longer apply.
    expect(refreshed!.image_url).toBe(fakeImageUrl(asin(2), 500));
    expect((await api('PUT', `/alternatives/${alternative.id}`, { ...body, alternativeAsin: asin(4), alternativePrice: 150 })).status).toBe(200);
    const [moved] = await alternativeRows();
    expect(moved).toMatchObject({ alternative_asin: asin(4), price_source: 'manual', availability: null, availability_checked_at: null, image_url: null, image_checked_at: null });

    expect((await api('PUT', `/alternatives/${alternative.id}`, { ...body, alternativeAsin: asin(4), alternativePrice: null })).status).toBe(200);
    const [cleared] = await alternativeRows();
    expect(cleared).toMatchObject({ alternative_price_cents: null, price_source: null, price_updated_at: null });
  });
});

describe('the retailer refresh', () => {
  /**
   * A published build (CPU 1, gpu 2) and a draft (CPU 3, RAM 4). Alternatives: 10 and 12 for product 1,
   * 11 for the draft's product 3, GPU group members 12 and 13, RAM group member 14 (only the draft has RAM).
   */
  async function catalogue() {
    const published = await createBuild('Pubblicata', [
      { n: 1, type: 'CPU' },
      { n: 2, type: 'gpu' },
    ]);
    const draft = await createBuild(
      'Bozza',
      [
        { n: 3, type: 'CPU' },
        { n: 4, type: 'RAM' },
      ],
      { status: 'draft' },
    );
    await addForProduct(1, 10);
    await addForProduct(1, 12, { priority: 2 });
    await addForProduct(3, 11);
    const gpu = await createGroup('GPU');
    await addMember(gpu, 12);
    await addMember(gpu, 13);
    await addMember(await createGroup('RAM'), 14);
    expect((await api('POST', '/components/assign-tiers')).status).toBe(200);
    return { published, draft };
  }

  it("a tier refreshes its public parts' curated alternatives with them, in the same requests, into the price history", async () => {
    await catalogue();
    const before = await alternativeRows();

    const run = await ctx.services.pricing.refreshTier('A');
    expect(run).not.toBeNull();
    // The published build is recent: tier A. Its parts and their alternatives, each ASIN once, one request.
    expect(askedBatches()).toEqual([asins(1, 2, 10, 12, 13)]);
    expect(run!.requests).toBe(1);
    expect(run!.summary).toEqual({ total: 5, updated: 5, unchanged: 0, unavailable: 0, failed: 0 });
    const [jobRun] = await ctx.database.db.selectFrom('job_runs').selectAll().where('job', '=', 'prices-tier-A').execute();
    expect(jobRun).toMatchObject({ status: 'succeeded', requests: 1, total: 5 });

    for (const n of [10, 12, 13]) {
      for (const row of await alternativeOf(n)) {
        expect(row, asin(n)).toMatchObject({
          alternative_price_cents: cents(fakePrice(n)),
          price_source: 'amazon',
          availability: 'IN_STOCK',
          image_url: fakeImageUrl(asin(n), 500),
        });
        expect(row.price_updated_at).toBe(row.availability_checked_at);
        expect(row.image_checked_at).toBe(row.availability_checked_at);
        // The author's edit date stays.
        expect(row.updated_at).toBe(before.find((old) => old.id === row.id)!.updated_at);
      }
    }
    expect((await alternativeOf(12)).length).toBe(2); // product alternative and group member: both written
    // The draft's alternatives wait for its own refresh.
    for (const n of [11, 14]) expect(await alternativeOf(n)).toEqual(before.filter((row) => row.alternative_asin === asin(n)));

    const history = await ctx.database.db.selectFrom('price_observations').select(['asin', 'price_cents', 'availability', 'source']).orderBy('asin').execute();
    expect(history).toEqual(asins(1, 2, 10, 12, 13).map((a) => ({ asin: a, price_cents: cents(fakePrice(Number(a.slice(5)))), availability: 'IN_STOCK', source: 'amazon' })));
    const days = await ctx.database.db.selectFrom('price_days').select(['asin', 'price_cents']).orderBy('asin').execute();
    expect(days.filter((day) => [asin(10), asin(13)].includes(day.asin))).toEqual([
      { asin: asin(10), price_cents: cents(fakePrice(10)) },
      { asin: asin(13), price_cents: cents(fakePrice(13)) },
    ]);

    // Tier C (the draft's parts): their alternatives are not a visitor's choice, so not refreshed here.
    fake.requests.length = 0;
    await ctx.services.pricing.refreshTier('C');
    expect(askedBatches()).toEqual([asins(3, 4)]);

    // Unavailable with no price: the price stays, the availability says so.
    fake.setItem(fakeItem(13, { price: null, availability: 'UNAVAILABLE', images: null }));
    ctx.clock.advance(HOUR);
    const again = await ctx.services.pricing.refreshTier('A');
    expect(again!.results.find((result) => result.asin === asin(13))).toMatchObject({ status: 'unavailable' });
    expect(again!.results.find((result) => result.asin === asin(10))).toMatchObject({ status: 'unchanged' });
    const [gone] = await alternativeOf(13);
    expect(gone).toMatchObject({ alternative_price_cents: cents(fakePrice(13)), availability: 'UNAVAILABLE', image_url: fakeImageUrl(asin(13), 500) });
  });

  it("a scheduled build's alternatives are refreshed too; the build's manual refresh includes its own, drafts' included", async () => {
    const { published, draft } = await catalogue();
    expect((await api('POST', `/builds/${draft.id}/update-prices`)).status).toBe(200);
    expect(askedBatches()).toEqual([asins(3, 4, 11, 14)]);
    expect(await alternativeOf(14)).toEqual([expect.objectContaining({ price_source: 'amazon', alternative_price_cents: cents(fakePrice(14)) })]);

    fake.requests.length = 0;
    const response = await api('POST', `/builds/${published.id}/update-prices`);
    expect(response.status).toBe(200);
    expect(askedBatches()).toEqual([asins(1, 2, 10, 12, 13)]);
    // The answer reports on the build's own components only (the editor's notice counts them).
    expect(response.body.results.map((result: { asin: string }) => result.asin)).toEqual(asins(1, 2));
    expect(response.body.summary.total).toBe(2);

    // Scheduled: its tier (C, not public yet) refreshes its alternatives.
    const scheduled = await createBuild('Programmata', [{ n: 20, type: 'RAM' }], {
      status: 'scheduled',
      publish_at: new Date(ctx.clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect((await api('POST', '/components/assign-tiers')).status).toBe(200);
    const tier = (await ctx.database.db.selectFrom('components').select('tier').where('build_id', '=', scheduled.id).executeTakeFirstOrThrow()).tier;
    fake.requests.length = 0;
    await ctx.services.pricing.refreshTier(tier as 'A' | 'B' | 'C');
    expect(tier).toBe('C');
    // The draft's parts 3 and 4 and the scheduled build's 20 with its RAM group's 14; not the draft's 11.
    expect(askedBatches()).toEqual([asins(3, 4, 14, 20)]);
  });

  it('the hourly image check includes the aging images of public builds\' alternatives, not drafts\'', async () => {
    const { draft } = await catalogue();
    const firstCheck = ctx.clock.now().toISOString();
    await ctx.services.pricing.refreshTier('A');
    expect((await api('POST', `/builds/${draft.id}/update-prices`)).status).toBe(200);
    ctx.clock.advance(19 * HOUR);
    // Alternative 10 is confirmed meanwhile.
    await ctx.services.pricing.refreshAsins([asin(10)]);
    fake.requests.length = 0;

    ctx.clock.advance(2 * HOUR);
    const run = await ctx.services.pricing.refreshAgingImages();
    expect(run?.summary).toMatchObject({ total: 4, failed: 0 });
    // The published build's parts 1, 2 and alternatives 12, 13; not the fresh 10, nor the draft's 3, 4, 11, 14.
    expect(askedBatches()).toEqual([asins(1, 2, 12, 13)]);
    for (const row of await alternativeOf(13)) {
      expect(row.image_checked_at).toBe(row.availability_checked_at);
      expect(Date.parse(row.image_checked_at!) - Date.parse(firstCheck)).toBeGreaterThanOrEqual(21 * HOUR);
    }
    for (const row of await alternativeOf(11)) expect(Date.parse(row.image_checked_at!) - Date.parse(firstCheck)).toBeLessThan(HOUR);
  });
});

describe('listOffersFor', () => {
  it("gives each part its product's alternatives then its type's group members, by priority, each ASIN once, never its own", async () => {
    // Product 1's alternatives: 5 (priority 2), 6 (priority 1), 7 (priority 2, after 5 by id).
    await addForProduct(1, 5, { priority: 2 });
    await addForProduct(1, 6, { priority: 1 });
    await addForProduct(1, 7, { priority: 2 });
    await addForProduct(2, 9, { priority: 1, price: null });
    // GPU groups: 8 (priority 1), 6 (priority 1: already product 1's), 1 (priority 3: part 1 itself), 9 in another GPU group.
    const gpu = await createGroup('GPU');
    await addMember(gpu, 8);
    await addMember(gpu, 6);
    await addMember(gpu, 1, { priority: 3 });
    await addMember(await createGroup('gpu'), 9, { priority: 2 });
    await addMember(await createGroup('RAM'), 15);
    await ctx.services.pricing.refreshAsins([asin(8)]);

    const offers = await ctx.services.alternatives.listOffersFor([
      { componentId: 101, asin: asin(1), type: 'GPU' },
      { componentId: 102, asin: null, type: ' gpu ' },
      { componentId: 103, asin: asin(2), type: 'Gpu' },
      { componentId: 104, asin: asin(3), type: 'Case' },
      { componentId: 105, asin: null, type: '' },
    ]);
    const summary = (id: number) => offers.get(id)!.map((offer) => `${offer.source}:${offer.asin.slice(5)}:${offer.priority}`);
    expect([...offers.keys()]).toEqual([101, 102, 103, 104, 105]);
    expect(summary(101)).toEqual(['product:00006:1', 'product:00005:2', 'product:00007:2', 'group:00008:1', 'group:00009:2']);
    expect(summary(102)).toEqual(['group:00008:1', 'group:00006:1', 'group:00009:2', 'group:00001:3']);
    expect(summary(103)).toEqual(['product:00009:1', 'group:00008:1', 'group:00006:1', 'group:00001:3']);
    expect(offers.get(104)).toEqual([]);
    expect(offers.get(105)).toEqual([]);

    // The same list as smart replacement's.
    const candidates = await ctx.services.alternatives.listCandidatesFor(asin(1), 'GPU');
    expect(offers.get(101)!.map((offer) => offer.asin)).toEqual(candidates.map((candidate) => candidate.alternative_asin));

    const [eight] = offers.get(102)!;
    const stored = (await alternativeOf(8))[0]!;
    expect(eight).toEqual({
      asin: asin(8),
      name: 'Membro 8',
      priceCents: cents(fakePrice(8)),
      priority: 1,
      priceUpdatedAt: stored.price_updated_at,
      availability: 'IN_STOCK',
      imageUrl: fakeImageUrl(asin(8), 500),
      imageCheckedAt: stored.image_checked_at,
      source: 'group',
    });
    expect(offers.get(103)![0]).toMatchObject({ asin: asin(9), name: 'Alternativa 9', priceCents: null, priceUpdatedAt: null, availability: null, imageUrl: null });
    expect(await ctx.services.alternatives.listOffersFor([])).toEqual(new Map());
  });
});

describe('backup and restore', () => {
  async function archiveOfSource() {
    await addForProduct(1, 2, { price: 42 });
    await addMember(await createGroup('GPU'), 3, { price: null });
    await ctx.services.pricing.refreshAsins([asin(4)]); // no alternative: nothing to write
    await addForProduct(1, 5, { price: 7 });
    await ctx.services.pricing.refreshAsins([asin(5)]);
    const dir = temporaryDirectory(cleanups);
    const archive = join(dir, 'archive.ndjson.gz');
    const deps = { db: ctx.database.db, dialect: ctx.database.dialect, storage: createUploadStorage({ config: ctx.config, db: ctx.database.db }), clock: systemClock };
    await createBackup(deps, archive, { withUsers: false });
    return { dir, archive };
  }

  async function restoreInto(archive: string) {
    const target = await createEmptySite(testDialect, cleanups);
    await migrateToLatest(target.database.db, target.database.dialect);
    await restoreBackup({ db: target.database.db, dialect: target.database.dialect, storage: target.storage, clock: systemClock }, archive, { force: false });
    return target.database.db.selectFrom('alternatives').selectAll().orderBy('id').execute();
  }

  it('a new archive carries the retailer state of the alternatives', async () => {
    const { archive } = await archiveOfSource();
    const source = await alternativeRows();
    expect(source.find((row) => row.alternative_asin === asin(5))).toMatchObject({ price_source: 'amazon', availability: 'IN_STOCK' });
    expect(await restoreInto(archive)).toEqual(source);
  });

  it("an archive made before migration 0017 restores; its prices are the author's, dated by their last edit", async () => {
    const { dir, archive } = await archiveOfSource();
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
    const manifest = JSON.parse(lines[0]!);
    manifest.migrations = manifest.migrations.filter((name: string) => name !== '0017-alternative-offers');
    const rows = lines.slice(1).map((line) => {
      const record = JSON.parse(line);
      if (record.kind !== 'row' || record.table !== 'alternatives') return line;
      for (const column of ['price_source', 'price_updated_at', 'availability', 'availability_checked_at', 'image_url', 'image_checked_at']) delete record.row[column];
      return JSON.stringify(record);
    });
    const older = join(dir, 'before-0017.ndjson.gz');
    writeFileSync(older, gzipSync(`${[JSON.stringify(manifest), ...rows].join('\n')}\n`));

    const restored = await restoreInto(older);
    const source = await alternativeRows();
    expect(restored.map((row) => row.alternative_asin)).toEqual(source.map((row) => row.alternative_asin));
    for (const row of restored) {
      if (row.alternative_price_cents === null) expect(row).toMatchObject({ price_source: null, price_updated_at: null });
      else expect(row).toMatchObject({ price_source: 'manual', price_updated_at: row.updated_at });
      expect(row).toMatchObject({ availability: null, availability_checked_at: null, image_url: null, image_checked_at: null });
    }
    expect(restored.find((row) => row.alternative_asin === asin(5))!.alternative_price_cents).toBe(cents(fakePrice(5)));
  });

  it('refuses an archive whose alternative links a non-https image or names an unknown price source', async () => {
    const { dir, archive } = await archiveOfSource();
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
    const edited = (change: (row: Record<string, unknown>) => void, name: string) => {
      const out = lines.map((line) => {
        const record = JSON.parse(line);
        if (record.kind !== 'row' || record.table !== 'alternatives' || record.row.alternative_asin !== asin(5)) return line;
        change(record.row);
        return JSON.stringify(record);
      });
      const file = join(dir, name);
      writeFileSync(file, gzipSync(`${out.join('\n')}\n`));
      return file;
    };
    await expect(restoreInto(edited((row) => (row.image_url = 'javascript:alert(1)'), 'image.gz'))).rejects.toThrow(/image_url/);
    await expect(restoreInto(edited((row) => (row.price_source = 'chissà'), 'source.gz'))).rejects.toThrow(/price_source/);
  });
});
