/**
 * The author's retailer data through the real app (real database, real services, real HTTP handling)
 * against the fake Creators API over real HTTP: product search (GET /api/admin/retailer/search) with its
 * shared cache, and lookup by ASIN or product link (GET /api/admin/retailer/items/{reference}).
 * Contract: api-contract.md, "Admin: retailer data for the author".
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_CACHE_TTL_MS } from '../../src/modules/retailer-items/retailer-items.service';
import { retailerItemResponseSchema, retailerSearchResponseSchema } from '../../src/modules/retailer-items/retailer-items.schema';
import { fakeImageUrl, startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, openSecondInstance, type AppInstance, type TestContext } from '../helpers/test-app';

/** Ten characters: B0SRC + five digits. */
const asin = (n: number) => `B0SRC${String(n).padStart(5, '0')}`;

/** 23 graphics cards (three pages of search results), a processor, and products for the edge cases. */
const CATALOGUE: FakeItem[] = [
  ...Array.from({ length: 23 }, (_, i): FakeItem => ({
    asin: asin(i + 1),
    title: `MSI GeForce RTX 5070 Scheda grafica modello ${i + 1}`,
    brand: 'MSI',
    price: 600 + i,
    availability: 'IN_STOCK',
    features: [`Modello ${i + 1}`, '12 GB GDDR7'],
  })),
  { asin: 'B0CPU00001', title: 'AMD Ryzen 7 7800X3D Processore, 8 core', brand: 'AMD', price: 359.9, availability: 'IN_STOCK', features: ['8 core, 16 thread', 'Socket AM5'] },
  {
    asin: 'B0MEDIUM01',
    title: 'Alimentatore con sola immagine media',
    brand: 'Corsair',
    price: 99.5,
    availability: 'OUT_OF_STOCK',
    images: { large: null, medium: { url: 'https://m.media-amazon.com/images/I/medio._SL160_.jpg', width: 160, height: 160 } },
  },
  { asin: 'B0NOIMAGE1', title: 'Case senza immagine', price: null, availability: 'UNAVAILABLE', images: null },
];

const ITEM_FIELDS = ['amazon_link', 'asin', 'availability', 'brand', 'features', 'image_url', 'price', 'title', 'type'];

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: CATALOGUE });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

// Each test starts with an empty cache, the catalogue as above, no recorded calls and the real clock.
beforeEach(async () => {
  await ctx.database.db.deleteFrom('retailer_search_cache').execute();
  for (const item of CATALOGUE) fake.setItem(item);
  fake.requests.length = 0;
  ctx.clock.offsetMs = 0;
});

const search = (query: string, context: Pick<TestContext, 'request'> = ctx, session = token) => context.request('GET', `/api/admin/retailer/search${query}`, { token: session });
const lookup = (reference: string, context: Pick<TestContext, 'request'> = ctx, session = token) =>
  context.request('GET', `/api/admin/retailer/items/${encodeURIComponent(reference)}`, { token: session });

function searchCalls() {
  return fake.requests.filter((request) => request.path.endsWith('/searchItems'));
}

function getItemsCalls() {
  return fake.requests.filter((request) => request.path.endsWith('/getItems'));
}

async function budgetUsed(): Promise<number> {
  const stats = await ctx.request('GET', '/api/admin/prices/stats', { token });
  return stats.body.retailer.budget.used as number;
}

describe('GET /api/admin/retailer/search', () => {
  it('answers one page of 10 products with every field, from one SearchItems call on the Italian marketplace', async () => {
    const response = await search('?q=rtx%205070');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(retailerSearchResponseSchema.safeParse(response.body).success).toBe(true);
    expect(response.body.page).toBe(1);
    expect(response.body.total_results).toBe(23);
    expect(response.body.items).toHaveLength(10);
    expect(response.body.items.map((item: { asin: string }) => item.asin)).toEqual(Array.from({ length: 10 }, (_, i) => asin(i + 1)));
    expect(Object.keys(response.body.items[0]).sort()).toEqual(ITEM_FIELDS);
    expect(response.body.items[0]).toEqual({
      asin: asin(1),
      title: 'MSI GeForce RTX 5070 Scheda grafica modello 1',
      brand: 'MSI',
      price: 600,
      availability: 'available',
      image_url: fakeImageUrl(asin(1), 500),
      amazon_link: `https://www.amazon.it/dp/${asin(1)}?tag=buildpc-21`,
      type: 'GPU',
      features: ['Modello 1', '12 GB GDDR7'],
    });

    const [call] = searchCalls();
    expect(call!.headers['x-marketplace']).toBe('www.amazon.it');
    expect(call!.body).toMatchObject({
      keywords: 'rtx 5070',
      itemCount: 10,
      itemPage: 1,
      partnerTag: 'buildpc-21',
      marketplace: 'www.amazon.it',
      languagesOfPreference: ['it_IT'],
      currencyOfPreference: 'EUR',
      resources: expect.arrayContaining(['images.primary.large', 'images.primary.medium', 'itemInfo.features', 'offersV2.listings.isBuyBoxWinner', 'offersV2.listings.price']),
    });
  });

  it('takes the buy-box price, maps availability, and falls back to the medium image or to none', async () => {
    fake.setItem({
      asin: 'B0CPU00001',
      title: 'AMD Ryzen 7 7800X3D Processore, 8 core',
      brand: 'AMD',
      price: null,
      availability: 'IN_STOCK',
      listings: [
        { isBuyBoxWinner: false, price: { money: { amount: 379, currency: 'EUR', displayAmount: '379,00 €' } }, availability: { type: 'IN_STOCK' } },
        { isBuyBoxWinner: true, price: { money: { amount: 349.9, currency: 'EUR', displayAmount: '349,90 €' } }, availability: { type: 'IN_STOCK' } },
      ],
    });
    const cpu = await search('?q=ryzen');
    expect(cpu.body.items).toEqual([expect.objectContaining({ asin: 'B0CPU00001', price: 349.9, availability: 'available', type: 'CPU', features: [] })]);

    const psu = await search('?q=alimentatore');
    expect(psu.body.items).toEqual([
      expect.objectContaining({ asin: 'B0MEDIUM01', availability: 'unavailable', price: 99.5, image_url: 'https://m.media-amazon.com/images/I/medio._SL160_.jpg', type: 'PSU' }),
    ]);
    const bare = await search('?q=case%20senza');
    expect(bare.body.items).toEqual([
      expect.objectContaining({ asin: 'B0NOIMAGE1', brand: null, price: null, availability: 'unavailable', image_url: null, type: 'Case' }),
    ]);
  });

  it('pages with ?page=N, and answers an empty page past the last one', async () => {
    const third = await search('?q=rtx%205070&page=3');
    expect(third.status).toBe(200);
    expect(third.body.page).toBe(3);
    expect(third.body.items.map((item: { asin: string }) => item.asin)).toEqual([asin(21), asin(22), asin(23)]);
    const fourth = await search('?q=rtx%205070&page=4');
    expect(fourth.status).toBe(200);
    expect(fourth.body).toEqual({ items: [], page: 4, total_results: 0 });
    expect(searchCalls().map((call) => (call.body as { itemPage: number }).itemPage)).toEqual([3, 4]);
    const nothing = await search('?q=introvabile');
    expect(nothing.body).toEqual({ items: [], page: 1, total_results: 0 });
  });

  it('serves a repeated search from the cache, whatever its case and spacing, until it expires', async () => {
    expect((await search('?q=rtx%205070')).status).toBe(200);
    expect(searchCalls()).toHaveLength(1);
    const used = await budgetUsed();

    const again = await search('?q=%20%20RTX%20%20%205070%20');
    expect(again.status).toBe(200);
    expect(again.body.items.map((item: { asin: string }) => item.asin)).toEqual(Array.from({ length: 10 }, (_, i) => asin(i + 1)));
    expect(searchCalls()).toHaveLength(1);
    expect(await budgetUsed()).toBe(used);

    // Another page is another request; then it is cached too.
    await search('?q=rtx%205070&page=2');
    await search('?q=rtx%205070&page=2');
    expect(searchCalls()).toHaveLength(2);

    // After the cache's lifetime Amazon is asked again, and the fresh answer is kept.
    fake.setItem({ ...CATALOGUE[0]!, price: 555 });
    ctx.clock.advance(SEARCH_CACHE_TTL_MS - 1000);
    expect((await search('?q=rtx%205070')).body.items[0].price).toBe(600);
    expect(searchCalls()).toHaveLength(2);
    ctx.clock.advance(2000);
    expect((await search('?q=rtx%205070')).body.items[0].price).toBe(555);
    expect(searchCalls()).toHaveLength(3);
    expect((await search('?q=rtx%205070')).body.items[0].price).toBe(555);
    expect(searchCalls()).toHaveLength(3);
  });

  it('deletes expired entries as new searches are cached', async () => {
    await search('?q=ryzen');
    await search('?q=alimentatore');
    expect(await ctx.database.db.selectFrom('retailer_search_cache').select('key').orderBy('key').execute()).toEqual([{ key: '1|alimentatore' }, { key: '1|ryzen' }]);
    ctx.clock.advance(SEARCH_CACHE_TTL_MS + 1000);
    await search('?q=rtx');
    expect(await ctx.database.db.selectFrom('retailer_search_cache').select('key').execute()).toEqual([{ key: '1|rtx' }]);
  });

  it('makes one call for identical searches at the same time, and shares the cache with another instance', async () => {
    const answers = await Promise.all([search('?q=rtx%205070'), search('?q=RTX%205070'), search('?q=rtx%205070')]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.items.map((item: { asin: string }) => item.asin)).toEqual(Array.from({ length: 10 }, (_, i) => asin(i + 1)));
    }
    expect(searchCalls()).toHaveLength(1);

    const other: AppInstance = openSecondInstance(ctx);
    try {
      // Another process (own services, own connection) finds the answer in the shared table.
      const fromOther = await search('?q=rtx%205070', other);
      expect(fromOther.status).toBe(200);
      expect(fromOther.body).toEqual(answers[0].body);
      expect(searchCalls()).toHaveLength(1);

      // Two processes missing at the same moment: at most one call each, both answers right.
      const [here, there] = await Promise.all([search('?q=ryzen'), search('?q=ryzen', other)]);
      expect(here.body.items.map((item: { asin: string }) => item.asin)).toEqual(['B0CPU00001']);
      expect(there.body).toEqual(here.body);
      expect(searchCalls().length).toBeGreaterThanOrEqual(2);
      expect(searchCalls().length).toBeLessThanOrEqual(3);
    } finally {
      await other.close();
    }
  });

  it('refuses an empty or too long query and a page outside 1–10 with an Italian 400, without calling Amazon', async () => {
    for (const query of ['', '?q=', '?q=%20%20%20', '?page=2']) {
      const response = await search(query);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Inserisci le parole da cercare su Amazon' });
    }
    expect((await search(`?q=${'a'.repeat(201)}`)).body.error.message).toBe('Ricerca troppo lunga: al massimo 200 caratteri');
    for (const page of ['0', '11', '-1', '1.5', 'due', '1e1']) {
      const response = await search(`?q=rtx&page=${page}`);
      expect(response.status, page).toBe(400);
      expect(response.body.error.message).toBe('La pagina deve essere un numero intero da 1 a 10');
    }
    expect(fake.requests).toEqual([]);
  });

  it('a retailer failure answers 503 or 502 and caches nothing', async () => {
    fake.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } });
    const throttled = await search('?q=ryzen');
    expect(throttled.status).toBe(503);
    expect(throttled.body.error.message).toMatch(/troppe richieste/);
    expect(throttled.headers.get('retry-after')).toBe('3600');
    fake.failNext(1, { status: 200, body: { unexpected: true } });
    expect((await search('?q=ryzen')).status).toBe(502);
    expect(await ctx.database.db.selectFrom('retailer_search_cache').selectAll().execute()).toEqual([]);
    expect((await search('?q=ryzen')).body.items).toHaveLength(1);
  });
});

describe('GET /api/admin/retailer/items/{asin or product URL}', () => {
  it('looks up an ASIN with one GetItems call through the shared request budget', async () => {
    const used = await budgetUsed();
    const response = await lookup('b0cpu00001');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(retailerItemResponseSchema.safeParse(response.body).success).toBe(true);
    expect(response.body).toEqual({
      item: {
        asin: 'B0CPU00001',
        title: 'AMD Ryzen 7 7800X3D Processore, 8 core',
        brand: 'AMD',
        price: 359.9,
        availability: 'available',
        image_url: fakeImageUrl('B0CPU00001', 500),
        amazon_link: 'https://www.amazon.it/dp/B0CPU00001?tag=buildpc-21',
        type: 'CPU',
        features: ['8 core, 16 thread', 'Socket AM5'],
      },
    });
    expect(getItemsCalls().map((call) => (call.body as { itemIds: string[] }).itemIds)).toEqual([['B0CPU00001']]);
    expect(await budgetUsed()).toBe(used + 1);
  });

  it.each([
    ['a product page with a slug and tracking', 'https://www.amazon.it/AMD-Ryzen-7800X3D/dp/B0CPU00001/ref=sr_1_1?crid=X&th=1'],
    ['a /gp/product/ link', 'https://www.amazon.it/gp/product/B0CPU00001?psc=1'],
    ['a /dp/product/ link', 'https://amazon.it/dp/product/B0CPU00001'],
    ['a mobile link', 'https://www.amazon.it/gp/aw/d/B0CPU00001'],
    ['an affiliate link of another store', 'https://www.amazon.com/dp/b0cpu00001?tag=altro-20'],
    ['a cart link with one product', 'https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=B0CPU00001&Quantity.1=1'],
  ])('reads the ASIN of %s (URL-encoded)', async (_label, url) => {
    const response = await lookup(url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.item).toMatchObject({ asin: 'B0CPU00001', price: 359.9, amazon_link: 'https://www.amazon.it/dp/B0CPU00001?tag=buildpc-21' });
  });

  it('accepts a product URL sent with its slashes unencoded', async () => {
    const response = await ctx.request('GET', '/api/admin/retailer/items/https://www.amazon.it/dp/B0CPU00001', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.item.asin).toBe('B0CPU00001');
  });

  it('answers the medium image, or none, when Amazon has no large one', async () => {
    expect((await lookup('B0MEDIUM01')).body.item).toMatchObject({ image_url: 'https://m.media-amazon.com/images/I/medio._SL160_.jpg', availability: 'unavailable' });
    expect((await lookup('B0NOIMAGE1')).body.item).toMatchObject({ image_url: null, price: null, brand: null, availability: 'unavailable' });
  });

  it.each([
    ['not an ASIN', 'B0SHORT', 'Nessun ASIN valido'],
    ['text', 'processore ryzen', 'Nessun ASIN valido'],
    ['an Amazon page without ASIN', 'https://www.amazon.it/s?k=ryzen', 'Nessun ASIN valido'],
    ['a cart with two products', 'https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=B0CPU00001&ASIN.2=B0MEDIUM01', 'Nessun ASIN valido'],
    ['another shop', 'https://evil.example.com/dp/B0CPU00001', 'Sono accettati solo URL di Amazon'],
    ['a look-alike host', 'https://amazon.it.evil.com/dp/B0CPU00001', 'Sono accettati solo URL di Amazon'],
    ['a javascript: URL', 'javascript:alert(1)//www.amazon.it/dp/B0CPU00001', 'Sono accettati solo URL di Amazon'],
    ['a short link', 'https://amzn.eu/d/7abcdef', 'link abbreviati'],
    ['another short link', 'https://a.co/d/7abcdef', 'link abbreviati'],
    ['blank', '   ', 'Inserisci un ASIN o il link di un prodotto Amazon'],
  ])('refuses %s with an Italian 400, without calling Amazon', async (_label, reference, message) => {
    const response = await lookup(reference);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toContain(message);
    expect(fake.requests).toEqual([]);
  });

  it('answers 400, never 500, for a reference that is not even valid percent-encoding', async () => {
    const response = await ctx.request('GET', '/api/admin/retailer/items/%E0%A4%A', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.message).toContain('Nessun ASIN valido');
    expect(fake.requests).toEqual([]);
  });

  it('answers 404 in Italian for an ASIN Amazon does not know', async () => {
    const response = await lookup('B0UNKNOWN1');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe("Prodotto B0UNKNOWN1 non trovato su Amazon: controlla l'ASIN o il link");
    expect(getItemsCalls()).toHaveLength(1);
  });

  it('a retailer failure answers 503 with Retry-After', async () => {
    fake.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } });
    const response = await lookup('B0CPU00001');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3600');
  });
});

describe('retailer not configured, and without a session', () => {
  let bare: TestContext;
  let bareToken: string;

  beforeAll(async () => {
    bare = await createTestContext();
    bareToken = await bare.login();
  });
  afterAll(() => bare?.close());

  it('answers 503 naming the missing settings, after checking the input', async () => {
    for (const response of [await search('?q=ryzen', bare, bareToken), await lookup('B0CPU00001', bare, bareToken)]) {
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.body.error.message).toContain('AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET e AMAZON_CREDENTIAL_VERSION');
    }
    expect((await search('?q=', bare, bareToken)).status).toBe(400);
    expect((await lookup('nope', bare, bareToken)).status).toBe(400);
    expect(fake.requests).toEqual([]);
  });

  it('answers 401 without a valid session, before anything else', async () => {
    for (const path of ['/api/admin/retailer/search?q=ryzen', '/api/admin/retailer/search', '/api/admin/retailer/items/B0CPU00001']) {
      expect((await ctx.request('GET', path)).status, path).toBe(401);
      expect((await ctx.request('GET', path, { token: 'not-a-session' })).status, path).toBe(401);
    }
    expect(fake.requests).toEqual([]);
  });
});
