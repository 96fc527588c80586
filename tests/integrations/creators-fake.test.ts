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
  });
});
