/**
 * The retailer's daily budget as the author meets it, through the real app against the fake Creators
 * API: a refresh that runs out of budget halfway keeps what it fetched; once the day is spent the
 * admin price endpoints answer 503 with an Italian message and Retry-After (until 00:00 UTC), send
 * nothing to Amazon and write nothing — in particular no component becomes "unavailable". The price
 * statistics show the day's use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCreatorsApi, type FakeItem, startFakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const DAILY_BUDGET = 4;
const DAY_MS = 86_400_000;
const LIMIT_MESSAGE = /^Amazon Creators API: raggiunto il limite di 4 richieste al giorno \(AMAZON_REQUESTS_PER_DAY\)\. Il conteggio riparte alle \d\d:00 ora italiana \(mezzanotte UTC\), tra /;

/** Ten characters: B0BUD + five digits. */
const asin = (n: number) => `B0BUD${String(n).padStart(5, '0')}`;
const item = (n: number, price = 40 + n + 0.25): FakeItem => ({ asin: asin(n), title: `Prodotto ${n}`, brand: 'Marca', price, availability: 'IN_STOCK' });

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

/**
 * The budget is counted per UTC day by the database's clock, which a test cannot move: a run that crossed
 * 00:00 UTC would see the day's count start again halfway. Close to midnight, wait for the new day first.
 */
const NEAR_MIDNIGHT_S = 90;

const secondsToUtcMidnight = () => Math.ceil((Math.floor(Date.now() / DAY_MS + 1) * DAY_MS - Date.now()) / 1000);

beforeAll(async () => {
  const left = secondsToUtcMidnight();
  if (left <= NEAR_MIDNIGHT_S) await new Promise((resolve) => setTimeout(resolve, (left + 2) * 1000));
  fake = await startFakeCreatorsApi({ catalogue: Array.from({ length: 30 }, (_, i) => item(i)) });
  ctx = await createTestContext({ ...retailerEnv(fake), AMAZON_REQUESTS_PER_DAY: String(DAILY_BUDGET) });
  token = await ctx.login();
}, (NEAR_MIDNIGHT_S + 60) * 1000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function createBuild(title: string, numbers: number[]) {
  const response = await ctx.request('POST', '/api/admin/builds', {
    token,
    body: sampleBuild({
      title,
      components: numbers.map((n) => ({ type: 'Other', name: `Componente ${n}`, price: 10, amazon_link: `https://www.amazon.it/dp/${asin(n)}` })),
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number };
}

describe('daily retailer budget through the admin API', () => {
  it('keeps what a refresh fetched before the budget ran out, then refuses with 503 and Retry-After', async () => {
    // 25 ASINs = 3 requests, within the budget of 4: all updated, and the statistics count them.
    const first = await createBuild('Prima build', Array.from({ length: 25 }, (_, i) => i));
    const refreshed = await ctx.request('POST', `/api/admin/builds/${first.id}/update-prices`, { token });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.summary).toMatchObject({ total: 25, updated: 25, failed: 0 });
    const stats = await ctx.request('GET', '/api/admin/prices/stats', { token });
    expect(stats.body.retailer.budget).toEqual({ requestsPerSecond: 10, day: new Date().toISOString().slice(0, 10), used: 3, limit: DAILY_BUDGET });

    // The next 25 need 3 requests, only 1 is left: the first 10 are updated, the other 15 fail with the
    // budget's message, keep their price and are not called unavailable.
    for (let n = 0; n < 30; n++) fake.setItem(item(n, 70 + n + 0.5));
    const second = await createBuild('Seconda build', Array.from({ length: 25 }, (_, i) => i + 5));
    const partial = await ctx.request('POST', `/api/admin/builds/${second.id}/update-prices`, { token });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.summary).toMatchObject({ total: 25, updated: 10, failed: 15 });
    const failed = (partial.body.results as { asin: string; success: boolean; availability: string | null; error?: string }[]).filter((r) => !r.success);
    expect(failed).toHaveLength(15);
    for (const result of failed) {
      expect(result.error).toMatch(LIMIT_MESSAGE);
      expect(result.availability).toBeNull();
    }
    const requestsSoFar = fake.requests.length;
    expect(requestsSoFar).toBe(DAILY_BUDGET);

    // The day is spent: 503, Retry-After until 00:00 UTC, nothing sent to Amazon, nothing written.
    const before = await ctx.database.db.selectFrom('components').select(['id', 'price_cents', 'availability', 'updated_at']).orderBy('id').execute();
    const observationsBefore = await ctx.database.db.selectFrom('price_observations').select('id').execute();
    const refusedFrom = Date.now();
    const refused = await ctx.request('POST', `/api/admin/builds/${first.id}/update-prices`, { token });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(refused.body.error.message).toMatch(LIMIT_MESSAGE);
    expect(Math.abs(Number(refused.headers.get('retry-after')) - secondsToUtcMidnight())).toBeLessThanOrEqual(5);

    const imported = await ctx.request('POST', '/api/admin/import-amazon', {
      token,
      body: { cartUrl: `https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=buildpc-21&ASIN.1=${asin(1)}&Quantity.1=1` },
    });
    const importedBy = Date.now();
    expect(imported.status).toBe(503);
    expect(imported.body.error.message).toMatch(LIMIT_MESSAGE);
    // Both count down to the same midnight: the later answer is short by the whole seconds that passed
    // between the two requests (0 unless a second ticked over in between), never more.
    const countedDown = Number(refused.headers.get('retry-after')) - Number(imported.headers.get('retry-after'));
    expect(countedDown).toBeGreaterThanOrEqual(0);
    expect(countedDown).toBeLessThanOrEqual(Math.ceil((importedBy - refusedFrom) / 1000));

    expect(fake.requests).toHaveLength(requestsSoFar);
    expect(await ctx.database.db.selectFrom('components').select(['id', 'price_cents', 'availability', 'updated_at']).orderBy('id').execute()).toEqual(before);
    expect(await ctx.database.db.selectFrom('price_observations').select('id').execute()).toEqual(observationsBefore);
    expect(before.some((row) => row.availability === 'UNAVAILABLE')).toBe(false);
  });
});
