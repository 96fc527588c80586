/**
 * Price and availability refresh through the real app (real database, real services, real HTTP
 * handling) against the fake Amazon Creators API over real HTTP on 127.0.0.1.
 * Contract: api-contract.md "Admin: pricing and availability"; rules: affiliate-compliance.md.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeFault, type FakeItem } from '../fakes/creators-api';
import { createServices } from '../../src/modules/services';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const CATALOGUE_SIZE = 40;
const DAY = 86_400_000;

/** Ten characters: B0PRC + five digits. */
const asin = (n: number) => `B0PRC${String(n).padStart(5, '0')}`;
/** What the fake answers for asin(n) unless a test says otherwise. */
const fakePrice = (n: number) => 100 + n + 0.49;
const cents = (euro: number) => Math.round(euro * 100);

function fakeItem(n: number, overrides: Partial<FakeItem> = {}): FakeItem {
  return { asin: asin(n), title: `Prodotto di prova ${n}`, brand: 'Marca', price: fakePrice(n), availability: 'IN_STOCK', ...overrides };
}

/** A 429 asking to wait longer than the client's 120 s ceiling: thrown at once, never retried. */
const HARD_THROTTLE: FakeFault = { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } };

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: Array.from({ length: CATALOGUE_SIZE }, (_, i) => fakeItem(i + 1)) });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

// Every test starts from an empty catalogue, no history, no runs and the fake's default items.
beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('job_runs').execute();
  await db.deleteFrom('retailer_access_streaks').execute();
  await db.deleteFrom('job_leases').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  for (let n = 1; n <= CATALOGUE_SIZE; n++) fake.setItem(fakeItem(n));
  fake.requests.length = 0;
});

// ---------------------------------------------------------------------------------------------------
// helpers

interface ComponentSpec {
  /** asin(n); omitted: a component without ASIN. */
  n?: number;
  price?: number | null;
  type?: string;
  name?: string;
}

const withAsin = (n: number, price: number | null = 50 + n): ComponentSpec => ({ n, price });
const withoutAsin = (price: number | null = 80, type = 'Case'): ComponentSpec => ({ price, type, name: `Senza ASIN ${type}` });

async function createBuild(title: string, components: ComponentSpec[], overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', {
    token,
    body: sampleBuild({
      title,
      components: components.map((c, i) => ({
        type: c.type ?? 'CPU',
        name: c.name ?? (c.n === undefined ? `Componente ${i}` : `Componente ${c.n}`),
        price: c.price === undefined ? 50 : c.price,
        amazon_link: c.n === undefined ? '' : `https://www.amazon.it/dp/${asin(c.n)}`,
        asin: c.n === undefined ? null : asin(c.n),
      })),
      ...overrides,
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; components: { id: number; asin: string | null }[] };
}

function componentRows(buildId?: number) {
  let query = ctx.database.db.selectFrom('components').selectAll();
  if (buildId !== undefined) query = query.where('build_id', '=', buildId);
  return query.orderBy('id').execute();
}

function observations() {
  return ctx.database.db.selectFrom('price_observations').selectAll().orderBy('asin').orderBy('id').execute();
}

function jobRuns() {
  return ctx.database.db.selectFrom('job_runs').selectAll().orderBy('id').execute();
}

function getItemsRequests() {
  return fake.requests.filter((request) => request.path.endsWith('/getItems'));
}

/** The ASINs of each GetItems request, in order. */
function askedBatches(): string[][] {
  return getItemsRequests().map((request) => (request.body as { itemIds: string[] }).itemIds);
}

function updatePrices(buildId: number) {
  return ctx.request('POST', `/api/admin/builds/${buildId}/update-prices`, { token });
}

function updateTier(tier: string) {
  return ctx.request('POST', `/api/admin/prices/update-tier/${tier}`, { token });
}

function stats() {
  return ctx.request('GET', '/api/admin/prices/stats', { token });
}

function byAsin<T extends { asin: string | null }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) if (row.asin) map.set(row.asin, [...(map.get(row.asin) ?? []), row]);
  return map;
}

function expectTimestampBetween(value: string | null, before: Date, after: Date) {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const time = new Date(value!).getTime();
  expect(time).toBeGreaterThanOrEqual(before.getTime());
  expect(time).toBeLessThanOrEqual(after.getTime());
}

function cartUrl(asins: string[]): string {
  const lines = asins.map((a, i) => `ASIN.${i + 1}=${a}&Quantity.${i + 1}=1`).join('&');
  return `https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=buildpc-21&${lines}`;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---------------------------------------------------------------------------------------------------

describe('retailer not configured', () => {
  let bare: TestContext;
  let bareToken: string;

  beforeAll(async () => {
    bare = await createTestContext();
    bareToken = await bare.login();
  });
  afterAll(() => bare?.close());

  it('answers 503 naming AMAZON_CREDENTIAL_ID, keeps stats working and changes nothing', async () => {
    const created = await bare.request('POST', '/api/admin/builds', {
      token: bareToken,
      body: sampleBuild({ components: [{ type: 'CPU', name: 'CPU', price: 199.9, asin: asin(1) }, { type: 'Case', name: 'Case', price: 70 }] }),
    });
    expect(created.status).toBe(201);
    const buildId = created.body.build.id as number;
    const assigned = await bare.request('POST', '/api/admin/components/assign-tiers', { token: bareToken });
    expect(assigned.body).toEqual({ assigned: 2 });
    const before = await bare.database.db.selectFrom('components').selectAll().orderBy('id').execute();

    for (const path of ['/api/admin/prices/update-tier/A', '/api/admin/prices/update-tier/B', `/api/admin/builds/${buildId}/update-prices`]) {
      const response = await bare.request('POST', path, { token: bareToken });
      expect(response.status, path).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.body.error.message).toContain('AMAZON_CREDENTIAL_ID');
      expect(response.body.error.message).toMatch(/non configurata/);
    }

    // What the editor disables its price actions with: the same words as the 503.
    const status = await bare.request('GET', '/api/admin/prices/retailer', { token: bareToken });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ configured: false, missing: expect.stringContaining('AMAZON_CREDENTIAL_ID') });
    expect((await bare.request('GET', '/api/admin/prices/retailer')).status).toBe(401);

    const statsResponse = await bare.request('GET', '/api/admin/prices/stats', { token: bareToken });
    expect(statsResponse.status).toBe(200);
    expect(statsResponse.body.retailer.configured).toBe(false);
    expect(statsResponse.body.retailer.missing).toEqual(expect.stringContaining('AMAZON_CREDENTIAL_ID'));
    expect(statsResponse.body.retailer.lastRun).toBeNull();
    expect(statsResponse.body.retailer.schedulerEnabled).toBe(false);
    expect(statsResponse.body.componentStats).toEqual([
      { tier: 'A', total: 2, with_asin: 1, with_price: 2, stale: 0 },
      { tier: 'B', total: 0, with_asin: 0, with_price: 0, stale: 0 },
      { tier: 'C', total: 0, with_asin: 0, with_price: 0, stale: 0 },
    ]);
    expect(statsResponse.body.cacheStats).toEqual({ total_cached: 0, valid_cache: 0 });

    expect(await bare.database.db.selectFrom('components').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await bare.database.db.selectFrom('price_observations').selectAll().execute()).toEqual([]);
    expect(await bare.database.db.selectFrom('job_runs').selectAll().execute()).toEqual([]);
    expect(await bare.database.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });

  // A wrong id is the request's fault and says so, whatever the configuration.
  it('answers 404 before 503 for a missing build on every retailer endpoint that takes a build id', async () => {
    for (const path of ['/api/admin/builds/999999/update-prices', '/api/admin/builds/999999/smart-replacement']) {
      const response = await bare.request('POST', path, { token: bareToken });
      expect(response.status, path).toBe(404);
      expect(response.body.error.code, path).toBe('NOT_FOUND');
      expect(response.body.error.message, path).not.toMatch(/AMAZON_CREDENTIAL/);
    }
    // An id that cannot be one is still refused before the retailer is considered.
    const malformed = await bare.request('POST', '/api/admin/builds/abc/update-prices', { token: bareToken });
    expect(malformed.status).toBe(404);
    expect(await bare.database.db.selectFrom('job_runs').selectAll().execute()).toEqual([]);
  });
});

describe('authentication', () => {
  it('refuses every pricing endpoint without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/prices/stats'],
      ['POST', '/api/admin/prices/update-tier/A'],
      ['POST', '/api/admin/components/assign-tiers'],
      ['POST', '/api/admin/builds/1/update-prices'],
    ] as const) {
      expect((await ctx.request(method, path)).status, path).toBe(401);
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('POST /api/admin/builds/{id}/update-prices', () => {
  it('updates exactly the components carrying the build ASINs, in every build, and records the history', async () => {
    const one = await createBuild('Build uno', [withAsin(1), withAsin(2), withAsin(3), withoutAsin(80)]);
    const two = await createBuild('Build due', [withAsin(1, 55), withAsin(9, 90)]);
    const beforeRows = await componentRows();
    const before = ctx.clock.now();

    const response = await updatePrices(one.id);
    const after = ctx.clock.now();

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.summary).toEqual({ total: 3, updated: 3, unchanged: 0, unavailable: 0, failed: 0 });
    expect(response.body.results).toHaveLength(3);
    for (const n of [1, 2, 3]) {
      expect(response.body.results).toContainEqual(expect.objectContaining({ asin: asin(n), success: true, price: fakePrice(n), availability: 'IN_STOCK' }));
    }

    const rows = await componentRows();
    const previous = new Map(beforeRows.map((row) => [row.id, row]));
    for (const row of rows) {
      if (row.asin && [1, 2, 3].map(asin).includes(row.asin)) {
        const n = Number(row.asin.slice(5));
        expect(row.price_cents).toBe(cents(fakePrice(n)));
        expect(row.price_source).toBe('amazon');
        expect(row.availability).toBe('IN_STOCK');
        expectTimestampBetween(row.price_updated_at, before, after);
        expectTimestampBetween(row.availability_checked_at, before, after);
      } else {
        // The component without ASIN and asin(9) of the other build are left exactly as they were.
        expect(row).toEqual(previous.get(row.id));
      }
    }
    // asin(1) is also in the other build, which was updated with it.
    const shared = rows.filter((row) => row.asin === asin(1));
    expect(shared.map((row) => row.build_id).sort()).toEqual([one.id, two.id].sort());
    expect(shared.every((row) => row.price_cents === cents(fakePrice(1)) && row.price_source === 'amazon')).toBe(true);

    const history = await observations();
    expect(history.map((o) => o.asin)).toEqual([asin(1), asin(2), asin(3)]);
    for (const o of history) {
      expect(o).toMatchObject({ price_cents: cents(fakePrice(Number(o.asin.slice(5)))), availability: 'IN_STOCK', source: 'amazon' });
      expectTimestampBetween(o.observed_at, before, after);
    }
    expect(askedBatches()).toEqual([[asin(1), asin(2), asin(3)]]);

    // The run is recorded.
    const runs = await jobRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ job: `prices-build-${one.id}`, trigger: 'manual', status: 'succeeded', error: null });
    expect(Number(runs[0]!.total)).toBe(3);
    expect(Number(runs[0]!.updated)).toBe(3);
    expect(Number(runs[0]!.requests)).toBe(1);
  });

  it('reports unchanged prices on a second run and adds one observation per ASIN per run', async () => {
    const build = await createBuild('Build ripetuta', [withAsin(4), withAsin(5)]);
    expect((await updatePrices(build.id)).status).toBe(200);
    fake.setItem(fakeItem(5, { price: 77.7 }));
    const second = await updatePrices(build.id);
    expect(second.status).toBe(200);
    expect(second.body.summary).toEqual({ total: 2, updated: 1, unchanged: 1, unavailable: 0, failed: 0 });
    expect(second.body.results).toContainEqual(expect.objectContaining({ asin: asin(4), success: true, price: fakePrice(4) }));
    expect(second.body.results).toContainEqual(expect.objectContaining({ asin: asin(5), success: true, price: 77.7 }));
    const history = await observations();
    expect(history.map((o) => [o.asin, o.price_cents])).toEqual([
      [asin(4), cents(fakePrice(4))],
      [asin(4), cents(fakePrice(4))],
      [asin(5), cents(fakePrice(5))],
      [asin(5), 7770],
    ]);
    expect((await componentRows(build.id)).map((row) => row.price_cents)).toEqual([cents(fakePrice(4)), 7770]);
  });

  it('asks for each distinct ASIN once, ten per GetItems request', async () => {
    // 13 components, 12 distinct ASINs (asin(1) twice).
    const build = await createBuild('Build con doppioni', [...range(1, 12).map((n) => withAsin(n)), withAsin(1, 99)]);
    await createBuild('Altra build', range(5, 20).map((n) => withAsin(n)));
    await createBuild('Terza build', [...range(1, 8), ...range(21, 25)].map((n) => withAsin(n)));

    const response = await updatePrices(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary.total).toBe(12);
    let batches = askedBatches();
    expect(batches.map((batch) => batch.length)).toEqual([10, 2]);
    expect(batches.flat().sort()).toEqual(range(1, 12).map(asin));
    // Both components with asin(1) got the price, with one observation.
    expect((await componentRows(build.id)).filter((row) => row.asin === asin(1)).map((row) => row.price_cents)).toEqual([
      cents(fakePrice(1)),
      cents(fakePrice(1)),
    ]);
    expect((await observations()).filter((o) => o.asin === asin(1))).toHaveLength(1);

    // The three builds share ASINs: a tier refresh asks for the 25 distinct ones in 3 requests.
    fake.requests.length = 0;
    expect((await ctx.request('POST', '/api/admin/components/assign-tiers', { token })).body).toEqual({ assigned: 13 + 16 + 13 });
    const tier = await updateTier('A');
    expect(tier.status).toBe(200);
    expect(tier.body.summary.total).toBe(25);
    batches = askedBatches();
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(batches.flat().sort()).toEqual(range(1, 25).map(asin));
    const history = byAsin(await observations());
    expect(history.size).toBe(25);
    for (const n of range(1, 12)) expect(history.get(asin(n)), asin(n)).toHaveLength(2);
    for (const n of range(13, 25)) expect(history.get(asin(n)), asin(n)).toHaveLength(1);
  });

  it('answers 404 for an unknown build without calling Amazon', async () => {
    const response = await updatePrices(999_999);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect(fake.requests).toEqual([]);
    expect(await jobRuns()).toEqual([]);
  });
});

describe('availability and retailer failures', () => {
  it('stores OUT_OF_STOCK and UNAVAILABLE (no listings), counts them unavailable and keeps the old price', async () => {
    const build = await createBuild('Build esaurita', [withAsin(1, 50), withAsin(2, 60), withAsin(3, 70)]);
    const [manual1, manual2] = await componentRows(build.id);
    fake.setItem(fakeItem(1, { price: null, availability: 'OUT_OF_STOCK' }));
    fake.setItem(fakeItem(2, { price: null, availability: 'UNAVAILABLE' })); // no listings at all

    const response = await updatePrices(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ total: 3, updated: 1, unchanged: 0, unavailable: 2, failed: 0 });
    expect(response.body.results).toContainEqual(expect.objectContaining({ asin: asin(1), success: true, price: 50, availability: 'OUT_OF_STOCK' }));
    expect(response.body.results).toContainEqual(expect.objectContaining({ asin: asin(2), success: true, price: 60, availability: 'UNAVAILABLE' }));
    expect(response.body.results).toContainEqual(expect.objectContaining({ asin: asin(3), success: true, price: fakePrice(3), availability: 'IN_STOCK' }));

    const [one, two, three] = await componentRows(build.id);
    expect(one).toMatchObject({ availability: 'OUT_OF_STOCK', price_cents: 5000, price_source: 'manual', price_updated_at: manual1!.price_updated_at });
    expect(two).toMatchObject({ availability: 'UNAVAILABLE', price_cents: 6000, price_source: 'manual', price_updated_at: manual2!.price_updated_at });
    expect(one!.availability_checked_at).not.toBeNull();
    expect(three).toMatchObject({ availability: 'IN_STOCK', price_cents: cents(fakePrice(3)), price_source: 'amazon' });
    expect((await observations()).map((o) => [o.asin, o.price_cents, o.availability])).toEqual([
      [asin(1), null, 'OUT_OF_STOCK'],
      [asin(2), null, 'UNAVAILABLE'],
      [asin(3), cents(fakePrice(3)), 'IN_STOCK'],
    ]);
  });

  it('an item Amazon does not return (ItemNotAccessible) is reported failed and left untouched', async () => {
    const build = await createBuild('Build parziale', [withAsin(1), withAsin(2)]);
    const [, before2] = await componentRows(build.id);
    fake.removeItem(asin(2));
    const response = await updatePrices(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ total: 2, updated: 1, unchanged: 0, unavailable: 0, failed: 1 });
    const failed = response.body.results.find((r: any) => r.asin === asin(2));
    expect(failed).toMatchObject({ success: false, price: 52 });
    expect(failed.error).toEqual(expect.any(String));
    expect((await componentRows(build.id))[1]).toEqual(before2);
    expect((await observations()).map((o) => o.asin)).toEqual([asin(1)]);
  });

  it('a throttled first request answers 503 and changes nothing (never "unavailable")', async () => {
    const build = await createBuild('Build limitata', [withAsin(1), withAsin(2), withAsin(3)]);
    const before = await componentRows();
    fake.failNext(1, HARD_THROTTLE);

    const response = await updatePrices(build.id);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(response.body.error.message).toMatch(/troppe richieste/);
    expect(response.headers.get('retry-after')).toBe('3600');
    expect(getItemsRequests()).toHaveLength(1); // not retried

    expect(await componentRows()).toEqual(before);
    expect((await componentRows()).every((row) => row.availability === null)).toBe(true);
    expect(await observations()).toEqual([]);
    const runs = await jobRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ job: `prices-build-${build.id}`, status: 'failed' });
    expect(runs[0]!.error).toMatch(/troppe richieste/);
  });

  it('repeated server errors answer 502 after the retries and change nothing', async () => {
    const build = await createBuild('Build errore server', [withAsin(1), withAsin(2)]);
    const before = await componentRows();
    fake.failNext(5, { status: 500 });

    const response = await updatePrices(build.id);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('UPSTREAM_ERROR');
    expect(response.body.error.message).toMatch(/errore del server Amazon/);
    expect(getItemsRequests().map((request) => request.status)).toEqual([500, 500, 500, 500, 500]);
    expect(await componentRows()).toEqual(before);
    expect(await observations()).toEqual([]);
  });

  it.each([
    ['a 429 that cannot be waited out', HARD_THROTTLE, /troppe richieste/],
    ['a malformed payload', { status: 200, body: { unexpected: true } }, /non valida/],
  ])('%s on the SECOND batch of a 15-ASIN build keeps the first 10 and reports the last 5 failed', async (_label, fault, message) => {
    const build = await createBuild('Build da quindici', range(1, 15).map((n) => withAsin(n)));
    const before = new Map((await componentRows(build.id)).map((row) => [row.asin, row]));
    const start = ctx.clock.now();
    fake.failNext(1, {}); // the first request is answered normally
    fake.failNext(1, fault);

    const response = await updatePrices(build.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.summary).toEqual({ total: 15, updated: 10, unchanged: 0, unavailable: 0, failed: 5 });
    expect(askedBatches()).toEqual([range(1, 10).map(asin), range(11, 15).map(asin)]);
    for (const n of range(1, 10)) {
      expect(response.body.results).toContainEqual(expect.objectContaining({ asin: asin(n), success: true, price: fakePrice(n), availability: 'IN_STOCK' }));
    }
    for (const n of range(11, 15)) {
      const result = response.body.results.find((r: any) => r.asin === asin(n));
      expect(result).toMatchObject({ success: false, availability: null, price: 50 + n });
      expect(result.error).toMatch(message);
    }

    for (const row of await componentRows(build.id)) {
      const n = Number(row.asin!.slice(5));
      if (n <= 10) {
        expect(row).toMatchObject({ price_cents: cents(fakePrice(n)), price_source: 'amazon', availability: 'IN_STOCK' });
        expectTimestampBetween(row.price_updated_at, start, ctx.clock.now());
      } else {
        expect(row).toEqual(before.get(row.asin));
      }
    }
    expect((await observations()).map((o) => o.asin)).toEqual(range(1, 10).map(asin));
  });

  it.each([
    ['an object without itemsResult', { unexpected: true }],
    ['a body that is not JSON', 'questo non è JSON'],
    ['items that are not a list', { itemsResult: { items: 'nessuno' } }],
    [
      'a price amount that is a string',
      {
        itemsResult: {
          items: [{ asin: asin(1), itemInfo: { title: { displayValue: 'X' } }, offersV2: { listings: [{ price: { money: { amount: '101,49', currency: 'EUR' } } }] } }],
        },
      },
    ],
  ])('a malformed 200 payload (%s) answers 502 and writes nothing', async (_label, body) => {
    const build = await createBuild('Build risposta rotta', [withAsin(1), withAsin(2)]);
    const before = await componentRows();
    fake.failNext(1, { status: 200, body });

    const response = await updatePrices(build.id);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('UPSTREAM_ERROR');
    expect(getItemsRequests()).toHaveLength(1); // a malformed answer is not retried
    expect(await componentRows()).toEqual(before);
    expect(await observations()).toEqual([]);
  });
});

describe('public build data after a refresh', () => {
  it('shows the new prices, total and prices_updated_at, and leaves an out-of-stock item out of the cart', async () => {
    const build = await createBuild('Build pubblica', [
      { n: 1, price: 10, type: 'CPU' },
      { n: 2, price: 20, type: 'GPU' },
      { n: 3, price: 30, type: 'RAM' },
    ]);
    const start = ctx.clock.now();
    expect((await updatePrices(build.id)).status).toBe(200);
    const firstRefreshEnd = ctx.clock.now();

    let page = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(page.status).toBe(200);
    let priceOf = new Map(page.body.build.components.map((c: any) => [c.asin, c.price]));
    expect([1, 2, 3].map((n) => priceOf.get(asin(n)))).toEqual([fakePrice(1), fakePrice(2), fakePrice(3)]);
    expect(page.body.build.total_price).toBe((cents(fakePrice(1)) + cents(fakePrice(2)) + cents(fakePrice(3))) / 100);
    expectTimestampBetween(page.body.build.prices_updated_at, start, firstRefreshEnd);
    expect(page.body.build.cart_excluded).toEqual([]);
    // The cart follows the display order of the components.
    expect(page.body.build.cart_url).toBe(cartUrl(page.body.build.components.map((c: any) => c.asin)));

    // asin(2) goes out of stock: its last known price stays, with its date, and it leaves the cart.
    fake.setItem(fakeItem(2, { price: null, availability: 'OUT_OF_STOCK' }));
    fake.setItem(fakeItem(3, { price: 33.33 }));
    const secondStart = ctx.clock.now();
    expect((await updatePrices(build.id)).status).toBe(200);

    page = await ctx.request('GET', `/api/builds/${build.slug}`);
    const view = page.body.build;
    priceOf = new Map(view.components.map((c: any) => [c.asin, c.price]));
    expect([1, 2, 3].map((n) => priceOf.get(asin(n)))).toEqual([fakePrice(1), fakePrice(2), 33.33]);
    expect(view.total_price).toBe((cents(fakePrice(1)) + cents(fakePrice(2)) + 3333) / 100);
    const outOfStock = view.components.find((c: any) => c.asin === asin(2));
    expect(outOfStock.availability).toBe('OUT_OF_STOCK');
    // The oldest price shown is asin(2)'s, observed by the first refresh.
    expectTimestampBetween(view.prices_updated_at, start, firstRefreshEnd);
    expect(new Date(view.prices_updated_at).getTime()).toBeLessThan(secondStart.getTime() + 1);
    expect(view.cart_url).toBe(cartUrl(view.components.map((c: any) => c.asin).filter((a: string) => a !== asin(2))));
    expect(view.cart_url).not.toContain(asin(2));
    expect(view.cart_excluded).toEqual([{ id: outOfStock.id, name: outOfStock.name, reason: 'unavailable' }]);
  });
});

describe('tiers', () => {
  /** Published builds p1..p5 (old, by views), one recent published build and one draft. */
  async function tieredCatalogue() {
    const db = ctx.database.db;
    const old = new Date(ctx.clock.now().getTime() - 60 * DAY).toISOString();
    const views = [100, 90, 80, 10, 5];
    const published = [];
    for (const [i, v] of views.entries()) {
      const build = await createBuild(`Pubblicata ${i + 1}`, [withAsin(2 * i + 1), withAsin(2 * i + 2)]);
      await db.updateTable('builds').set({ views: v, published_at: old }).where('id', '=', build.id).execute();
      published.push(build);
    }
    const recent = await createBuild('Recente', [withAsin(11), withAsin(12)]);
    const draft = await createBuild('Bozza', [withAsin(13), withAsin(14), withoutAsin()], { status: 'draft' });
    return { published, recent, draft };
  }

  async function tiersByBuild() {
    const rows = await componentRows();
    const map = new Map<number, string[]>();
    for (const row of rows) map.set(row.build_id, [...(map.get(row.build_id) ?? []), row.tier ?? 'null']);
    return map;
  }

  it('assign-tiers: A for the 3 most viewed and the recently published, B for other published, C for drafts', async () => {
    const { published, recent, draft } = await tieredCatalogue();
    const response = await ctx.request('POST', '/api/admin/components/assign-tiers', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ assigned: 15 });
    const tiers = await tiersByBuild();
    expect(published.map((b) => tiers.get(b.id))).toEqual([['A', 'A'], ['A', 'A'], ['A', 'A'], ['B', 'B'], ['B', 'B']]);
    expect(tiers.get(recent.id)).toEqual(['A', 'A']);
    expect(tiers.get(draft.id)).toEqual(['C', 'C', 'C']);
  });

  it('update-tier/A refreshes only tier-A ASINs; B only tier-B ones', async () => {
    await tieredCatalogue();
    await ctx.request('POST', '/api/admin/components/assign-tiers', { token });
    const before = await componentRows();

    const response = await updateTier('A');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Aggiornamento prezzi completato!');
    const tierA = [1, 2, 3, 4, 5, 6, 11, 12];
    expect(response.body.summary).toEqual({ total: 8, updated: 8, unchanged: 0, unavailable: 0, failed: 0 });
    expect(response.body.results.map((r: any) => r.asin).sort()).toEqual(tierA.map(asin));
    for (const result of response.body.results) expect(result).toMatchObject({ success: true, availability: 'IN_STOCK' });
    expect(askedBatches().flat().sort()).toEqual(tierA.map(asin));
    const previous = new Map(before.map((row) => [row.id, row]));
    for (const row of await componentRows()) {
      if (row.tier === 'A') expect(row.price_source, row.asin!).toBe('amazon');
      else expect(row).toEqual(previous.get(row.id));
    }

    fake.requests.length = 0;
    const tierB = await updateTier('b');
    expect(tierB.status).toBe(200);
    expect(tierB.body.summary).toEqual({ total: 4, updated: 4, unchanged: 0, unavailable: 0, failed: 0 });
    expect(askedBatches().flat().sort()).toEqual([7, 8, 9, 10].map(asin));
    // Drafts (tier C) are never refreshed manually.
    expect((await componentRows()).filter((row) => row.tier === 'C').every((row) => row.price_source !== 'amazon')).toBe(true);
  });

  it.each(['C', 'X', 'AB'])('update-tier/%s answers 400 with an Italian message and calls nobody', async (tier) => {
    await createBuild('Una build', [withAsin(1)]);
    await ctx.request('POST', '/api/admin/components/assign-tiers', { token });
    const response = await updateTier(tier);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toMatch(/Tier non valido/);
    expect(fake.requests).toEqual([]);
    expect(await jobRuns()).toEqual([]);
  });

  /**
   * Starts a manual tier-A run whose GetItems answer comes 1.5 s late, and waits until it reached
   * Amazon. The pending response is returned inside an object, so that awaiting this does not await it.
   */
  async function startSlowRun() {
    fake.failNext(1, { delayMs: 1500 }); // answered normally, 1.5 s late
    const baseline = getItemsRequests().length;
    const running = updateTier('A');
    const deadline = Date.now() + 5000;
    while (getItemsRequests().length === baseline && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getItemsRequests()).toHaveLength(baseline + 1);
    expect(getItemsRequests().at(-1)!.status).toBeNull(); // still waiting for its answer
    return { running };
  }

  it('a second manual call while one is running answers 409', async () => {
    const build = await createBuild('Build lenta', [withAsin(1), withAsin(2)]);
    await ctx.request('POST', '/api/admin/components/assign-tiers', { token });

    const { running: first } = await startSlowRun();
    let concurrent: Awaited<ReturnType<typeof updateTier>>[];
    let firstResponse: Awaited<ReturnType<typeof updateTier>>;
    try {
      // Sequential: each one is refused (or not) while the first is still waiting for Amazon.
      concurrent = [await updateTier('A'), await updateTier('B'), await updatePrices(build.id)];
    } finally {
      firstResponse = await first; // never leave the run going into the next test
    }
    const concurrentRequests = getItemsRequests().length - 1;
    expect(firstResponse.status).toBe(200);
    expect(firstResponse.body.summary.updated).toBe(2);
    expect(concurrent.map((response) => response.status)).toEqual([409, 409, 409]);
    for (const response of concurrent) {
      expect(response.body.error.code).toBe('CONFLICT');
      expect(response.body.error.message).toMatch(/già in corso/);
    }
    expect(concurrentRequests).toBe(0); // the refused calls never reached Amazon

    // The lease is released: the next call runs.
    const again = await updateTier('A');
    expect(again.status).toBe(200);
    expect(again.body.summary).toMatchObject({ total: 2, unchanged: 2 });
    expect((await jobRuns()).map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('a manual call from another app instance (same database) while one is running is refused with 409', async () => {
    await createBuild('Build lenta', [withAsin(1), withAsin(2)]);
    await ctx.request('POST', '/api/admin/components/assign-tiers', { token });
    const otherInstance = createServices({ db: ctx.database.db, config: ctx.config, clock: ctx.clock, scryptCost: TEST_SCRYPT_COST });

    const { running: first } = await startSlowRun();
    let refusal: unknown = null;
    try {
      await otherInstance.pricing.refreshTier('A', 'manual');
    } catch (error) {
      refusal = error;
    } finally {
      expect((await first).status).toBe(200);
    }
    expect(refusal).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/già in corso/) });
    expect(getItemsRequests()).toHaveLength(1);
    // A scheduled run of the other instance is skipped (null), not an error.
    const { running: firstAgain } = await startSlowRun();
    try {
      expect(await otherInstance.pricing.refreshTier('B', 'scheduled')).toBeNull();
    } finally {
      expect((await firstAgain).status).toBe(200);
    }
  });
});

describe('GET /api/admin/prices/stats', () => {
  it('reports per-tier counts, cache counts and the last run', async () => {
    const build = await createBuild('Build statistiche', [withAsin(1), withAsin(2), withAsin(3), withoutAsin(80), withoutAsin(null, 'Other')]);
    await createBuild('Bozza statistiche', [withAsin(4), withoutAsin(20)], { status: 'draft' });
    await ctx.request('POST', '/api/admin/components/assign-tiers', { token });
    const db = ctx.database.db;
    const twoDaysAgo = new Date(ctx.clock.now().getTime() - 2 * DAY).toISOString();
    // One priced component with a stale manual price.
    await db.updateTable('components').set({ price_updated_at: twoDaysAgo }).where('build_id', '=', build.id).where('asin', 'is', null).where('price_cents', 'is not', null).execute();
    // An observation older than 24 hours of an ASIN no longer used.
    await db.insertInto('price_observations').values({ asin: asin(30), price_cents: 1000, availability: 'IN_STOCK', source: 'amazon', observed_at: twoDaysAgo }).execute();

    let response = await stats();
    expect(response.status).toBe(200);
    // Every tier is listed, an empty one with zeros.
    expect(response.body.componentStats).toEqual([
      { tier: 'A', total: 5, with_asin: 3, with_price: 4, stale: 1 },
      { tier: 'B', total: 0, with_asin: 0, with_price: 0, stale: 0 },
      { tier: 'C', total: 2, with_asin: 1, with_price: 2, stale: 0 },
    ]);
    expect(response.body.cacheStats).toEqual({ total_cached: 1, valid_cache: 0 });
    expect(response.body.retailer).toMatchObject({ configured: true, missing: null, schedulerEnabled: false, lastRun: null });
    expect(response.body.retailer.refreshIntervalHours).toEqual({ A: 6, B: 24, C: 72 });

    fake.setItem(fakeItem(3, { price: null, availability: 'OUT_OF_STOCK' }));
    const run = await updateTier('A');
    expect(run.status).toBe(200);

    response = await stats();
    for (const row of response.body.componentStats) {
      for (const key of ['total', 'with_asin', 'with_price', 'stale']) expect(typeof row[key], `${row.tier}.${key}`).toBe('number');
    }
    expect(response.body.componentStats[0]).toEqual({ tier: 'A', total: 5, with_asin: 3, with_price: 4, stale: 1 });
    expect(response.body.cacheStats).toEqual({ total_cached: 4, valid_cache: 3 });
    const lastRun = response.body.retailer.lastRun;
    expect(lastRun).toMatchObject({
      job: 'prices-tier-A',
      trigger: 'manual',
      status: 'succeeded',
      total: 3,
      updated: 2,
      unavailable: 1,
      failed: 0,
      requests: 1,
      error: null,
    });
    expect(lastRun.finished_at).toEqual(expect.any(String));

    // A failed run is recorded as such, with its error.
    fake.failNext(1, HARD_THROTTLE);
    const failed = await updateTier('A');
    expect(failed.status).toBe(503);
    response = await stats();
    expect(response.body.retailer.lastRun).toMatchObject({ job: 'prices-tier-A', status: 'failed', error: expect.stringMatching(/troppe richieste/) });
    const runs = await jobRuns();
    expect(runs.map((r) => [r.job, r.status])).toEqual([
      ['prices-tier-A', 'succeeded'],
      ['prices-tier-A', 'failed'],
    ]);
    expect(runs[1]!.error).toMatch(/troppe richieste/);
    expect(runs[1]!.finished_at).not.toBeNull();
    expect(await db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
    expect(response.body.cacheStats).toEqual({ total_cached: 4, valid_cache: 3 });
  });
});
