/**
 * POST /api/admin/import-amazon through the real app, with the fake Amazon Creators API over real
 * HTTP on 127.0.0.1, and without any retailer configuration. Every outgoing fetch of the process is
 * recorded: only the fake may ever be contacted, and only for Amazon cart URLs.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeImageUrl, startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, type TestContext } from '../helpers/test-app';

const MESSAGES = {
  empty: 'Inserisci un URL del carrello Amazon',
  notAmazon: 'Sono accettati solo URL di Amazon (ad esempio https://www.amazon.it/...)',
  noAsins: "L'URL non contiene parametri ASIN (ASIN.1=...&ASIN.2=...): usa il link del carrello Amazon",
};

const CART = 'https://www.amazon.it/gp/aws/cart/add.html';

const CATALOGUE: FakeItem[] = [
  { asin: 'B0CPU00001', title: 'AMD Ryzen 7 7800X3D Processore, 8 core', brand: 'AMD', price: 359.9, availability: 'IN_STOCK' },
  { asin: 'B0GPU00002', title: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica', brand: 'MSI', price: 619, availability: 'IN_STOCK' },
  { asin: 'B0RAM00003', title: 'Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30', brand: 'Kingston', price: 109.99, availability: 'IN_STOCK' },
  { asin: 'B0PSU00004', title: 'Corsair RM750e Alimentatore ATX completamente modulare, 80 PLUS Gold', brand: 'Corsair', price: 99.5, availability: 'IN_STOCK' },
  // No image on Amazon: the component gets none.
  { asin: 'B0MOU00005', title: 'Tappetino per mouse XXL', brand: 'Logitech', price: null, availability: 'OUT_OF_STOCK', images: null },
];
const item = (asin: string) => CATALOGUE.find((entry) => entry.asin === asin)!;

/** Every URL fetched by the process (the retailer client uses the global fetch). */
const fetched: URL[] = [];
let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;
let bare: TestContext;
let bareToken: string;

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  // Installed before the app is created: the client takes the global fetch when it is built.
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    fetched.push(new URL(input instanceof Request ? input.url : String(input)));
    return realFetch(input, init);
  });
  fake = await startFakeCreatorsApi({ catalogue: CATALOGUE });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
  bare = await createTestContext();
  bareToken = await bare.login();
});

afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await fake?.close();
  vi.restoreAllMocks();
});

beforeEach(() => {
  for (const entry of CATALOGUE) fake.setItem(entry);
  fake.requests.length = 0;
  fetched.length = 0;
});

// No host other than the fake is ever contacted.
afterEach(() => {
  const fakeHost = new URL(fake.url).host;
  expect(fetched.filter((url) => url.host !== fakeHost).map((url) => url.href)).toEqual([]);
});

function importCart(cartUrl: unknown, context: TestContext = ctx, session = token) {
  return context.request('POST', '/api/admin/import-amazon', { token: session, body: cartUrl === undefined ? {} : { cartUrl } });
}

function askedItemIds(): string[][] {
  return fake.requests.filter((request) => request.path.endsWith('/getItems')).map((request) => (request.body as { itemIds: string[] }).itemIds);
}

const link = (asin: string, tag = 'buildpc-21') => `https://www.amazon.it/dp/${asin}?tag=${tag}`;

describe('with the retailer configured', () => {
  it('builds components from Amazon titles, brands, prices and images, with the type guessed from the title', async () => {
    const url = `${CART}?AssociateTag=mionegozio-21&ASIN.1=B0CPU00001&Quantity.1=1&ASIN.2=B0GPU00002&Quantity.2=1&ASIN.3=B0RAM00003&Quantity.3=1&ASIN.4=B0PSU00004&Quantity.4=1&ASIN.5=B0MOU00005&Quantity.5=1`;
    const response = await importCart(url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.affiliateTag).toBe('mionegozio-21');
    expect(response.body.components).toEqual([
      { type: 'CPU', name: item('B0CPU00001').title, brand: 'AMD', model: null, price: 359.9, amazon_link: link('B0CPU00001', 'mionegozio-21'), asin: 'B0CPU00001', specs: null, image_url: fakeImageUrl('B0CPU00001', 500) },
      { type: 'GPU', name: item('B0GPU00002').title, brand: 'MSI', model: null, price: 619, amazon_link: link('B0GPU00002', 'mionegozio-21'), asin: 'B0GPU00002', specs: null, image_url: fakeImageUrl('B0GPU00002', 500) },
      { type: 'RAM', name: item('B0RAM00003').title, brand: 'Kingston', model: null, price: 109.99, amazon_link: link('B0RAM00003', 'mionegozio-21'), asin: 'B0RAM00003', specs: null, image_url: fakeImageUrl('B0RAM00003', 500) },
      { type: 'PSU', name: item('B0PSU00004').title, brand: 'Corsair', model: null, price: 99.5, amazon_link: link('B0PSU00004', 'mionegozio-21'), asin: 'B0PSU00004', specs: null, image_url: fakeImageUrl('B0PSU00004', 500) },
      { type: 'Other', name: 'Tappetino per mouse XXL', brand: 'Logitech', model: null, price: null, amazon_link: link('B0MOU00005', 'mionegozio-21'), asin: 'B0MOU00005', specs: null, image_url: null },
    ]);
    // One GetItems request with the five ASINs in cart order.
    expect(askedItemIds()).toEqual([['B0CPU00001', 'B0GPU00002', 'B0RAM00003', 'B0PSU00004', 'B0MOU00005']]);
    // The fetch recorder sees the client's calls (so the host check after each test is not vacuous).
    expect(fetched.map((url) => url.pathname)).toContain('/catalog/v1/getItems');
    // Nothing is written: the import only fills the editor.
    expect(await ctx.database.db.selectFrom('components').selectAll().execute()).toEqual([]);
  });

  it('uses the default tag when the URL has none, and answers affiliateTag null', async () => {
    const response = await importCart(`${CART}?ASIN.1=B0CPU00001&Quantity.1=1`);
    expect(response.status).toBe(200);
    expect(response.body.affiliateTag).toBeNull();
    expect(response.body.components).toHaveLength(1);
    expect(response.body.components[0]).toMatchObject({ asin: 'B0CPU00001', type: 'CPU', amazon_link: link('B0CPU00001', 'buildpc-21') });
  });

  it('reads gaps, duplicates, lowercase ASINs, tag= and any parameter order', async () => {
    const url = `https://amazon.it/gp/aws/cart/add.html?Quantity.3=1&asin.3=b0ram00003&tag=altro-21&ASIN.7=B0GPU00002&ASIN.1=b0cpu00001&Quantity.1=1&ASIN.4=B0CPU00001`;
    const response = await importCart(url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.affiliateTag).toBe('altro-21');
    expect(response.body.components.map((c: any) => c.asin)).toEqual(['B0CPU00001', 'B0RAM00003', 'B0GPU00002']);
    expect(response.body.components.map((c: any) => c.type)).toEqual(['CPU', 'RAM', 'GPU']);
    expect(response.body.components.map((c: any) => c.amazon_link)).toEqual([
      link('B0CPU00001', 'altro-21'),
      link('B0RAM00003', 'altro-21'),
      link('B0GPU00002', 'altro-21'),
    ]);
    expect(askedItemIds()).toEqual([['B0CPU00001', 'B0RAM00003', 'B0GPU00002']]);
  });

  it('an ASIN unknown to Amazon falls back to "Prodotto Amazon {ASIN}"', async () => {
    const response = await importCart(`${CART}?AssociateTag=mionegozio-21&ASIN.1=B0CPU00001&ASIN.2=B0NOPE0001`);
    expect(response.status).toBe(200);
    expect(response.body.components[1]).toEqual({
      type: 'Other',
      name: 'Prodotto Amazon B0NOPE0001',
      brand: null,
      model: null,
      price: null,
      amazon_link: link('B0NOPE0001', 'mionegozio-21'),
      asin: 'B0NOPE0001',
      specs: null,
      image_url: null,
    });
    expect(response.body.components[0]).toMatchObject({ name: item('B0CPU00001').title, price: 359.9 });

    // All unknown: Amazon answers 404 for the whole request, still a fallback and not an error.
    const allUnknown = await importCart(`${CART}?ASIN.1=B0NOPE0001&ASIN.2=B0NOPE0002`);
    expect(allUnknown.status).toBe(200);
    expect(allUnknown.body.components.map((c: any) => [c.name, c.price, c.type])).toEqual([
      ['Prodotto Amazon B0NOPE0001', null, 'Other'],
      ['Prodotto Amazon B0NOPE0002', null, 'Other'],
    ]);
  });

  it('a retailer failure answers 503/502, never a half-filled import', async () => {
    fake.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } });
    const throttled = await importCart(`${CART}?ASIN.1=B0CPU00001`);
    expect(throttled.status).toBe(503);
    expect(throttled.body.error.message).toMatch(/troppe richieste/);

    fake.failNext(1, { status: 200, body: { unexpected: true } });
    const malformed = await importCart(`${CART}?ASIN.1=B0CPU00001`);
    expect(malformed.status).toBe(502);
    expect(malformed.body.error.code).toBe('UPSTREAM_ERROR');
  });
});

describe('without retailer configuration', () => {
  it('returns "Prodotto Amazon {ASIN}" components with no price and type Other', async () => {
    const response = await importCart(`${CART}?ASIN.2=B0GPU00002&AssociateTag=mionegozio-21&ASIN.1=b0cpu00001`, bare, bareToken);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.affiliateTag).toBe('mionegozio-21');
    expect(response.body.components).toEqual(
      ['B0CPU00001', 'B0GPU00002'].map((asin) => ({
        type: 'Other',
        name: `Prodotto Amazon ${asin}`,
        brand: null,
        model: null,
        price: null,
        amazon_link: link(asin, 'mionegozio-21'),
        asin,
        specs: null,
        image_url: null,
      })),
    );
    const noTag = await importCart(`${CART}?ASIN.1=B0CPU00001`, bare, bareToken);
    expect(noTag.body.affiliateTag).toBeNull();
    expect(noTag.body.components[0].amazon_link).toBe(link('B0CPU00001', 'buildpc-21'));
    // Nothing was fetched at all.
    expect(fetched).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('refused input', () => {
  it.each([
    ['missing cartUrl', undefined, MESSAGES.empty],
    ['empty cartUrl', '', MESSAGES.empty],
    ['blank cartUrl', '   ', MESSAGES.empty],
    ['a number', 42, MESSAGES.empty],
    ['a non-Amazon host', 'https://evil.example.com/gp/aws/cart/add.html?ASIN.1=B0CPU00001', MESSAGES.notAmazon],
    ['a look-alike host', 'https://amazon.it.evil.com/gp/aws/cart/add.html?ASIN.1=B0CPU00001', MESSAGES.notAmazon],
    ['a javascript: URL', 'javascript:alert(1)//amazon.it?ASIN.1=B0CPU00001', MESSAGES.notAmazon],
    ['a URL without ASIN parameters', 'https://www.amazon.it/dp/B0CPU00001?tag=mionegozio-21', MESSAGES.noAsins],
    ['a cart URL with only invalid ASINs', `${CART}?ASIN.1=nope`, `${MESSAGES.noAsins} (valori non validi: nope)`],
  ])('%s: 400 with the exact message and nothing fetched', async (_label, cartUrl, message) => {
    for (const [context, session] of [
      [ctx, token],
      [bare, bareToken],
    ] as const) {
      const response = await importCart(cartUrl, context, session);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(fake.requests).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it('refuses without a session', async () => {
    const response = await ctx.request('POST', '/api/admin/import-amazon', { body: { cartUrl: `${CART}?ASIN.1=B0CPU00001` } });
    expect(response.status).toBe(401);
    expect(fetched).toEqual([]);
  });
});
