/**
 * The admin client parses every answer with the response schema exported by the server module that owns
 * the endpoint (src/app/admin/api). This walk calls every endpoint the admin uses on the real app and
 * database, with the retailer faked over real HTTP, and checks each real answer against the schema the
 * client will apply: a field renamed or dropped on the server fails here, not in the author's browser.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { okResponseSchema } from '../../src/common/api-responses';
import {
  alternativeListResponseSchema,
  alternativeResponseSchema,
  categoryDetailResponseSchema,
  categoryListResponseSchema,
  categoryResponseSchema,
} from '../../src/modules/alternatives/alternatives.schema';
import { analyticsOverviewSchema, buildAnalyticsSchema } from '../../src/modules/analytics/analytics.schema';
import { changePasswordResponseSchema, loginResponseSchema, verifyResponseSchema } from '../../src/modules/auth/auth.schema';
import { adminBuildListResponseSchema, adminBuildResponseSchema, buildStatsResponseSchema } from '../../src/modules/builds/builds.schema';
import { importResponseSchema } from '../../src/modules/importer/importer.schema';
import { uploadedImageSchema } from '../../src/modules/media/media.schema';
import {
  assignTiersResponseSchema,
  buildPriceRefreshResponseSchema,
  priceHistoryResponseSchema,
  priceStatsResponseSchema,
  retailerStatusResponseSchema,
  tierPriceRefreshResponseSchema,
} from '../../src/modules/pricing/pricing.schema';
import { retailerItemResponseSchema, retailerSearchResponseSchema } from '../../src/modules/retailer-items/retailer-items.schema';
import { replacementListResponseSchema, restoreOutcomeSchema, smartReplacementOutcomeSchema } from '../../src/modules/replacements/replacements.schema';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { ADMIN, createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const CPU = 'B0SCHCPU01';
const CPU_ALT = 'B0SCHALT01';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** Calls the endpoint, expects `status`, and returns the body parsed the way the admin client parses it. */
async function answer<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown, status = 200): Promise<z.output<S>> {
  const response = await ctx.request(method, path, { token, ...(body !== undefined && { body }) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
  const parsed = schema.safeParse(response.body);
  expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
  return parsed.data as z.output<S>;
}

describe('every admin answer matches the schema the client parses it with', () => {
  it('auth: login, verify, change-password, logout', async () => {
    const login = await ctx.request('POST', '/api/auth/login', { body: ADMIN });
    expect(loginResponseSchema.safeParse(login.body).success).toBe(true);
    const own = (login.body as { token: string }).token;
    expect(verifyResponseSchema.parse((await ctx.request('GET', '/api/auth/verify', { token: own })).body).user.username).toBe(ADMIN.username);
    const change = await ctx.request('POST', '/api/auth/change-password', { token: own, body: { currentPassword: ADMIN.password, newPassword: ADMIN.password } });
    // Same password: a 400 with the error shape, never a success shape.
    expect(change.status).toBe(400);
    expect(changePasswordResponseSchema.safeParse(change.body).success).toBe(false);
    expect(okResponseSchema.safeParse((await ctx.request('POST', '/api/auth/logout', { token: own })).body).success).toBe(true);
  });

  it('builds, stats, pricing, replacements, import and analytics', async () => {
    fake.setItem({ asin: CPU, title: 'CPU originale', brand: 'Marca', price: 199.9, availability: 'OUT_OF_STOCK' });
    fake.setItem({ asin: CPU_ALT, title: 'CPU sostituta', brand: 'Marca', price: 189.5, availability: 'IN_STOCK' });
    const created = await answer(
      adminBuildResponseSchema,
      'POST',
      '/api/admin/builds',
      sampleBuild({ components: [{ type: 'CPU', name: 'CPU originale', price: 199.9, amazon_link: `https://www.amazon.it/dp/${CPU}` }] }),
      201,
    );
    const id = created.build.id;
    expect(created.build.components).toHaveLength(1);
    const updated = await answer(adminBuildResponseSchema, 'PUT', `/api/admin/builds/${id}`, {
      ...sampleBuild({ title: 'Titolo nuovo', components: created.build.components.map(({ id: componentId, type, name, price, amazon_link }) => ({ id: componentId, type, name, price, amazon_link })) }),
      updated_at: created.build.updated_at,
    });
    expect(updated.build.title).toBe('Titolo nuovo');
    expect((await answer(adminBuildResponseSchema, 'GET', `/api/admin/builds/${id}`)).build.id).toBe(id);
    expect((await answer(adminBuildListResponseSchema, 'GET', '/api/admin/builds')).builds.map((row) => row.id)).toContain(id);
    expect((await answer(buildStatsResponseSchema, 'GET', '/api/admin/stats')).stats.total).toBeGreaterThanOrEqual(1);

    expect((await answer(assignTiersResponseSchema, 'POST', '/api/admin/components/assign-tiers')).assigned).toBeGreaterThanOrEqual(1);
    expect((await answer(tierPriceRefreshResponseSchema, 'POST', '/api/admin/prices/update-tier/A')).message).toBe('Aggiornamento prezzi completato!');
    expect((await answer(buildPriceRefreshResponseSchema, 'POST', `/api/admin/builds/${id}/update-prices`)).summary.total).toBe(1);
    const stats = await answer(priceStatsResponseSchema, 'GET', '/api/admin/prices/stats');
    expect(stats.retailer.configured).toBe(true);
    expect(stats.retailer.lastRun?.job).toMatch(/^prices-/);
    expect(await answer(retailerStatusResponseSchema, 'GET', '/api/admin/prices/retailer')).toEqual({ configured: true, missing: null });

    await answer(alternativeResponseSchema, 'POST', '/api/admin/alternatives', { originalAsin: CPU, alternativeAsin: CPU_ALT, alternativeName: 'CPU sostituta', alternativePrice: 189.5, priority: 1 }, 201);
    const outcome = await answer(smartReplacementOutcomeSchema, 'POST', `/api/admin/builds/${id}/smart-replacement`);
    expect(outcome.summary.replaced).toBe(1);
    const [record] = (await answer(replacementListResponseSchema, 'GET', '/api/admin/replacements')).replacements;
    expect(record?.original_asin).toBe(CPU);
    expect((await answer(restoreOutcomeSchema, 'POST', `/api/admin/replacements/${record!.id}/restore`)).component.asin).toBe(CPU);

    const imported = await answer(importResponseSchema, 'POST', '/api/admin/import-amazon', { cartUrl: `https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=${CPU_ALT}&Quantity.1=1` });
    expect(imported.components.map((component) => component.asin)).toEqual([CPU_ALT]);

    expect((await answer(analyticsOverviewSchema, 'GET', '/api/admin/analytics?days=30')).builds.map((row) => row.id)).toContain(id);
    expect((await answer(buildAnalyticsSchema, 'GET', `/api/admin/builds/${id}/analytics?days=30`)).days).toHaveLength(30);
    await answer(okResponseSchema, 'DELETE', `/api/admin/builds/${id}`);
  });

  it('retailer search and lookup, and the price history (admin and public)', async () => {
    fake.setItem({ asin: CPU, title: 'Processore AMD Ryzen', brand: 'AMD', price: 199.9, availability: 'IN_STOCK', features: ['6 core'] });
    const search = await answer(retailerSearchResponseSchema, 'GET', '/api/admin/retailer/search?q=ryzen&page=1');
    expect(search.items.map((item) => [item.asin, item.type, item.image_url !== null])).toEqual([[CPU, 'CPU', true]]);
    const lookup = await answer(retailerItemResponseSchema, 'GET', `/api/admin/retailer/items/${encodeURIComponent(`https://www.amazon.it/dp/${CPU}`)}`);
    expect(lookup.item).toEqual(search.items[0]);

    const created = await answer(
      adminBuildResponseSchema,
      'POST',
      '/api/admin/builds',
      sampleBuild({ title: 'Storico prezzi', components: [{ type: 'CPU', name: lookup.item.title, price: lookup.item.price, amazon_link: lookup.item.amazon_link, image_url: lookup.item.image_url }] }),
      201,
    );
    expect(created.build.components[0]?.image_url).toBe(lookup.item.image_url);
    await answer(buildPriceRefreshResponseSchema, 'POST', `/api/admin/builds/${created.build.id}/update-prices`);
    const adminHistory = await answer(priceHistoryResponseSchema, 'GET', `/api/admin/builds/${created.build.id}/price-history`);
    expect(adminHistory.components[0]?.points.map((point) => point.price)).toEqual([199.9]);
    const publicHistory = await ctx.request('GET', `/api/builds/${created.build.slug}/price-history`);
    expect(priceHistoryResponseSchema.parse(publicHistory.body)).toEqual(adminHistory);
    await answer(okResponseSchema, 'DELETE', `/api/admin/builds/${created.build.id}`);
  });

  it('alternative categories and their members', async () => {
    const { category } = await answer(categoryResponseSchema, 'POST', '/api/admin/alternative-categories', { name: 'CPU AM5', description: null, component_type: 'CPU' }, 201);
    await answer(categoryResponseSchema, 'PUT', `/api/admin/alternative-categories/${category.id}`, { name: 'CPU AM5', description: 'Socket AM5', component_type: 'CPU' });
    const member = await answer(
      alternativeResponseSchema,
      'POST',
      `/api/admin/alternative-categories/${category.id}/alternatives`,
      { alternativeAsin: CPU_ALT, alternativeName: 'CPU sostituta', alternativePrice: null, priority: 2 },
      201,
    );
    await answer(alternativeResponseSchema, 'PUT', `/api/admin/alternatives/${member.alternative.id}`, {
      alternativeAsin: CPU_ALT,
      alternativeName: 'CPU sostituta',
      alternativePrice: 10,
      priority: 3,
    });
    expect((await answer(categoryListResponseSchema, 'GET', '/api/admin/alternative-categories')).categories.find((row) => row.id === category.id)?.alternatives_count).toBe(1);
    expect((await answer(categoryDetailResponseSchema, 'GET', `/api/admin/alternative-categories/${category.id}`)).category.alternatives).toHaveLength(1);
    expect((await answer(alternativeListResponseSchema, 'GET', `/api/admin/alternative-categories/${category.id}/alternatives`)).alternatives[0]?.priority).toBe(3);
    expect((await answer(alternativeListResponseSchema, 'GET', `/api/admin/alternatives/${CPU}`)).alternatives).toBeInstanceOf(Array);
    await answer(okResponseSchema, 'DELETE', `/api/admin/alternatives/${member.alternative.id}`);
    await answer(okResponseSchema, 'DELETE', `/api/admin/alternative-categories/${category.id}`);
  });

  it('upload', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'copertina.png');
    const response = await ctx.app.request('/api/admin/upload', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(201);
    const uploaded = uploadedImageSchema.parse(await response.json());
    expect(uploaded.url).toMatch(/^\/uploads\//);
  });

  it('a malformed answer is refused by the same schemas', () => {
    expect(adminBuildResponseSchema.safeParse({ build: { id: '1' } }).success).toBe(false);
    expect(replacementListResponseSchema.safeParse({ replacement: [] }).success).toBe(false);
    expect(priceStatsResponseSchema.safeParse({ componentStats: [], cacheStats: {} }).success).toBe(false);
    expect(retailerSearchResponseSchema.safeParse({ items: [{ asin: 'B0X' }], page: 1, total_results: 1 }).success).toBe(false);
    expect(priceHistoryResponseSchema.safeParse({ components: [{ id: 1, asin: null, points: [{ at: 'x', price: '1' }] }], total: [] }).success).toBe(false);
  });
});
