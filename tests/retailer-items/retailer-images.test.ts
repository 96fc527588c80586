/**
 * Retailer images on components through the real app and the fake Creators API over real HTTP: linked,
 * never stored (only the URL is kept), refreshed together with the prices (lookups 10 ASINs a request),
 * kept or changed by the editor's save, and swapped with the product by a smart replacement.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeImageUrl, startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

/** Ten characters: B0IMG + five digits. */
const asin = (n: number) => `B0IMG${String(n).padStart(5, '0')}`;
const fakeItem = (n: number, overrides: Partial<FakeItem> = {}): FakeItem => ({
  asin: asin(n),
  title: `Prodotto ${n}`,
  brand: 'Marca',
  price: 100 + n,
  availability: 'IN_STOCK',
  ...overrides,
});
const OTHER_IMAGE = 'https://m.media-amazon.com/images/I/nuova-foto._SL500_.jpg';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: Array.from({ length: 30 }, (_, i) => fakeItem(i + 1)) });
  // No page cache: the tests move the clock a day ahead, and a cached answer lives a minute of real time.
  ctx = await createTestContext({ ...retailerEnv(fake), PAGE_CACHE_MB: '0' });
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('replacements').execute();
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('price_days').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  for (let n = 1; n <= 30; n++) fake.setItem(fakeItem(n));
  fake.requests.length = 0;
});

interface ComponentSpec {
  n: number;
  price?: number | null;
  image_url?: string | null;
  type?: string;
}

async function createBuild(components: ComponentSpec[], title = 'Build con immagini') {
  const response = await ctx.request('POST', '/api/admin/builds', {
    token,
    body: sampleBuild({
      title,
      components: components.map((c) => ({
        type: c.type ?? 'CPU',
        name: `Componente ${c.n}`,
        price: c.price === undefined ? 50 : c.price,
        amazon_link: `https://www.amazon.it/dp/${asin(c.n)}`,
        ...(c.image_url !== undefined && { image_url: c.image_url }),
      })),
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; updated_at: string; components: { id: number; asin: string; image_url: string | null }[] };
}

async function imagesOf(buildId: number): Promise<Map<string, string | null>> {
  const rows = await ctx.database.db.selectFrom('components').select(['asin', 'image_url']).where('build_id', '=', buildId).orderBy('id').execute();
  return new Map(rows.map((row) => [row.asin!, row.image_url]));
}

function getItemsBatches(): string[][] {
  return fake.requests.filter((request) => request.path.endsWith('/getItems')).map((request) => (request.body as { itemIds: string[] }).itemIds);
}

describe('images are refreshed with the prices', () => {
  it('looks 25 ASINs up 10 per request and stores each image link with its price', async () => {
    const build = await createBuild(Array.from({ length: 25 }, (_, i) => ({ n: i + 1 })));
    expect([...(await imagesOf(build.id)).values()].every((url) => url === null)).toBe(true);

    const refresh = await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    expect(refresh.body.summary).toMatchObject({ total: 25, updated: 25, failed: 0 });
    expect(getItemsBatches().map((batch) => batch.length)).toEqual([10, 10, 5]);
    for (const request of fake.requests) {
      expect((request.body as { resources: string[] }).resources).toEqual(expect.arrayContaining(['images.primary.large', 'images.primary.medium']));
    }
    const images = await imagesOf(build.id);
    for (let n = 1; n <= 25; n++) expect(images.get(asin(n)), asin(n)).toBe(fakeImageUrl(asin(n), 500));

    // The public build and the admin build carry the link; the price came with it.
    const page = await ctx.request('GET', `/api/builds/${build.slug}`);
    const first = page.body.build.components.find((c: { asin: string }) => c.asin === asin(1));
    expect(first).toMatchObject({ image_url: fakeImageUrl(asin(1), 500), price: 101 });
    const admin = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
    expect(admin.body.build.components.find((c: { asin: string }) => c.asin === asin(1)).image_url).toBe(fakeImageUrl(asin(1), 500));
  });

  it('takes a new image link, falls back to the medium image, and keeps the stored one when Amazon gives none', async () => {
    const build = await createBuild([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
    fake.setItem(fakeItem(1, { images: { large: { url: OTHER_IMAGE, width: 500, height: 400 } } }));
    fake.setItem(fakeItem(2, { images: null }));
    fake.setItem(fakeItem(3, { images: { large: null, medium: { url: 'https://m.media-amazon.com/images/I/media._SL160_.jpg', width: 160, height: 160 } } }));
    // Out of stock with no price: the price stays, and so does the image Amazon does not send.
    fake.setItem(fakeItem(4, { price: null, availability: 'UNAVAILABLE', images: null }));

    const refresh = await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
    expect(refresh.status).toBe(200);
    expect(Object.fromEntries(await imagesOf(build.id))).toEqual({
      [asin(1)]: OTHER_IMAGE,
      [asin(2)]: fakeImageUrl(asin(2), 500),
      [asin(3)]: 'https://m.media-amazon.com/images/I/media._SL160_.jpg',
      [asin(4)]: fakeImageUrl(asin(4), 500),
    });
  });

  it('a tier refresh refreshes the images of every build using the ASIN', async () => {
    const one = await createBuild([{ n: 5 }], 'Prima build');
    const two = await createBuild([{ n: 5 }, { n: 6 }], 'Seconda build');
    expect((await ctx.request('POST', '/api/admin/components/assign-tiers', { token })).status).toBe(200);
    const refresh = await ctx.request('POST', '/api/admin/prices/update-tier/A', { token });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    expect((await imagesOf(one.id)).get(asin(5))).toBe(fakeImageUrl(asin(5), 500));
    expect(Object.fromEntries(await imagesOf(two.id))).toEqual({ [asin(5)]: fakeImageUrl(asin(5), 500), [asin(6)]: fakeImageUrl(asin(6), 500) });
    expect(getItemsBatches()).toEqual([[asin(5), asin(6)]]);
  });
});

describe('the editor and image links', () => {
  it('stores a given https image, keeps it when a save leaves the field out, and clears it with "" or a new product', async () => {
    const build = await createBuild([{ n: 1, image_url: fakeImageUrl(asin(1), 500) }, { n: 2 }]);
    expect(build.components.map((c) => c.image_url)).toEqual([fakeImageUrl(asin(1), 500), null]);
    const [first, second] = build.components;

    const save = async (components: Record<string, unknown>[], updatedAt: string) => {
      const response = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: { ...sampleBuild({ title: 'Build con immagini', components }), updated_at: updatedAt } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.build as typeof build;
    };
    const component = (c: { id: number }, n: number, extra: Record<string, unknown> = {}) => ({ id: c.id, type: 'CPU', name: `Componente ${n}`, price: 50, amazon_link: `https://www.amazon.it/dp/${asin(n)}`, ...extra });

    // An editor that does not know the field: both images stay as they are, and nothing else changes.
    let saved = await save([component(first!, 1), component(second!, 2)], build.updated_at);
    expect(saved.components.map((c) => c.image_url)).toEqual([fakeImageUrl(asin(1), 500), null]);
    // Set one, clear the other.
    saved = await save([component(first!, 1, { image_url: '' }), component(second!, 2, { image_url: OTHER_IMAGE })], saved.updated_at);
    expect(saved.components.map((c) => c.image_url)).toEqual([null, OTHER_IMAGE]);
    // Another product without an image given: the old product's image goes; with one given, it is taken.
    saved = await save([component(first!, 3, { image_url: fakeImageUrl(asin(3), 500) }), component(second!, 4)], saved.updated_at);
    expect(saved.components.map((c) => [c.asin, c.image_url])).toEqual([
      [asin(3), fakeImageUrl(asin(3), 500)],
      [asin(4), null],
    ]);
  });

  it.each([['http://m.media-amazon.com/images/I/x.jpg'], ['/uploads/x.webp'], ['not a url'], [42]])('refuses the image %j with an Italian 400', async (imageUrl) => {
    const response = await ctx.request('POST', '/api/admin/builds', {
      token,
      body: sampleBuild({ components: [{ type: 'CPU', name: 'CPU', price: 10, amazon_link: `https://www.amazon.it/dp/${asin(1)}`, image_url: imageUrl }] }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Componente 1: L'immagine del componente deve essere un URL https valido");
    expect(response.body.error.fields).toHaveProperty(['components.0.image_url']);
  });
});

describe('smart replacement and images', () => {
  it('a substitute brings its own image; restoring the original drops it until the next refresh', async () => {
    fake.setItem(fakeItem(1, { availability: 'OUT_OF_STOCK' }));
    fake.setItem(fakeItem(2, { images: { large: { url: OTHER_IMAGE, width: 500, height: 500 } } }));
    const added = await ctx.request('POST', '/api/admin/alternatives', { token, body: { originalAsin: asin(1), alternativeAsin: asin(2), alternativeName: 'Sostituto', alternativePrice: 102, priority: 1 } });
    expect(added.status).toBe(201);
    const build = await createBuild([{ n: 1, image_url: fakeImageUrl(asin(1), 500) }]);

    const outcome = await ctx.request('POST', `/api/admin/builds/${build.id}/smart-replacement`, { token });
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    expect(outcome.body.summary.replaced).toBe(1);
    expect(Object.fromEntries(await imagesOf(build.id))).toEqual({ [asin(2)]: OTHER_IMAGE });

    const [record] = (await ctx.request('GET', '/api/admin/replacements', { token })).body.replacements;
    const restored = await ctx.request('POST', `/api/admin/replacements/${record.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.body.component).toMatchObject({ asin: asin(1), image_url: null });
    await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
    expect(Object.fromEntries(await imagesOf(build.id))).toEqual({ [asin(1)]: fakeImageUrl(asin(1), 500) });
  });
});

describe('an image is shown for 24 hours after the retailer confirmed it (decision 024)', () => {
  const HOUR = 3_600_000;
  const publicImages = async (slug: string) =>
    Object.fromEntries((await ctx.request('GET', `/api/builds/${slug}`)).body.build.components.map((c: { asin: string; image_url: string | null }) => [c.asin, c.image_url]));
  const adminImages = async (id: number) =>
    Object.fromEntries((await ctx.request('GET', `/api/admin/builds/${id}`, { token })).body.build.components.map((c: { asin: string; image_url: string | null }) => [c.asin, c.image_url]));
  let clockAtStart = 0;
  beforeEach(async () => {
    clockAtStart = ctx.clock.offsetMs;
    // Runs and leases of earlier tests were stamped with their clock.
    await ctx.database.db.deleteFrom('job_runs').execute();
    await ctx.database.db.deleteFrom('job_leases').execute();
  });
  afterEach(() => {
    ctx.clock.offsetMs = clockAtStart;
  });

  it('leaves a link older than 24 hours out of the public build (the admin keeps it), whether a refresh or the editor gave it', async () => {
    const build = await createBuild([{ n: 1 }, { n: 2, image_url: OTHER_IMAGE }]);
    // The editor's image counts from the save: the author just chose it from the retailer's answer.
    expect(await publicImages(build.slug)).toEqual({ [asin(1)]: null, [asin(2)]: OTHER_IMAGE });
    ctx.clock.advance(2 * HOUR);
    expect((await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token })).status).toBe(200);
    fake.setItem(fakeItem(2, { images: null }));
    expect(await publicImages(build.slug)).toEqual({ [asin(1)]: fakeImageUrl(asin(1), 500), [asin(2)]: fakeImageUrl(asin(2), 500) });

    ctx.clock.advance(23 * HOUR);
    expect(await publicImages(build.slug)).toEqual({ [asin(1)]: fakeImageUrl(asin(1), 500), [asin(2)]: fakeImageUrl(asin(2), 500) });
    ctx.clock.advance(HOUR + 60_000);
    expect(await publicImages(build.slug)).toEqual({ [asin(1)]: null, [asin(2)]: null });
    expect(await adminImages(build.id)).toEqual({ [asin(1)]: fakeImageUrl(asin(1), 500), [asin(2)]: fakeImageUrl(asin(2), 500) });

    // A refresh confirms the first again; Amazon now gives no image for the second, which stays hidden.
    expect((await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token })).status).toBe(200);
    expect(await publicImages(build.slug)).toEqual({ [asin(1)]: fakeImageUrl(asin(1), 500), [asin(2)]: null });
  });

  it('the scheduled check looks up only the aging images of published and scheduled builds, at most once an hour', async () => {
    const published = await createBuild([{ n: 7 }, { n: 9 }], 'Build pubblicata');
    const draft = await ctx.request('POST', '/api/admin/builds', {
      token,
      body: sampleBuild({ title: 'Bozza', status: 'draft', components: [{ type: 'CPU', name: 'Bozza', price: 10, amazon_link: `https://www.amazon.it/dp/${asin(8)}` }] }),
    });
    expect(draft.status).toBe(201);
    for (const id of [published.id, draft.body.build.id]) expect((await ctx.request('POST', `/api/admin/builds/${id}/update-prices`, { token })).status).toBe(200);
    fake.requests.length = 0;

    // Nothing is 20 hours old yet: no run, no request.
    ctx.clock.advance(19 * HOUR);
    expect(await ctx.services.pricing.refreshAgingImages()).toBeNull();
    // ASIN 9 is confirmed meanwhile by another refresh (a tier's, say).
    await ctx.services.pricing.refreshAsins([asin(9)]);
    fake.requests.length = 0;

    ctx.clock.advance(2 * HOUR);
    const run = await ctx.services.pricing.refreshAgingImages();
    expect(run?.summary).toMatchObject({ total: 1, failed: 0 });
    expect(getItemsBatches()).toEqual([[asin(7)]]); // not the draft's 8, not the fresh 9
    // Within the hour it does not run again, even with work to do.
    fake.requests.length = 0;
    ctx.clock.advance(2 * HOUR);
    expect(await ctx.services.pricing.refreshAgingImages()).toBeNull();
    expect(fake.requests).toEqual([]);

    // 25 hours after the first refresh, the page still shows ASIN 7's image: it was confirmed at 21.
    expect((await publicImages(published.slug))[asin(7)]).toBe(fakeImageUrl(asin(7), 500));
  });

  it('two instances checking at once make one lookup', async () => {
    const build = await createBuild([{ n: 11 }, { n: 12 }]);
    expect((await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token })).status).toBe(200);
    fake.requests.length = 0;
    ctx.clock.advance(21 * HOUR);
    const second = openSecondInstance(ctx);
    try {
      const runs = await Promise.all([ctx.services.pricing.refreshAgingImages(), second.services.pricing.refreshAgingImages()]);
      expect(runs.filter((run) => run !== null)).toHaveLength(1);
      expect(getItemsBatches()).toEqual([[asin(11), asin(12)]]);
    } finally {
      await second.close();
    }
  });
});
