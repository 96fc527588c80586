/**
 * A build's price history (GET /api/builds/{slug}/price-history, and the editor's
 * GET /api/admin/builds/{id}/price-history) and every component's 30-day low (`lowest_price_30d`, the
 * Italian Omnibus rule) through the real app on both databases. Observations come from a real refresh
 * against the fake Creators API, or are written with chosen times to test the rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceHistoryResponseSchema } from '../../src/modules/pricing/pricing.schema';
import { rebuildPriceHistoryDays, storeObservations } from '../../src/modules/pricing';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every test runs at this instant (the app's clock), so UTC days are predictable. */
const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const NOT_FOUND = { error: { message: 'La build richiesta non esiste.', code: 'NOT_FOUND' } };

const CPU = 'B0HISTCPU1';
const GPU = 'B0HISTGPU1';
const OTHER = 'B0HISTOTH1';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({
    catalogue: [
      { asin: CPU, title: 'Processore', brand: 'AMD', price: 199.9, availability: 'IN_STOCK' },
      { asin: GPU, title: 'Scheda video', brand: 'MSI', price: 449, availability: 'IN_STOCK' },
    ],
  });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('price_days').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  ctx.clock.offsetMs = NOW - Date.now();
});

/** ISO time `days` days and `hours` hours from NOW (negative: before). */
const at = (days: number, hours = 0) => new Date(NOW + days * DAY + hours * HOUR).toISOString();

/** Writes an observation the way a refresh does (components, history, per-day history), at a chosen time. */
async function observe(asin: string, observedAt: string, price: number | null) {
  const observation = { asin, priceCents: price === null ? null : Math.round(price * 100), availability: price === null ? 'UNAVAILABLE' : 'IN_STOCK' };
  await ctx.database.db.transaction().execute((trx) => storeObservations(trx, ctx.clock, [observation], observedAt));
}

/** A build with a CPU and a GPU carrying ASINs and a case without one, at manual prices. */
async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', {
    token,
    body: sampleBuild({
      title: 'Build con storico',
      components: [
        { type: 'GPU', name: 'Scheda video', price: 400, amazon_link: `https://www.amazon.it/dp/${GPU}` },
        { type: 'Case', name: 'Case senza link', price: 30 },
        { type: 'CPU', name: 'Processore', price: 150, amazon_link: `https://www.amazon.it/dp/${CPU}` },
      ],
      ...overrides,
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const build = response.body.build as { id: number; slug: string; components: { id: number; type: string; asin: string | null }[] };
  const id = (type: string) => build.components.find((c) => c.type === type)!.id;
  return { ...build, cpu: id('CPU'), gpu: id('GPU'), case: id('Case') };
}

async function history(slug: string) {
  const response = await ctx.request('GET', `/api/builds/${slug}/price-history`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const parsed = priceHistoryResponseSchema.safeParse(response.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return response.body as { components: { id: number; asin: string | null; points: { at: string; price: number | null }[] }[]; total: { at: string; total: number }[] };
}

async function publicComponents(slug: string) {
  const response = await ctx.request('GET', `/api/builds/${slug}`);
  expect(response.status).toBe(200);
  return response.body.build.components as { id: number; type: string; lowest_price_30d: number | null; price: number | null }[];
}

describe('GET /api/builds/{slug}/price-history', () => {
  it('answers 404 in Italian for an unknown or unpublished build, as the build itself does', async () => {
    const draft = await createBuild({ status: 'draft', title: 'Bozza con storico' });
    await observe(CPU, at(-1), 180);
    for (const slug of ['non-esiste', draft.slug, '%20']) {
      const response = await ctx.request('GET', `/api/builds/${slug}/price-history`);
      expect(response.status, slug).toBe(404);
      expect(response.body, slug).toEqual(NOT_FOUND);
    }
    // The editor reads a draft's history through the admin API, which needs a session.
    const admin = await ctx.request('GET', `/api/admin/builds/${draft.id}/price-history`, { token });
    expect(admin.status).toBe(200);
    expect(admin.body.components.find((c: { id: number }) => c.id === draft.cpu).points).toEqual([{ at: at(-1), price: 180 }]);
    expect((await ctx.request('GET', `/api/admin/builds/${draft.id}/price-history`)).status).toBe(401);
    expect((await ctx.request('GET', '/api/admin/builds/999999/price-history', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/api/admin/builds/abc/price-history', { token })).status).toBe(404);
  });

  it('without observations: every component in display order with no points, no total, no 30-day low', async () => {
    const build = await createBuild();
    const body = await history(build.slug);
    // Display order (CPU, GPU, Case), the same as the build's components.
    const page = await publicComponents(build.slug);
    expect(body).toEqual({
      components: page.map((c) => ({ id: c.id, asin: c.type === 'Case' ? null : c.type === 'CPU' ? CPU : GPU, points: [] })),
      total: [],
    });
    expect(body.components.map((c) => c.id)).toEqual([build.cpu, build.gpu, build.case]);
    expect(page.map((c) => c.lowest_price_30d)).toEqual([null, null, null]);
  });

  it('after one refresh: one point per ASIN, a total with the manual price, and the 30-day low', async () => {
    const build = await createBuild();
    // Cached like the public pages, and dropped by the refresh: the chart never lags behind the prices.
    expect((await history(build.slug)).total).toEqual([]);
    expect((await ctx.request('GET', `/api/builds/${build.slug}/price-history`)).headers.get('x-cache')).toBe('HIT');
    const refresh = await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    const { observed_at: observedAt } = await ctx.database.db.selectFrom('price_observations').select('observed_at').executeTakeFirstOrThrow();

    const body = await history(build.slug);
    expect(body.components).toEqual([
      { id: build.cpu, asin: CPU, points: [{ at: observedAt, price: 199.9 }] },
      { id: build.gpu, asin: GPU, points: [{ at: observedAt, price: 449 }] },
      { id: build.case, asin: null, points: [] },
    ]);
    expect(body.total).toEqual([{ at: observedAt, total: 678.9 }]);
    expect((await publicComponents(build.slug)).map((c) => [c.type, c.price, c.lowest_price_30d])).toEqual([
      ['CPU', 199.9, 199.9],
      ['GPU', 449, 449],
      ['Case', 30, null],
    ]);
  });

  it('many observations: one point per component per day (the latest), a year at most, totals carried forward', async () => {
    const build = await createBuild();
    await observe(CPU, at(-400), 10); // older than a year: left out
    await observe(CPU, at(-40), 80);
    await observe(CPU, at(-10, -6), 120);
    await observe(CPU, at(-10, 6), 100);
    // Written after the day's later one (another process, a slow refresh): still not the day's point.
    await observe(CPU, at(-10), 90); // the lowest of the last 30 days, though not the day's last
    await observe(CPU, at(-5), null); // out of stock: a point without price, the total keeps 100
    await observe(CPU, at(-1), 110);
    await observe(GPU, at(-10, -1), 50);
    await observe(GPU, at(-2), 60);
    await observe(OTHER, at(-3), 1); // not in the build

    const body = await history(build.slug);
    expect(body.components).toEqual([
      {
        id: build.cpu,
        asin: CPU,
        points: [
          { at: at(-40), price: 80 },
          { at: at(-10, 6), price: 100 },
          { at: at(-5), price: null },
          { at: at(-1), price: 110 },
        ],
      },
      { id: build.gpu, asin: GPU, points: [{ at: at(-10, -1), price: 50 }, { at: at(-2), price: 60 }] },
      { id: build.case, asin: null, points: [] },
    ]);
    // Day -40 has no GPU price yet: no total. Then CPU + GPU at their last known prices + the case's 30.
    expect(body.total).toEqual([
      { at: at(-10, 6), total: 180 },
      { at: at(-5), total: 180 },
      { at: at(-2), total: 190 },
      { at: at(-1), total: 200 },
    ]);

    const page = await publicComponents(build.slug);
    expect(page.map((c) => [c.type, c.lowest_price_30d])).toEqual([
      ['CPU', 90],
      ['GPU', 50],
      ['Case', null],
    ]);
    const admin = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
    expect(admin.body.build.components.map((c: { type: string; lowest_price_30d: number | null }) => [c.type, c.lowest_price_30d]).sort()).toEqual([
      ['CPU', 90],
      ['Case', null],
      ['GPU', 50],
    ]);
    // Neither the history nor the build's JSON is a visit: only the build page opened as a document is (decision 025).
    const views = async () => (await ctx.database.db.selectFrom('builds').select('views').where('id', '=', build.id).executeTakeFirstOrThrow()).views;
    const browser = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'X-Forwarded-For': '203.0.113.9' };
    const before = await views();
    expect((await ctx.request('GET', `/api/builds/${build.slug}/price-history`, { headers: browser })).status).toBe(200);
    expect((await ctx.request('GET', `/api/builds/${build.slug}`, { headers: browser })).status).toBe(200);
    await ctx.services.analytics.flushVisits();
    expect(await views()).toBe(before);
  });

  it('the 30-day low ignores older observations and missing prices, and follows the clock', async () => {
    const build = await createBuild();
    await observe(CPU, at(-31), 50);
    await observe(CPU, at(-29), 140);
    await observe(CPU, at(-3), null);
    await observe(CPU, at(0), 160);
    await observe(GPU, at(-45), 300);
    expect((await publicComponents(build.slug)).map((c) => c.lowest_price_30d)).toEqual([140, null, null]);
    ctx.clock.advance(2 * DAY);
    expect((await publicComponents(build.slug)).map((c) => c.lowest_price_30d)).toEqual([160, null, null]);
  });

  it('the same ASIN twice in a build counts twice in the total; a component never priced counts at its current price', async () => {
    const response = await ctx.request('POST', '/api/admin/builds', {
      token,
      body: sampleBuild({
        title: 'Build con doppioni',
        components: [
          { type: 'Storage', name: 'SSD 1', price: 70, asin: CPU },
          { type: 'Storage', name: 'SSD 2', price: 70, asin: CPU },
          { type: 'GPU', name: 'Scheda mai prezzata', price: 400, asin: GPU },
        ],
      }),
    });
    const slug = response.body.build.slug as string;
    await observe(CPU, at(-3), 60);
    await observe(GPU, at(-2), null); // observed, but never with a price: counts at the build's 400
    const body = await history(slug);
    expect(body.components.map((c) => c.points.length)).toEqual([1, 1, 1]);
    expect(body.total).toEqual([
      { at: at(-3), total: 520 },
      { at: at(-2), total: 520 },
    ]);
  });

  it('stays bounded: 10,000 observations of one build answer one point per component and day for a year', async () => {
    const build = await createBuild();
    const asins = [CPU, GPU];
    const rows: { asin: string; price_cents: number; availability: string; source: string; observed_at: string }[] = [];
    // Every 6 hours for 2,500 days (5,000 per ASIN): far more than a year.
    for (let k = 0; k < 5000; k++) {
      for (const asin of asins) rows.push({ asin, price_cents: 10_000 + ((k * 37) % 5000), availability: 'IN_STOCK', source: 'amazon', observed_at: new Date(NOW - k * 6 * HOUR).toISOString() });
    }
    // Written in bulk, then the per-day history made from them as a restore makes it.
    await ctx.database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 1000) await trx.insertInto('price_observations').values(rows.slice(start, start + 1000)).execute();
      await rebuildPriceHistoryDays(trx);
    });

    const body = await history(build.slug);
    for (const component of body.components.slice(0, 2)) {
      // Today (the 12:00 observation is the latest) and the 365 days before (18:00 each; the oldest day starts at 12:00).
      expect(component.points).toHaveLength(366);
      const days = component.points.map((point) => point.at.slice(0, 10));
      expect(new Set(days).size).toBe(366);
      expect(component.points.at(-1)!.at).toBe(at(0));
      expect(component.points.slice(0, -1).every((point) => point.at.endsWith('T18:00:00.000Z'))).toBe(true);
      expect(component.points[0]!.at >= at(-365)).toBe(true);
    }
    expect(body.total).toHaveLength(366);
    const latest = (k: number) => (10_000 + ((k * 37) % 5000)) / 100;
    expect(body.total.at(-1)).toEqual({ at: at(0), total: latest(0) * 2 + 30 });
  });
});
