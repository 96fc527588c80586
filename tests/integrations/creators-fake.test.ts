/** The fake Creators API itself: it must reject what Amazon rejects, or the client tests prove nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { demoCatalogue } from '../fakes/creators-demo-catalogue';
import { asinOf, catalogue } from './creators-test-helpers';

let api: FakeCreatorsApi;
let token: string;

beforeAll(async () => {
  api = await startFakeCreatorsApi({ catalogue: catalogue(12) });
  token = await lwaToken();
});
afterAll(() => api.close());

async function lwaToken(): Promise<string> {
  const response = await fetch(api.tokenUrls['3.x'], {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.credentials.id, client_secret: api.credentials.secret, scope: 'creatorsapi::default' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getItems(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}/catalog/v1/getItems`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-marketplace': 'www.amazon.it', ...headers },
    body: JSON.stringify({ partnerTag: 'buildpc-21', marketplace: 'www.amazon.it', ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('fake token endpoints', () => {
  it('issues bearer tokens for form bodies, JSON bodies and Basic auth', async () => {
    const form = await fetch(api.tokenUrls['2.x'], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: api.credentials.id, client_secret: api.credentials.secret, scope: 'creatorsapi/default' }),
    });
    expect(await form.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600, access_token: expect.stringMatching(/^eyJ/) });
    const basic = await fetch(api.tokenUrls['2.x'], {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${api.credentials.id}:${api.credentials.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'creatorsapi/default' }),
    });
    expect(basic.status).toBe(200);
    expect(token).toMatch(/^Atc\|/);
  });

  it('rejects a wrong scope and wrong credentials', async () => {
    const wrongScope = await fetch(api.tokenUrls['3.x'], {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.credentials.id, client_secret: api.credentials.secret, scope: 'creatorsapi/default' }),
    });
    expect(wrongScope.status).toBe(400);
    expect(await wrongScope.json()).toMatchObject({ error: 'invalid_scope' });
    const wrongSecret = await fetch(api.tokenUrls['3.x'], {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: api.credentials.id, client_secret: 'x', scope: 'creatorsapi::default' }),
    });
    expect(wrongSecret.status).toBe(401);
  });
});

describe('fake GetItems', () => {
  it('requires a valid bearer token and the matching version header', async () => {
    expect(await getItems({ itemIds: [asinOf(1)] }, { authorization: 'Bearer nope' })).toMatchObject({
      status: 401,
      body: { type: 'UnauthorizedException', reason: 'InvalidToken' },
    });
    expect(await getItems({ itemIds: [asinOf(1)] }, { authorization: `Bearer ${token}, Version 2.2` })).toMatchObject({
      status: 401,
      body: { reason: 'InvalidIssuer' },
    });
  });

  it('validates the request like Amazon', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => asinOf(i + 1));
    expect(await getItems({ itemIds: eleven })).toMatchObject({ status: 400, body: { type: 'ValidationException', fieldList: ['itemIds'] } });
    expect(await getItems({ itemIds: [asinOf(1)], partnerTag: undefined })).toMatchObject({ status: 400, body: { fieldList: ['partnerTag'] } });
    expect(await getItems({ itemIds: [asinOf(1)] }, { 'x-marketplace': 'www.amazon.de' })).toMatchObject({ status: 400, body: { fieldList: ['x-marketplace'] } });
    expect(await getItems({ itemIds: [asinOf(1)], resources: ['offersV2.listings.price.money'] })).toMatchObject({
      status: 400,
      body: { fieldList: ['resources'] },
    });
  });

  it('returns only the title without resources, and errors[] for unknown IDs', async () => {
    const { status, body } = await getItems({ itemIds: [asinOf(1), 'B0MISSING1', 'short'] });
    expect(status).toBe(200);
    expect(body.itemsResult.items).toEqual([
      {
        asin: asinOf(1),
        detailPageURL: expect.stringContaining('tag=buildpc-21'),
        itemInfo: { title: { displayValue: 'Prodotto di prova 1', label: 'Title', locale: 'it_IT' } },
      },
    ]);
    expect(body.errors.map((error: { code: string }) => error.code)).toEqual(['ItemNotAccessible', 'InvalidParameterValue']);
  });

  it('answers ItemNotAccessible for a catalogue item refused access (404 when it is alone), until access is given back', async () => {
    api.setAccessible(asinOf(2), false);
    try {
      const partial = await getItems({ itemIds: [asinOf(1), asinOf(2)] });
      expect(partial.status).toBe(200);
      expect(partial.body.itemsResult.items.map((item: { asin: string }) => item.asin)).toEqual([asinOf(1)]);
      expect(partial.body.errors).toEqual([{ code: 'ItemNotAccessible', message: `The ItemId ${asinOf(2)} is not accessible through the Creators API.` }]);
      expect(await getItems({ itemIds: [asinOf(2)] })).toMatchObject({ status: 404, body: { type: 'ResourceNotFoundException' } });
    } finally {
      api.setAccessible(asinOf(2), true);
    }
    const back = await getItems({ itemIds: [asinOf(1), asinOf(2)] });
    expect(back.body.itemsResult.items.map((item: { asin: string }) => item.asin)).toEqual([asinOf(1), asinOf(2)]);
    expect(back.body.errors).toBeUndefined();
  });

  it('returns images.primary sizes and itemInfo.features only when asked, in the wire format', async () => {
    api.setItem({ asin: 'B0WIREIMG1', title: 'Con immagini', brand: 'Marca', price: 9.9, availability: 'IN_STOCK', features: ['Uno', 'Due'] });
    const { status, body } = await getItems({ itemIds: ['B0WIREIMG1'], resources: ['itemInfo.title', 'itemInfo.features', 'images.primary.large'] });
    expect(status).toBe(200);
    expect(body.itemsResult.items[0]).toEqual({
      asin: 'B0WIREIMG1',
      detailPageURL: expect.stringContaining('/dp/B0WIREIMG1?tag=buildpc-21'),
      itemInfo: {
        title: { displayValue: 'Con immagini', label: 'Title', locale: 'it_IT' },
        features: { displayValues: ['Uno', 'Due'], label: 'Features', locale: 'it_IT' },
      },
      images: { primary: { large: { url: 'https://m.media-amazon.com/images/I/B0WIREIMG1-img._SL500_.jpg', width: 500, height: 500 } } },
    });
    const medium = await getItems({ itemIds: ['B0WIREIMG1'], resources: ['images.primary.medium'] });
    expect(medium.body.itemsResult.items[0].images).toEqual({ primary: { medium: { url: expect.stringContaining('._SL160_.jpg'), width: 160, height: 160 } } });
    api.setItem({ asin: 'B0WIREIMG2', title: 'Senza immagini', price: 9.9, availability: 'IN_STOCK', images: null });
    const none = await getItems({ itemIds: ['B0WIREIMG2'], resources: ['images.primary.large', 'images.primary.medium'] });
    expect(none.body.itemsResult.items[0]).not.toHaveProperty('images');
  });

  it('answers 429 ThrottleException with retryAfterSeconds above its rate', async () => {
    const limited = await startFakeCreatorsApi({ catalogue: catalogue(1), requestsPerSecond: 2 });
    try {
      const fresh = await fetch(limited.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: limited.credentials.id, client_secret: limited.credentials.secret, scope: 'creatorsapi::default' }),
      });
      const bearer = ((await fresh.json()) as { access_token: string }).access_token;
      const call = () =>
        fetch(`${limited.url}/catalog/v1/getItems`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'x-marketplace': 'www.amazon.it' },
          body: JSON.stringify({ partnerTag: 'buildpc-21', itemIds: [asinOf(1)] }),
        });
      expect((await call()).status).toBe(200);
      const throttled = await call();
      expect(throttled.status).toBe(429);
      expect(await throttled.json()).toMatchObject({ type: 'ThrottleException', retryAfterSeconds: 1 });
    } finally {
      await limited.close();
    }
  });

  it('serves every demo ASIN of the seed data at its seed price', async () => {
    const items = demoCatalogue();
    expect(items.length).toBeGreaterThan(40);
    expect(new Set(items.map((item) => item.asin)).size).toBe(items.length);
    expect(items.find((item) => item.asin === 'B0DB4KWL2M')).toMatchObject({ price: 129.9, brand: 'Kingston', availability: 'IN_STOCK' });
    // The seed's specs become the product's feature bullets.
    expect(items.filter((item) => (item.features ?? []).length > 0).length).toBeGreaterThan(20);
  });
});

describe('fake SearchItems', () => {
  async function searchItems(body: Record<string, unknown>) {
    const response = await fetch(`${api.url}/catalog/v1/searchItems`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-marketplace': 'www.amazon.it' },
      body: JSON.stringify({ partnerTag: 'buildpc-21', marketplace: 'www.amazon.it', ...body }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  it('answers searchResult.{items,totalResultCount,searchURL} a page at a time, and 404 past the results', async () => {
    const first = await searchItems({ keywords: 'prodotto prova', itemCount: 5, resources: ['itemInfo.title', 'images.primary.large'] });
    expect(first.status).toBe(200);
    expect(first.body.searchResult.totalResultCount).toBeGreaterThanOrEqual(12);
    expect(first.body.searchResult.searchURL).toBe('https://www.amazon.it/s?k=prodotto%20prova&tag=buildpc-21');
    expect(first.body.searchResult.items).toHaveLength(5);
    expect(first.body.searchResult.items[0].images.primary.large).toMatchObject({ width: 500, height: 500 });
    const second = await searchItems({ keywords: 'prodotto prova', itemCount: 5, itemPage: 2 });
    expect(second.body.searchResult.items.map((item: { asin: string }) => item.asin)).toEqual([asinOf(6), asinOf(7), asinOf(8), asinOf(9), asinOf(10)]);
    expect(await searchItems({ keywords: 'prodotto prova', itemPage: 11 })).toMatchObject({ status: 400, body: { fieldList: ['itemPage'] } });
    expect(await searchItems({ keywords: 'nessuna corrispondenza' })).toMatchObject({ status: 404, body: { type: 'ResourceNotFoundException' } });
  });
});
