import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(() => ctx.close());

// Every test starts from an empty catalogue, so tests never depend on each other's builds.
beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const ADMIN_ROW_FIELDS = ['id', 'slug', 'title', 'description', 'category', 'budget', 'status', 'views', 'created_at', 'updated_at', 'published_at'];

async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

async function updateBuild(id: number, body: unknown) {
  return ctx.request('PUT', `/api/admin/builds/${id}`, { token, body });
}

async function getAdminBuild(id: number) {
  return ctx.request('GET', `/api/admin/builds/${id}`, { token });
}

/** The BuildInput that saves `build` as it is (components sent back with their ids). */
function toInput(build: any, overrides: Record<string, unknown> = {}) {
  return {
    title: build.title,
    description: build.description,
    content: build.content,
    featured_image: build.featured_image,
    budget: build.budget,
    category: build.category,
    status: build.status,
    meta_title: build.meta_title,
    meta_description: build.meta_description,
    affiliate_tag: build.affiliate_tag,
    components: build.components.map((c: any) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      brand: c.brand,
      model: c.model,
      specs: c.specs,
      price: c.price,
      amazon_link: c.amazon_link,
      asin: c.asin,
      position: c.position,
    })),
    ...overrides,
  };
}

function componentRowsOf(buildId: number) {
  return ctx.database.db.selectFrom('components').selectAll().where('build_id', '=', buildId).execute();
}

/** An ISO-8601 UTC timestamp within [before, after]. */
function expectTimestampBetween(value: string, before: Date, after: Date) {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const time = new Date(value).getTime();
  expect(time).toBeGreaterThanOrEqual(before.getTime());
  expect(time).toBeLessThanOrEqual(after.getTime());
}

describe('POST /api/admin/builds', () => {
  it('creates a build with a slug, ordered components, euro prices and ASINs derived from every link form', async () => {
    const before = ctx.clock.now();
    const response = await ctx.request('POST', '/api/admin/builds', {
      token,
      body: sampleBuild({
        title: 'Build Gaming 1080p: €800',
        budget: 799.99,
        components: [
          { type: 'CPU', name: 'AMD Ryzen 5 7600', brand: 'AMD', model: '7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' },
          { type: 'GPU', name: 'NVIDIA RTX 5060 Ti', price: 449, amazon_link: 'https://www.amazon.it/gp/product/B0F1XYZ123?th=1' },
          { type: 'RAM', name: 'Corsair Vengeance 32GB DDR5', price: 109.5, amazon_link: 'https://www.amazon.it/gp/aw/d/B0C1234567' },
          { type: 'Storage', name: 'Samsung 990 EVO 1TB', price: 89.99, amazon_link: 'https://www.amazon.it/s?k=ssd&asin=b0abcdefgh' },
          { type: 'PSU', name: 'Corsair RM750e', price: null, amazon_link: 'https://www.amazon.it/dp/B0AAAAAAAA', asin: 'b0explicit' },
        ],
      }),
    });
    const after = ctx.clock.now();

    expect(response.status).toBe(201);
    const build = response.body.build;
    expect(build.id).toEqual(expect.any(Number));
    expect(build.slug).toBe('build-gaming-1080p-800');
    expect(build.title).toBe('Build Gaming 1080p: €800');
    expect(build.budget).toBe(799.99);
    expect(build.status).toBe('published');
    expect(build.total_price).toBe(848.39);

    const components = build.components;
    expect(components.map((c: any) => c.position)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(components.map((c: any) => c.id)).size).toBe(5);
    for (const c of components) {
      expect(c.id).toEqual(expect.any(Number));
      expect(c.build_id).toBe(build.id);
    }
    expect(components.map((c: any) => c.price)).toEqual([199.9, 449, 109.5, 89.99, null]);
    expect(components.map((c: any) => c.asin)).toEqual(['B0BMQJWBDM', 'B0F1XYZ123', 'B0C1234567', 'B0ABCDEFGH', 'B0EXPLICIT']);
    // The admin sees the link as typed, without an affiliate tag added.
    expect(components[1].amazon_link).toBe('https://www.amazon.it/gp/product/B0F1XYZ123?th=1');
    expect(components[0]).toMatchObject({ brand: 'AMD', model: '7600', price_source: 'manual' });
    expectTimestampBetween(components[0].price_updated_at, before, after);
    expect(components[4]).toMatchObject({ price_source: null, price_updated_at: null });
  });

  it('gives builds with the same title the slugs x, x-2 and x-3', async () => {
    const first = await createBuild({ title: 'X' });
    const second = await createBuild({ title: 'X' });
    const third = await createBuild({ title: 'x' });
    expect([first.slug, second.slug, third.slug]).toEqual(['x', 'x-2', 'x-3']);
  });

  it('keeps the slug when the title changes', async () => {
    const build = await createBuild({ title: 'Titolo originale' });
    expect(build.slug).toBe('titolo-originale');
    const response = await updateBuild(build.id, toInput(build, { title: 'Un titolo completamente nuovo' }));
    expect(response.status).toBe(200);
    expect(response.body.build.title).toBe('Un titolo completamente nuovo');
    expect(response.body.build.slug).toBe('titolo-originale');
    expect((await getAdminBuild(build.id)).body.build.slug).toBe('titolo-originale');
  });
});

describe('published_at', () => {
  it('is set when a build is created as published', async () => {
    const before = ctx.clock.now();
    const build = await createBuild({ status: 'published' });
    expectTimestampBetween(build.published_at, before, ctx.clock.now());
  });

  it('is null for a draft, set on first publish and never changed afterwards', async () => {
    const draft = await createBuild({ status: 'draft' });
    expect(draft.published_at).toBeNull();

    ctx.clock.advance(HOUR);
    const before = ctx.clock.now();
    const published = (await updateBuild(draft.id, toInput(draft, { status: 'published' }))).body.build;
    expect(published.status).toBe('published');
    expectTimestampBetween(published.published_at, before, ctx.clock.now());
    const firstPublishedAt = published.published_at;

    ctx.clock.advance(HOUR);
    const edited = (await updateBuild(draft.id, toInput(published, { title: 'Titolo modificato', description: 'Altra descrizione' }))).body.build;
    expect(edited.title).toBe('Titolo modificato');
    expect(edited.published_at).toBe(firstPublishedAt);

    ctx.clock.advance(HOUR);
    const unpublished = (await updateBuild(draft.id, toInput(edited, { status: 'draft' }))).body.build;
    expect(unpublished.status).toBe('draft');
    expect(unpublished.published_at).toBe(firstPublishedAt);

    ctx.clock.advance(HOUR);
    const republished = (await updateBuild(draft.id, toInput(unpublished, { status: 'published' }))).body.build;
    expect(republished.status).toBe('published');
    expect(republished.published_at).toBe(firstPublishedAt);
    expect((await getAdminBuild(draft.id)).body.build.published_at).toBe(firstPublishedAt);
  });
});

describe('PUT /api/admin/builds/{id}: components saved by id', () => {
  it('keeps ids and price metadata of unchanged prices, re-dates changed prices, inserts new and deletes omitted components', async () => {
    const created = await createBuild();
    const [cpu, gpu, ram] = created.components;

    // A price that came from the retailer, with its tier: an edit that keeps the price must keep them.
    const retailerDate = '2026-01-15T10:00:00.000Z';
    await ctx.database.db
      .updateTable('components')
      .set({ price_source: 'amazon', price_updated_at: retailerDate, tier: 'A' })
      .where('id', '=', ram.id)
      .execute();
    const stored = (await getAdminBuild(created.id)).body.build;

    ctx.clock.advance(HOUR);
    const before = ctx.clock.now();
    const input = toInput(stored);
    input.components = [
      { ...input.components[0], name: 'AMD Ryzen 5 7600 (box)' }, // renamed, same price
      { ...input.components[1], price: 429 }, // new price
      { ...input.components[2] }, // unchanged
      { type: 'PSU', name: 'Corsair RM750e', price: 99.9, amazon_link: 'https://www.amazon.it/dp/B0PSU00001' }, // new
    ];
    const first = await updateBuild(created.id, input);
    const after = ctx.clock.now();
    expect(first.status).toBe(200);
    const edited = first.body.build;

    expect(edited.components.map((c: any) => c.id).slice(0, 3)).toEqual([cpu.id, gpu.id, ram.id]);
    const [cpu1, gpu1, ram1, psu1] = edited.components;
    expect(cpu1.name).toBe('AMD Ryzen 5 7600 (box)');
    expect(cpu1).toMatchObject({ price: 199.9, price_source: 'manual', price_updated_at: cpu.price_updated_at });
    expect(gpu1).toMatchObject({ price: 429, price_source: 'manual' });
    expect(gpu1.price_updated_at).not.toBe(gpu.price_updated_at);
    expectTimestampBetween(gpu1.price_updated_at, before, after);
    expect(ram1).toMatchObject({ price: 109.5, price_source: 'amazon', price_updated_at: retailerDate, tier: 'A' });
    expect([cpu.id, gpu.id, ram.id]).not.toContain(psu1.id);
    expect(psu1).toMatchObject({ type: 'PSU', asin: 'B0PSU00001', position: 3, price: 99.9 });
    expect(edited.components.map((c: any) => c.position)).toEqual([0, 1, 2, 3]);

    // Second edit: send back what the first returned, dropping the GPU.
    ctx.clock.advance(HOUR);
    const second = toInput(edited);
    second.components = [second.components[0], second.components[2], second.components[3]];
    const again = await updateBuild(created.id, second);
    expect(again.status).toBe(200);
    const final = again.body.build;
    expect(final.components.map((c: any) => c.id)).toEqual([cpu.id, ram.id, psu1.id]);
    expect(final.components.map((c: any) => c.price_updated_at)).toEqual([cpu1.price_updated_at, ram1.price_updated_at, psu1.price_updated_at]);
    expect(final.components.map((c: any) => c.price_source)).toEqual(['manual', 'amazon', 'manual']);

    const rows = await componentRowsOf(created.id);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([cpu.id, ram.id, psu1.id].sort((a, b) => a - b));
    expect(await ctx.database.db.selectFrom('components').select('id').where('id', '=', gpu.id).execute()).toEqual([]);
  });

  it('rejects a component id of another build with 400 and changes neither build', async () => {
    const mine = await createBuild({ title: 'La mia build' });
    const other = await createBuild({ title: 'Un altra build' });
    const mineBefore = (await getAdminBuild(mine.id)).body.build;
    const otherBefore = (await getAdminBuild(other.id)).body.build;

    ctx.clock.advance(HOUR);
    const input = toInput(mine, { title: 'Titolo che non deve essere salvato' });
    input.components = [
      { ...input.components[0], name: 'Nome che non deve essere salvato' },
      { ...toInput(other).components[1], name: 'Rubato' },
    ];
    const response = await updateBuild(mine.id, input);

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toMatch(/componente/i);
    expect(response.body.error.fields).toHaveProperty(['components.1.id']);
    expect((await getAdminBuild(mine.id)).body.build).toEqual(mineBefore);
    expect((await getAdminBuild(other.id)).body.build).toEqual(otherBefore);
  });

  it('answers 404 for an unknown build', async () => {
    const response = await updateBuild(999_999, sampleBuild());
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/admin/builds and /api/admin/builds/{id}', () => {
  it('lists drafts and published builds, newest first, with the contract fields', async () => {
    const oldest = await createBuild({ title: 'Prima', status: 'published', budget: 500 });
    ctx.clock.advance(MINUTE);
    const middle = await createBuild({ title: 'Seconda', status: 'draft', category: 'office', budget: null });
    ctx.clock.advance(MINUTE);
    const newest = await createBuild({ title: 'Terza', status: 'published', category: 'premium', budget: 2999.99 });

    const response = await ctx.request('GET', '/api/admin/builds', { token });
    expect(response.status).toBe(200);
    const builds = response.body.builds;
    expect(builds.map((b: any) => b.id)).toEqual([newest.id, middle.id, oldest.id]);
    for (const row of builds) expect(Object.keys(row)).toEqual(expect.arrayContaining(ADMIN_ROW_FIELDS));
    expect(builds[0]).toMatchObject({ title: 'Terza', slug: 'terza', status: 'published', category: 'premium', budget: 2999.99, views: 0 });
    expect(builds[1]).toMatchObject({ title: 'Seconda', status: 'draft', category: 'office', budget: null, published_at: null });
    expect(builds[2]).toMatchObject({ title: 'Prima', budget: 500, published_at: oldest.published_at, created_at: oldest.created_at });
  });

  it('returns one build with its components, brand, model, tier and price metadata', async () => {
    const created = await createBuild({
      components: [{ type: 'CPU', name: 'Intel Core i5-14400F', brand: 'Intel', model: 'i5-14400F', specs: '10 core', price: 159.99, amazon_link: 'https://www.amazon.it/dp/B0CQ1XYZ12' }],
    });
    await ctx.database.db.updateTable('components').set({ tier: 'B' }).where('build_id', '=', created.id).execute();

    const response = await getAdminBuild(created.id);
    expect(response.status).toBe(200);
    const build = response.body.build;
    expect(build).toMatchObject({ id: created.id, slug: created.slug, title: created.title, status: 'published', content: created.content });
    expect(build.components).toHaveLength(1);
    expect(build.components[0]).toMatchObject({
      id: created.components[0].id,
      type: 'CPU',
      name: 'Intel Core i5-14400F',
      brand: 'Intel',
      model: 'i5-14400F',
      specs: '10 core',
      tier: 'B',
      price: 159.99,
      price_source: 'manual',
      price_updated_at: created.components[0].price_updated_at,
      asin: 'B0CQ1XYZ12',
      position: 0,
    });
    expect(build.components[0]).toHaveProperty('availability');
  });

  it('answers 404 JSON with an Italian message for an unknown or non-numeric id', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1']) {
      const response = await ctx.request('GET', `/api/admin/builds/${id}`, { token });
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body.error.code).toBe('NOT_FOUND');
      expect(response.body.error.message).toMatch(/non trovat|non esiste/i);
    }
  });
});

describe('DELETE /api/admin/builds/{id}', () => {
  it('deletes the build and its components, then answers 404', async () => {
    const doomed = await createBuild({ title: 'Da eliminare' });
    const survivor = await createBuild({ title: 'Da tenere' });

    const response = await ctx.request('DELETE', `/api/admin/builds/${doomed.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    expect((await getAdminBuild(doomed.id)).status).toBe(404);
    const again = await ctx.request('DELETE', `/api/admin/builds/${doomed.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');

    expect(await componentRowsOf(doomed.id)).toEqual([]);
    expect(await componentRowsOf(survivor.id)).toHaveLength(3);
    expect((await getAdminBuild(survivor.id)).status).toBe(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts zero builds as numbers', async () => {
    const response = await ctx.request('GET', '/api/admin/stats', { token });
    expect(response.status).toBe(200);
    expect(response.body).toStrictEqual({ stats: { total: 0, published: 0, drafts: 0, scheduled: 0, totalViews: 0 } });
  });

  it('counts builds by status and sums their views, as numbers', async () => {
    const a = await createBuild({ title: 'A', status: 'published' });
    const b = await createBuild({ title: 'B', status: 'published' });
    await createBuild({ title: 'C', status: 'draft' });
    await ctx.database.db.updateTable('builds').set({ views: 7 }).where('id', '=', a.id).execute();
    await ctx.database.db.updateTable('builds').set({ views: 3 }).where('id', '=', b.id).execute();

    const response = await ctx.request('GET', '/api/admin/stats', { token });
    expect(response.status).toBe(200);
    // toStrictEqual: '3' (a PostgreSQL count as a string) would fail.
    expect(response.body).toStrictEqual({ stats: { total: 3, published: 2, drafts: 1, scheduled: 0, totalViews: 10 } });
  });
});
