/**
 * Deals (decision 046) on SQLite and PostgreSQL, through the real app and the fake Creators API over real
 * HTTP: 30 days at 200 € and a refresh at 170 € make a 15 % deal in the API and the feed (parsed as RSS);
 * 185 € (−7.5 %) does not; an unavailable or stale price does not; no history, no deal; the deal ends at the
 * next refresh that ends it and the cached answers follow; a build kept out of deals is left out; filters.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealsResponseSchema } from '../../src/modules/deals/deals.schema';
import { AFFILIATE_DISCLOSURE } from '../../src/common/price-freshness';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { clearDealTables, CPU, createBuild, DAY, GPU, RAM, refreshBuild, seedHistory, setPrices } from './deals-fixtures';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  ctx = await createTestContext({ ...retailerEnv(fake), SITE_NAME: 'Build PC' });
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await clearDealTables(ctx);
  setPrices(fake, { [CPU]: 200, [GPU]: 449, [RAM]: 109.5 });
});

async function deals(query = '') {
  const response = await ctx.request('GET', `/api/deals${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return dealsResponseSchema.parse(response.body);
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'item' });

async function feedItems() {
  const response = await ctx.app.request('/offerte/feed.xml');
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/rss+xml');
  expect(XMLValidator.validate(text), 'well-formed XML').toBe(true);
  const channel = parser.parse(text).rss.channel;
  return { channel, items: (channel.item ?? []) as Array<Record<string, any>> };
}

describe('what a deal is', () => {
  it('30 days at 200 € and a refresh at 170 € make a 15 % deal in the API and the feed', async () => {
    const build = await createBuild(ctx, token, { title: 'PC da offerta' });
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);

    const answer = await deals();
    expect(answer.deals).toHaveLength(1);
    const deal = answer.deals[0]!;
    expect(deal).toMatchObject({ asin: CPU, type: 'CPU', price: 170, previous_low_30d: 200, drop_percent: 15, builds: [{ slug: build.slug, title: 'PC da offerta' }] });
    expect(Date.now() - Date.parse(deal.price_updated_at)).toBeLessThan(60_000);
    expect(answer.checked_at).not.toBeNull();

    const { channel, items } = await feedItems();
    expect(channel.description).toContain(AFFILIATE_DISCLOSURE);
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toContain('15 %');
    expect(items[0]!.description).toContain('200,00');
    expect(items[0]!.description).toContain(`/build/${build.slug}`);
    expect(items[0]!.guid['#text']).toMatch(new RegExp(`^offerta-${CPU}-\\d{4}-\\d{2}-\\d{2}$`));
    expect(items[0]!.guid['@_isPermaLink']).toBe('false');
  });

  it('185 € (−7.5 %) is no deal', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 185 });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toEqual([]);
    expect((await feedItems()).items).toEqual([]);
  });

  it('an unavailable price is no deal', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 }, { [CPU]: 'OUT_OF_STOCK' });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toEqual([]);
  });

  it('a deal whose price turns stale (over 24 hours) is no longer shown', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toHaveLength(1);
    ctx.clock.advance(25 * 3_600_000);
    await ctx.services.events.emitChange();
    expect((await deals()).deals).toEqual([]);
    expect((await feedItems()).items).toEqual([]);
  });

  it('no history in the 30 days before today, no deal', async () => {
    const build = await createBuild(ctx, token);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toEqual([]);
    // History older than the window does not count either.
    const old = new Date(ctx.clock.now().getTime() - 40 * DAY).toISOString();
    await ctx.database.db.insertInto('price_observations').values({ asin: CPU, price_cents: 20_000, availability: 'IN_STOCK', source: 'amazon', observed_at: old }).execute();
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toEqual([]);
  });

  it('a deal ends at the refresh that ends it, and the cached answers follow', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toHaveLength(1);
    expect((await feedItems()).items).toHaveLength(1);
    // Both answers are now cached; the refresh that ends the deal drops them.
    setPrices(fake, { [CPU]: 199 });
    await refreshBuild(ctx, token, build.id);
    expect((await deals()).deals).toEqual([]);
    expect((await feedItems()).items).toEqual([]);
  });

  it("the author's switch keeps a build's parts out of deals at once; a draft lends none either", async () => {
    const kept = await createBuild(ctx, token, { title: 'Fuori dalle offerte' });
    expect((await ctx.request('GET', `/api/admin/deals/builds/${kept.id}`, { token })).body).toEqual({ excluded: false });
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, kept.id);
    expect((await deals()).deals).toHaveLength(1);
    const off = await ctx.request('PUT', `/api/admin/deals/builds/${kept.id}`, { token, body: { excluded: true } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ excluded: true });
    // The cached answer is dropped by the switch.
    expect((await deals()).deals).toEqual([]);
    expect((await ctx.request('PUT', `/api/admin/deals/builds/${kept.id}`, { token, body: { excluded: 'sì' } })).status).toBe(400);
    expect((await ctx.request('PUT', '/api/admin/deals/builds/999999', { token, body: { excluded: true } })).status).toBe(404);
    expect((await ctx.request('PUT', `/api/admin/deals/builds/${kept.id}`, { body: { excluded: false } })).status).toBe(401);
    // The switch exists only behind the session: nothing under the public /api/deals reaches it.
    for (const path of [`/api/deals/builds/${kept.id}`, `/api/deals/deals/builds/${kept.id}`]) {
      expect((await ctx.request('PUT', path, { body: { excluded: false } })).status, path).toBe(404);
      expect((await ctx.request('GET', path)).status, path).toBe(404);
    }
    expect((await ctx.request('GET', `/api/admin/deals/builds/${kept.id}`, { token })).body).toEqual({ excluded: true });
    await ctx.database.db.deleteFrom('deals').execute();
    await ctx.database.db.deleteFrom('price_observations').execute();
    const draft = await createBuild(ctx, token, { title: 'Bozza', status: 'draft' });
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, kept.id);
    await refreshBuild(ctx, token, draft.id);
    expect((await deals()).deals).toEqual([]);
  });

  it('lists the builds a deal belongs in, filters by part type and category, biggest drop first', async () => {
    const gaming = await createBuild(ctx, token, { title: 'Gaming', category: 'gaming' });
    const office = await createBuild(ctx, token, { title: 'Ufficio', category: 'office' });
    await seedHistory(ctx, CPU, 200);
    await seedHistory(ctx, GPU, 500);
    setPrices(fake, { [CPU]: 170, [GPU]: 400 });
    await refreshBuild(ctx, token, gaming.id);
    const all = await deals();
    expect(all.deals.map((deal) => [deal.asin, deal.drop_percent])).toEqual([
      [GPU, 20],
      [CPU, 15],
    ]);
    expect(all.deals[0]!.builds.map((build) => build.title).sort()).toEqual(['Gaming', 'Ufficio']);
    expect((await deals('?tipo=gpu')).deals.map((deal) => deal.asin)).toEqual([GPU]);
    expect((await deals('?categoria=office')).deals).toHaveLength(2);
    expect((await deals('?categoria=workstation')).deals).toEqual([]);
    void office;
    const bad = await ctx.request('GET', '/api/deals?tipo=frigorifero');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Tipo di componente sconosciuto');
  });

  it('a curated alternative offered for a part is a deal too, in the build it is offered in', async () => {
    const build = await createBuild(ctx, token, { title: 'Con alternativa' });
    const ALT = 'B0ALT00001';
    const created = await ctx.request('POST', '/api/admin/alternatives', { token, body: { original_asin: CPU, alternative_asin: ALT, alternative_name: 'AMD Ryzen 7 7700', priority: 1 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await seedHistory(ctx, ALT, 300);
    setPrices(fake, { [ALT]: 240 });
    await refreshBuild(ctx, token, build.id);
    const answer = await deals();
    expect(answer.deals).toHaveLength(1);
    expect(answer.deals[0]).toMatchObject({ asin: ALT, name: 'AMD Ryzen 7 7700', type: 'CPU', price: 240, previous_low_30d: 300, drop_percent: 20, builds: [{ slug: build.slug }] });
  });
});
