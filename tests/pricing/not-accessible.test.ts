/**
 * A product Amazon refuses access to (decision 021): one `ItemNotAccessible` answer
 * makes it an error and changes nothing; answers on two different Europe/Rome days in a row, with none
 * showing the product in between, make it unavailable (the reason recorded), so the smart replacement
 * replaces it. Through the real app and database against the fake Creators API over real HTTP; the
 * app's clock decides the day.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { romeDay } from '../../src/common/rome-day';
import { NOT_ACCESSIBLE_REASON } from '../../src/modules/replacements/replacements.service';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const GONE = 'B0GONE0001';
const GPU = 'B0GPU00001';
const ALT = 'B0ALT00001';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

const item = (asin: string, price: number): FakeItem => ({ asin, title: `Prodotto ${asin}`, brand: 'Marca', price, availability: 'IN_STOCK' });

/** 10:00 UTC of today's Europe/Rome day: 11:00 or 12:00 in Rome, hours away from either midnight. */
function startOfTestDay(): void {
  const today = romeDay(new Date());
  ctx.clock.offsetMs = Date.parse(`${today}T10:00:00.000Z`) - Date.now();
}

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: [item(GONE, 100), item(GPU, 300), item(ALT, 105)] });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  for (const table of ['replacements', 'components', 'builds', 'alternatives', 'price_observations', 'job_leases', 'job_runs', 'retailer_access_streaks'] as const) {
    await db.deleteFrom(table).execute();
  }
  for (const asin of [GONE, GPU, ALT]) fake.setAccessible(asin, true);
  startOfTestDay();
});

function api(method: string, path: string, body?: unknown) {
  return ctx.request(method, `/api/admin${path}`, { token, body });
}

/** A build with the product that will be refused (as CPU) and, unless `alone`, a GPU Amazon shows. */
async function createBuild({ alone = false } = {}) {
  const components = [{ type: 'CPU', name: 'Processore ritirato', price: 100, amazon_link: `https://www.amazon.it/dp/${GONE}` }];
  if (!alone) components.push({ type: 'GPU', name: 'Scheda video', price: 300, amazon_link: `https://www.amazon.it/dp/${GPU}` });
  const response = await api('POST', '/builds', sampleBuild({ components }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; components: { id: number; type: string }[] };
}

async function addAlternative() {
  const response = await api('POST', '/alternatives', { originalAsin: GONE, alternativeAsin: ALT, alternativeName: 'Processore sostitutivo', alternativePrice: null, priority: 1 });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function updatePrices(buildId: number) {
  const response = await api('POST', `/builds/${buildId}/update-prices`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results.find((result: { asin: string }) => result.asin === GONE);
}

async function smartReplace(buildId: number, cpuId: number) {
  const response = await api('POST', `/builds/${buildId}/smart-replacement`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results.find((result: { componentId: number }) => result.componentId === cpuId);
}

function goneComponent() {
  return ctx.database.db.selectFrom('components').selectAll().where('type', '=', 'CPU').orderBy('id').executeTakeFirstOrThrow();
}

function streak() {
  return ctx.database.db.selectFrom('retailer_access_streaks').selectAll().where('asin', '=', GONE).executeTakeFirst();
}

const refusedOnce = { success: false, status: 'failed', error: expect.stringMatching(/ItemNotAccessible.*in un altro giorno/) };

describe('a product refused access (ItemNotAccessible)', () => {
  it('one answer: an error, nothing changed; a second the same day: still an error; a second on another day: unavailable, then replaced', async () => {
    fake.setAccessible(GONE, false);
    await addAlternative();
    const build = await createBuild();
    const cpuId = build.components.find((c) => c.type === 'CPU')!.id;
    const before = await goneComponent();
    const day1 = romeDay(ctx.clock.now());

    expect(await updatePrices(build.id)).toMatchObject(refusedOnce);
    expect(await goneComponent()).toEqual(before);
    expect(await streak()).toMatchObject({ first_day: day1, last_day: day1, days: 1 });

    // The same day, by the smart replacement and by the refresh again: still one day, still an error.
    expect(await smartReplace(build.id, cpuId)).toMatchObject({ status: 'error', message: expect.stringMatching(/ItemNotAccessible/) });
    ctx.clock.advance(2 * HOUR);
    expect(await updatePrices(build.id)).toMatchObject(refusedOnce);
    expect(await goneComponent()).toMatchObject({ availability: null, is_replaced: 0, asin: GONE });
    expect(await streak()).toMatchObject({ days: 1 });
    expect(await ctx.database.db.selectFrom('replacements').selectAll().execute()).toEqual([]);

    // The next day: unavailable, with an observation saying so (no price).
    ctx.clock.advance(DAY);
    const day2 = romeDay(ctx.clock.now());
    expect(day2).not.toBe(day1);
    expect(await updatePrices(build.id)).toMatchObject({ success: true, status: 'unavailable', availability: 'UNAVAILABLE', price: 100 });
    expect(await goneComponent()).toMatchObject({ availability: 'UNAVAILABLE', price_cents: 10000, asin: GONE });
    expect(await streak()).toMatchObject({ first_day: day1, last_day: day2, days: 2 });
    const observed = await ctx.database.db.selectFrom('price_observations').selectAll().where('asin', '=', GONE).execute();
    expect(observed.map((row) => [row.availability, row.price_cents])).toEqual([['UNAVAILABLE', null]]);

    // The smart replacement now replaces it and records why; the build page says it too.
    const replaced = await smartReplace(build.id, cpuId);
    expect(replaced).toMatchObject({ status: 'replaced', replacement: { asin: ALT, name: 'Processore sostitutivo' } });
    const [record] = await ctx.database.db.selectFrom('replacements').selectAll().execute();
    expect(record).toMatchObject({ original_asin: GONE, replacement_reason: NOT_ACCESSIBLE_REASON });
    expect(await goneComponent()).toMatchObject({ asin: ALT, is_replaced: 1, replacement_reason: NOT_ACCESSIBLE_REASON });
    const page = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(page.body.build.components.find((c: { asin: string }) => c.asin === ALT)).toMatchObject({ is_replaced: 1, replacement_reason: NOT_ACCESSIBLE_REASON });
  });

  it('the smart replacement counts its own answers: an error on the first day, replaced on the second', async () => {
    fake.setAccessible(GONE, false);
    await addAlternative();
    const build = await createBuild();
    const cpuId = build.components.find((c) => c.type === 'CPU')!.id;
    expect(await smartReplace(build.id, cpuId)).toMatchObject({ status: 'error', success: false });
    ctx.clock.advance(DAY);
    expect(await smartReplace(build.id, cpuId)).toMatchObject({ status: 'replaced', success: true, replacement: { asin: ALT } });
    expect(await goneComponent()).toMatchObject({ asin: ALT, replacement_reason: NOT_ACCESSIBLE_REASON });
  });

  it('without an alternative: unavailable, and the result says why', async () => {
    fake.setAccessible(GONE, false);
    const build = await createBuild();
    const cpuId = build.components.find((c) => c.type === 'CPU')!.id;
    expect(await updatePrices(build.id)).toMatchObject(refusedOnce);
    ctx.clock.advance(DAY);
    const result = await smartReplace(build.id, cpuId);
    expect(result).toMatchObject({ status: 'unavailable', success: false });
    expect(result.message).toMatch(/^Amazon non dà più accesso a questo prodotto \(ItemNotAccessible\) in 2 giorni diversi dal .+: probabilmente è stato ritirato dalla vendita\. /);
    expect(result.message).toMatch(/nessuna alternativa configurata$/);
    expect(await goneComponent()).toMatchObject({ asin: GONE, availability: 'UNAVAILABLE', is_replaced: 0 });
  });

  it('an answer showing the product in between starts the count again', async () => {
    fake.setAccessible(GONE, false);
    const build = await createBuild();
    expect(await updatePrices(build.id)).toMatchObject(refusedOnce);
    ctx.clock.advance(HOUR);
    fake.setAccessible(GONE, true);
    expect(await updatePrices(build.id)).toMatchObject({ success: true, status: 'unchanged', availability: 'IN_STOCK' });
    expect(await streak()).toBeUndefined();

    fake.setAccessible(GONE, false);
    ctx.clock.advance(DAY);
    expect(await updatePrices(build.id)).toMatchObject(refusedOnce);
    expect(await streak()).toMatchObject({ first_day: romeDay(ctx.clock.now()), days: 1 });
    expect(await goneComponent()).toMatchObject({ availability: 'IN_STOCK' });
    ctx.clock.advance(DAY);
    expect(await updatePrices(build.id)).toMatchObject({ status: 'unavailable' });
    expect(await goneComponent()).toMatchObject({ availability: 'UNAVAILABLE' });
  });

  it("a whole-request 404 (the product alone in its request) names no item: it neither counts nor ends a run", async () => {
    fake.setAccessible(GONE, false);
    const alone = await createBuild({ alone: true });
    const failed = await updatePrices(alone.id);
    expect(failed).toMatchObject({ success: false, status: 'failed' });
    expect(await streak()).toBeUndefined();

    const paired = await createBuild();
    expect(await updatePrices(paired.id)).toMatchObject(refusedOnce);
    ctx.clock.advance(DAY);
    expect(await updatePrices(alone.id)).toMatchObject({ status: 'failed' });
    expect(await streak()).toMatchObject({ days: 1 });
    expect(await updatePrices(paired.id)).toMatchObject({ status: 'unavailable' });
  });
});
