import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import {
  authorizationHeader,
  createCreatorsClient,
  creatorsApiSettingsMissing,
  CreatorsApiError,
  isCreatorsApiConfigured,
  isCreatorsApiError,
  tokenEndpointFor,
  type FoundItem,
  type ItemLookup,
} from '../../src/integrations/amazon-creators';
import { fakeImageUrl, startFakeCreatorsApi, type FakeCreatorsApi, type FakeCreatorsApiOptions } from '../fakes/creators-api';
import { asinOf, catalogue, configFor, localOnlyFetch, testClient, unexpectedRequests } from './creators-test-helpers';

const fakes: FakeCreatorsApi[] = [];

async function fake(options: FakeCreatorsApiOptions = {}): Promise<FakeCreatorsApi> {
  const server = await startFakeCreatorsApi({ catalogue: catalogue(30), ...options });
  fakes.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((server) => server.close()));
  expect(unexpectedRequests).toEqual([]);
});

afterAll(() => {
  expect(unexpectedRequests).toEqual([]);
});

function found(result: ItemLookup | undefined): FoundItem {
  expect(result?.status).toBe('found');
  return result as FoundItem;
}

async function caught(promise: Promise<unknown>): Promise<CreatorsApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CreatorsApiError);
    return error as CreatorsApiError;
  }
  throw new Error('expected the call to fail');
}

const sleepReal = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tokens', () => {
  it('fetches one token and reuses it across calls', async () => {
    const api = await fake();
    const { client } = testClient(api);
    await client.getItems([asinOf(1)]);
    await client.getItems([asinOf(2)]);
    await client.searchItems({ keywords: 'prodotto' });
    expect(api.tokenRequests).toBe(1);
    const authorizations = new Set(api.requests.map((request) => request.headers.authorization));
    expect(authorizations.size).toBe(1);
  });

  it('refreshes the token 60 s before expires_in ends (injected clock)', async () => {
    const api = await fake({ tokenTtlSeconds: 3600 });
    let clock = 1_000_000;
    const { client } = testClient(api, {}, { now: () => clock });
    await client.getItems([asinOf(1)]);
    clock += 3_539_000;
    await client.getItems([asinOf(1)]);
    expect(api.tokenRequests).toBe(1);
    clock += 2_000;
    await client.getItems([asinOf(1)]);
    expect(api.tokenRequests).toBe(2);
    expect(api.requests.every((request) => request.status === 200)).toBe(true);
  });

  it('refreshes a short-lived token before the server rejects it (real clock)', async () => {
    const api = await fake({ tokenTtlSeconds: 1 });
    const { client } = testClient(api);
    await client.getItems([asinOf(1)]);
    await sleepReal(600); // past half the 1 s lifetime: the client's refresh point for short tokens
    await client.getItems([asinOf(1)]);
    expect(api.tokenRequests).toBe(2);
    expect(api.requests.map((request) => request.status)).toEqual([200, 200]);
  });

  it('shares one token request between concurrent callers', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => client.getItems([asinOf(n)])));
    expect(results.map((map) => found([...map.values()][0]).asin)).toEqual([1, 2, 3, 4, 5].map(asinOf));
    expect(api.tokenRequests).toBe(1);
  });

  it('on 401 TokenExpired refreshes once and retries at once; concurrent rejections share the refresh', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    await client.getItems([asinOf(1)]);
    api.expireTokens();
    const single = await client.getItems([asinOf(2)]);
    expect(found(single.get(asinOf(2))).price).toBe(11.99);
    expect(api.requests.map((request) => request.status)).toEqual([200, 401, 200]);
    expect(api.tokenRequests).toBe(2);

    api.expireTokens();
    const results = await Promise.all([3, 4, 5].map((n) => client.getItems([asinOf(n)])));
    expect(results.every((map) => [...map.values()][0]?.status === 'found')).toBe(true);
    expect(api.tokenRequests).toBe(3);
    expect(delays).toEqual([]);
  });

  it('gives up after a second 401 with kind auth', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(2, { status: 401, body: { type: 'UnauthorizedException', reason: 'InvalidToken', message: 'nope' } });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'auth', status: 401, endpoint: 'api', reason: 'InvalidToken' });
    expect(api.requests).toHaveLength(2);
    expect(api.tokenRequests).toBe(2);
    expect(delays).toEqual([]);
  });

  it('v2.x: form body with scope creatorsapi/default, and "Bearer <token>, Version 2.2" on API calls', async () => {
    const api = await fake();
    const { client } = testClient(api, { credentialVersion: '2.2' });
    found((await client.getItems([asinOf(1)])).get(asinOf(1)));
    const tokenCall = api.tokenLog[0]!;
    expect(tokenCall.path).toBe('/oauth2/token');
    expect(tokenCall.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenCall.body).toEqual({
      grant_type: 'client_credentials',
      client_id: api.credentials.id,
      client_secret: api.credentials.secret,
      scope: 'creatorsapi/default',
    });
    expect(api.requests[0]!.headers.authorization).toMatch(/^Bearer eyJ[0-9a-f]+, Version 2\.2$/);
  });

  it('v3.x: JSON body with scope creatorsapi::default, and a bare "Bearer <token>"', async () => {
    const api = await fake();
    const { client } = testClient(api, { credentialVersion: '3.2' });
    found((await client.getItems([asinOf(1)])).get(asinOf(1)));
    const tokenCall = api.tokenLog[0]!;
    expect(tokenCall.path).toBe('/auth/o2/token');
    expect(tokenCall.headers['content-type']).toBe('application/json');
    expect(tokenCall.body).toEqual({
      grant_type: 'client_credentials',
      client_id: api.credentials.id,
      client_secret: api.credentials.secret,
      scope: 'creatorsapi::default',
    });
    expect(api.requests[0]!.headers.authorization).toMatch(/^Bearer Atc\|[0-9a-f]+$/);
  });

  it('knows the token endpoint of every credential version', () => {
    expect(tokenEndpointFor('2.1')).toBe('https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token');
    expect(tokenEndpointFor('2.2')).toBe('https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token');
    expect(tokenEndpointFor('2.3')).toBe('https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token');
    expect(tokenEndpointFor('3.1')).toBe('https://api.amazon.com/auth/o2/token');
    expect(tokenEndpointFor('3.2')).toBe('https://api.amazon.co.uk/auth/o2/token');
    expect(tokenEndpointFor('3.3')).toBe('https://api.amazon.co.jp/auth/o2/token');
    expect(authorizationHeader('2.2', 'abc')).toBe('Bearer abc, Version 2.2');
    expect(authorizationHeader('3.2', 'abc')).toBe('Bearer abc');
  });

  it('rejected credentials are an auth error from the token endpoint, not retried', async () => {
    const api = await fake();
    for (const version of ['2.2', '3.2'] as const) {
      const { client, delays } = testClient(api, { credentialVersion: version, credentialSecret: 'sbagliato' });
      const error = await caught(client.getItems([asinOf(1)]));
      expect(error).toMatchObject({ kind: 'auth', endpoint: 'token', type: 'invalid_client' });
      expect(error.message).toMatch(/AMAZON_CREDENTIAL_SECRET/);
      expect(delays).toEqual([]);
    }
    expect(api.tokenRequests).toBe(2);
    expect(api.requests).toHaveLength(0);
  });
});

describe('getItems', () => {
  it('sends the documented request', async () => {
    const api = await fake();
    const { client } = testClient(api);
    await client.getItems([asinOf(1)]);
    const request = api.requests[0]!;
    expect(request.path).toBe('/catalog/v1/getItems');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-marketplace']).toBe('www.amazon.it');
    expect(request.body).toEqual({
      itemIds: [asinOf(1)],
      itemIdType: 'ASIN',
      partnerTag: 'buildpc-21',
      marketplace: 'www.amazon.it',
      languagesOfPreference: ['it_IT'],
      currencyOfPreference: 'EUR',
      condition: 'New',
      resources: [
        'itemInfo.title',
        'itemInfo.byLineInfo',
        'itemInfo.features',
        'images.primary.large',
        'images.primary.medium',
        'offersV2.listings.price',
        'offersV2.listings.availability',
        'offersV2.listings.isBuyBoxWinner',
        'offersV2.listings.merchantInfo',
        'offersV2.listings.condition',
      ],
    });
  });

  it('maps a found item', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const item = found((await client.getItems([asinOf(3)])).get(asinOf(3)));
    expect(item).toEqual({
      asin: asinOf(3),
      status: 'found',
      title: 'Prodotto di prova 3',
      brand: 'Marca',
      detailPageUrl: `https://www.amazon.it/dp/${asinOf(3)}?tag=buildpc-21&linkCode=ogi&th=1&psc=1`,
      price: 12.99,
      currency: 'EUR',
      availability: 'IN_STOCK',
      availabilityMessage: 'Disponibilità immediata',
      merchantName: 'Amazon.it',
      image: { url: fakeImageUrl(asinOf(3), 500), width: 500, height: 500 },
      features: [],
    });
  });

  it('reads the large image, falls back to the medium one, and reads the features', async () => {
    const medium = { url: 'https://m.media-amazon.com/images/I/medio._SL160_.jpg', width: 160, height: 120 };
    const api = await fake({
      catalogue: [
        { asin: 'B0FEATURE1', title: 'Con tutto', price: 10, availability: 'IN_STOCK', features: ['6 core, 12 thread', '  Socket AM5  ', ''] },
        { asin: 'B0MEDIUM01', title: 'Solo media', price: 10, availability: 'IN_STOCK', images: { large: null, medium } },
        { asin: 'B0NOIMAGE1', title: 'Senza immagine', price: 10, availability: 'IN_STOCK', images: null },
        // An http image would be mixed content on the site: treated as none.
        { asin: 'B0HTTPIMG1', title: 'Immagine http', price: 10, availability: 'IN_STOCK', images: { large: { url: 'http://example.com/x.jpg', width: 1, height: 1 } } },
      ],
    });
    const { client } = testClient(api);
    const results = await client.getItems(['B0FEATURE1', 'B0MEDIUM01', 'B0NOIMAGE1', 'B0HTTPIMG1']);
    expect(found(results.get('B0FEATURE1'))).toMatchObject({ image: { url: fakeImageUrl('B0FEATURE1', 500) }, features: ['6 core, 12 thread', 'Socket AM5'] });
    expect(found(results.get('B0MEDIUM01')).image).toEqual(medium);
    expect(found(results.get('B0NOIMAGE1')).image).toBeNull();
    expect(found(results.get('B0HTTPIMG1')).image).toBeNull();
  });

  it('splits 25 ASINs into 3 calls of at most 10, dedupes and uppercases', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const asins = Array.from({ length: 25 }, (_, i) => asinOf(i + 1));
    const results = await client.getItems([...asins, asins[0]!.toLowerCase(), ` ${asins[1]} `]);
    expect([...results.keys()]).toEqual(asins);
    expect([...results.values()].every((result) => result.status === 'found')).toBe(true);
    const batches = api.requests.map((request) => (request.body as { itemIds: string[] }).itemIds);
    expect(batches.map((ids) => ids.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(asins);
  });

  it('makes no request for an empty list and answers invalid ASINs locally', async () => {
    const api = await fake();
    const { client } = testClient(api);
    expect((await client.getItems([])).size).toBe(0);
    const results = await client.getItems(['not-an-asin']);
    expect(results.get('NOT-AN-ASIN')).toMatchObject({ status: 'not_found', code: 'InvalidParameterValue' });
    expect(api.requests).toHaveLength(0);
    expect(api.tokenRequests).toBe(0);
  });

  it('returns not_found for the ASINs in errors[] and found for the others (partial failure)', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const results = await client.getItems([asinOf(1), 'B0UNKNOWN1', asinOf(2), 'B0UNKNOWN2']);
    expect(found(results.get(asinOf(1))).price).toBe(10.99);
    expect(found(results.get(asinOf(2))).price).toBe(11.99);
    expect(results.get('B0UNKNOWN1')).toEqual({
      asin: 'B0UNKNOWN1',
      status: 'not_found',
      code: 'ItemNotAccessible',
      message: 'The ItemId B0UNKNOWN1 is not accessible through the Creators API.',
    });
    expect(results.get('B0UNKNOWN2')).toMatchObject({ status: 'not_found', code: 'ItemNotAccessible' });
    expect(api.requests).toHaveLength(1);
  });

  it('turns a 404 ResourceNotFoundException into not_found for every ASIN, without retrying', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    const results = await client.getItems(['B0UNKNOWN1', 'B0UNKNOWN2']);
    expect([...results.values()]).toEqual([
      expect.objectContaining({ asin: 'B0UNKNOWN1', status: 'not_found', code: 'ResourceNotFoundException' }),
      expect.objectContaining({ asin: 'B0UNKNOWN2', status: 'not_found', code: 'ResourceNotFoundException' }),
    ]);
    expect(api.requests.map((request) => request.status)).toEqual([404]);
    expect(delays).toEqual([]);
  });

  it('picks the buy-box listing over listings[0] and matches items by asin when the order is shuffled', async () => {
    const listing = (price: number, buyBox: boolean, merchant: string) => ({
      isBuyBoxWinner: buyBox,
      price: { money: { amount: price, currency: 'EUR', displayAmount: `${price} €` } },
      availability: { type: 'IN_STOCK', message: 'Disponibilità immediata' },
      merchantInfo: { name: merchant },
      condition: { value: 'New' },
    });
    const api = await fake({
      itemOrder: 'reversed',
      catalogue: [
        { asin: 'B0BUYBOX01', title: 'Con buy box', price: null, availability: 'IN_STOCK', listings: [listing(99.9, false, 'Terzo'), listing(89.9, true, 'Amazon.it')] },
        { asin: 'B0NOBOX001', title: 'Senza buy box', price: null, availability: 'IN_STOCK', listings: [listing(59.9, false, 'Primo'), listing(49.9, false, 'Secondo')] },
        { asin: 'B0PLAIN001', title: 'Semplice', price: 19.9, availability: 'IN_STOCK' },
      ],
    });
    const { client } = testClient(api);
    const results = await client.getItems(['B0BUYBOX01', 'B0NOBOX001', 'B0PLAIN001']);
    expect(found(results.get('B0BUYBOX01'))).toMatchObject({ title: 'Con buy box', price: 89.9, merchantName: 'Amazon.it' });
    expect(found(results.get('B0NOBOX001'))).toMatchObject({ title: 'Senza buy box', price: 59.9, merchantName: 'Primo' });
    expect(found(results.get('B0PLAIN001'))).toMatchObject({ title: 'Semplice', price: 19.9 });
  });

  it('reports OUT_OF_STOCK listings and items with no listing', async () => {
    const api = await fake({
      catalogue: [
        { asin: 'B0OUTSTOCK', title: 'Esaurito', price: 129.9, availability: 'OUT_OF_STOCK' },
        { asin: 'B0NOLISTIN', title: 'Nessuna offerta', price: null, availability: 'UNAVAILABLE' },
      ],
    });
    const { client } = testClient(api);
    const results = await client.getItems(['B0OUTSTOCK', 'B0NOLISTIN']);
    expect(found(results.get('B0OUTSTOCK'))).toMatchObject({ availability: 'OUT_OF_STOCK', price: 129.9, currency: 'EUR' });
    expect(found(results.get('B0NOLISTIN'))).toMatchObject({ availability: 'UNAVAILABLE', price: null, currency: null, merchantName: null });
  });

  it('reads the itemResults container when itemsResult is absent', async () => {
    const api = await fake({ itemsContainer: 'itemResults' });
    const { client } = testClient(api);
    expect(found((await client.getItems([asinOf(1)])).get(asinOf(1))).price).toBe(10.99);
  });
});

describe('searchItems', () => {
  it('returns found items, and [] when Amazon answers 404', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const items = await client.searchItems({ keywords: 'prodotto prova 2', itemCount: 3 });
    // Every word is matched as a substring of title + brand, in catalogue order.
    expect(items.map((item) => item.asin)).toEqual([asinOf(2), asinOf(12), asinOf(20)]);
    expect(items[0]).toMatchObject({ status: 'found', price: 11.99, availability: 'IN_STOCK' });
    expect(api.requests[0]!.body).toMatchObject({ keywords: 'prodotto prova 2', searchIndex: 'All', itemCount: 3, partnerTag: 'buildpc-21' });
    expect(await client.searchItems({ keywords: 'introvabile', searchIndex: 'Electronics' })).toEqual([]);
    expect(api.requests[1]!.body).toMatchObject({ searchIndex: 'Electronics', itemCount: 10 });
  });

  it('refuses an empty query, an itemCount or an itemPage outside 1–10 without calling Amazon', async () => {
    const api = await fake();
    const { client } = testClient(api);
    expect((await caught(client.searchItems({ keywords: '  ' }))).kind).toBe('bad_request');
    expect((await caught(client.searchItems({ keywords: 'x', itemCount: 11 }))).kind).toBe('bad_request');
    expect((await caught(client.searchItemsPage({ keywords: 'x', itemPage: 0 }))).kind).toBe('bad_request');
    expect((await caught(client.searchItemsPage({ keywords: 'x', itemPage: 11 }))).kind).toBe('bad_request');
    expect(api.requests).toHaveLength(0);
  });

  it('pages through the results with the total count, the search link, images and features', async () => {
    const api = await fake({
      catalogue: catalogue(25).map((item, i) => ({ ...item, features: [`Caratteristica ${i + 1}`] })),
    });
    const { client } = testClient(api);
    const first = await client.searchItemsPage({ keywords: 'Prodotto' });
    expect(first.items.map((item) => item.asin)).toEqual(Array.from({ length: 10 }, (_, i) => asinOf(i + 1)));
    expect(first.totalResultCount).toBe(25);
    expect(first.searchUrl).toBe('https://www.amazon.it/s?k=prodotto&tag=buildpc-21');
    expect(first.items[0]).toMatchObject({ image: { url: fakeImageUrl(asinOf(1), 500), width: 500, height: 500 }, features: ['Caratteristica 1'] });
    const third = await client.searchItemsPage({ keywords: 'Prodotto', itemPage: 3 });
    expect(third.items.map((item) => item.asin)).toEqual([asinOf(21), asinOf(22), asinOf(23), asinOf(24), asinOf(25)]);
    // Past the last page Amazon answers 404: an empty page.
    expect(await client.searchItemsPage({ keywords: 'Prodotto', itemPage: 4 })).toEqual({ items: [], totalResultCount: 0, searchUrl: null });
    expect(api.requests.map((request) => (request.body as { itemPage: number }).itemPage)).toEqual([1, 3, 4]);
    expect(api.requests[0]!.body).toMatchObject({ resources: expect.arrayContaining(['images.primary.large', 'images.primary.medium', 'itemInfo.features']) });
  });
});

describe('retries', () => {
  it('honours retryAfterSeconds from a 429 body, then succeeds', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 7 } });
    expect(found((await client.getItems([asinOf(1)])).get(asinOf(1))).asin).toBe(asinOf(1));
    expect(delays).toEqual([7000]);
    expect(api.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it('honours the Retry-After header and reads __type', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(1, { status: 429, body: { __type: 'com.amazon.creators#ThrottleException' }, headers: { 'retry-after': '3' } });
    await client.getItems([asinOf(1)]);
    expect(delays).toEqual([3000]);
  });

  it('throws at once when retryAfterSeconds is longer than it is worth waiting', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Daily quota exceeded.', retryAfterSeconds: 3600 } });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'throttled', status: 429, type: 'ThrottleException', retryAfterSeconds: 3600 });
    expect(delays).toEqual([]);
  });

  it('retries 5xx (and non-JSON gateway pages) with exponential backoff and full jitter', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(2, { status: 500 });
    api.failNext(1, { status: 502, body: '<html>Bad Gateway</html>' });
    expect(found((await client.getItems([asinOf(1)])).get(asinOf(1))).asin).toBe(asinOf(1));
    // random() = 0.5 of min(30 s, 500 ms * 2^retry)
    expect(delays).toEqual([250, 500, 1000]);
    expect(api.requests.map((request) => request.status)).toEqual([500, 500, 502, 200]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    const api = await fake();
    const { client, delays } = testClient(api, {}, { maxRetries: 8, random: () => 0.9999 });
    api.failNext(8, { status: 503 });
    await client.getItems([asinOf(1)]);
    expect(delays).toHaveLength(8);
    expect(delays.slice(0, 3)).toEqual([499, 999, 1999]);
    expect(delays.slice(-2)).toEqual([29997, 29997]);
  });

  it('retries a request that times out', async () => {
    const api = await fake();
    const { client, delays } = testClient(api, {}, { timeoutMs: 250 });
    await client.getItems([asinOf(1)]); // token fetched before the fault, so only the API call hangs
    delays.length = 0;
    api.failNext(1, { delayMs: 5000 });
    const started = performance.now();
    expect(found((await client.getItems([asinOf(2)])).get(asinOf(2))).asin).toBe(asinOf(2));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(delays).toEqual([250]);
    expect(api.requests.slice(-2).map((request) => request.status)).toEqual([null, 200]);
  });

  it('throws kind timeout when every attempt times out', async () => {
    const api = await fake();
    const { client, delays } = testClient(api, {}, { timeoutMs: 150, maxRetries: 2 });
    await client.getItems([asinOf(1)]);
    delays.length = 0;
    api.failNext(3, { delayMs: 5000 });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'timeout', status: null });
    expect(delays).toEqual([250, 500]);
  });

  it('does not retry 400 ValidationException', async () => {
    const api = await fake();
    const { client, delays } = testClient(api, { partnerTag: '' });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'bad_request', status: 400, type: 'ValidationException', reason: 'FieldValidationFailed' });
    expect(api.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry 403 AccessDeniedException', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(1, { status: 403 });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, type: 'AccessDeniedException', reason: 'AssociateNotEligible' });
    expect(error.message).toMatch(/10 vendite qualificate/);
    expect(isCreatorsApiError(error, 'forbidden')).toBe(true);
    expect(api.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('throws the last error once the retries are spent', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(4, { status: 500 });
    api.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.' } });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'throttled', status: 429 });
    expect(api.requests).toHaveLength(5);
    expect(delays).toEqual([250, 500, 1000, 2000]);
  });

  it('reports kind network when the host cannot be reached', async () => {
    const api = await fake();
    const config = configFor(api);
    await api.close();
    const delays: number[] = [];
    const client = createCreatorsClient(config, { fetch: localOnlyFetch, sleep: async (ms) => void delays.push(ms), random: () => 0.5, maxRetries: 1 });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error).toMatchObject({ kind: 'network', status: null, endpoint: 'token' });
    expect(delays).toEqual([250]);
  });
});

describe('malformed payloads', () => {
  it('throws kind malformed for a body that is not JSON, without retrying', async () => {
    const api = await fake();
    const { client, delays } = testClient(api);
    api.failNext(1, { status: 200, body: '{"itemsResult": {"items": [' });
    expect(await caught(client.getItems([asinOf(1)]))).toMatchObject({ kind: 'malformed', status: 200 });
    expect(api.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('throws kind malformed when the payload does not match the schema', async () => {
    const api = await fake();
    const { client } = testClient(api);
    api.failNext(1, {
      status: 200,
      body: { itemsResult: { items: [{ asin: asinOf(1), offersV2: { listings: [{ price: { money: { amount: '9,99', currency: 'EUR' } } }] } }] } },
    });
    const error = await caught(client.getItems([asinOf(1)]));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/offersV2\.listings\.0\.price\.money\.amount/);
    api.failNext(1, { status: 200, body: {} });
    expect((await caught(client.getItems([asinOf(1)]))).kind).toBe('malformed');
    api.failNext(1, { status: 200, body: { totalResultCount: 3 } });
    expect((await caught(client.searchItems({ keywords: 'prodotto' }))).kind).toBe('malformed');
  });

  it('returns nothing when a later batch is malformed', async () => {
    const api = await fake();
    const { client } = testClient(api);
    const asins = Array.from({ length: 15 }, (_, i) => asinOf(i + 1));
    api.failNext(1, { delayMs: 1 }); // first batch answered normally
    api.failNext(1, { status: 200, body: '[]' });
    expect((await caught(client.getItems(asins))).kind).toBe('malformed');
    expect(api.requests).toHaveLength(2);
  });
});

describe('rate queue', () => {
  it('spaces request starts by 1000/requestsPerSecond across calls and clients sharing a credential', async () => {
    const api = await fake({ requestsPerSecond: 5 });
    const config = configFor(api, { requestsPerSecond: 5 });
    // No `queue` option: both clients take the process-wide queue of this credential.
    const first = createCreatorsClient(config, { fetch: localOnlyFetch });
    const second = createCreatorsClient(config, { fetch: localOnlyFetch });
    await Promise.all([first.getItems([asinOf(1)]), second.getItems([asinOf(2)]), first.getItems([asinOf(3)]), second.getItems([asinOf(4)])]);
    expect(api.requests.map((request) => request.status)).toEqual([200, 200, 200, 200]);
    // Measured where the requests arrive, so each gap carries the network's jitter: without the queue they
    // would all arrive within a few ms; with it, 200 ms apart, give or take a loaded machine's delays.
    const gaps = api.requests.slice(1).map((request, i) => request.time - api.requests[i]!.time);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(150);
    expect(api.requests.at(-1)!.time - api.requests[0]!.time).toBeGreaterThanOrEqual(3 * 200 - 20);
  });
});

describe('configuration', () => {
  it('names the settings to add when the Creators API is not configured', () => {
    const bare = loadConfig({});
    expect(creatorsApiSettingsMissing(bare)).toBe(
      'Amazon Creators API non configurata: imposta AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET e AMAZON_CREDENTIAL_VERSION',
    );
    expect(isCreatorsApiConfigured(bare)).toBe(false);
    const configured = loadConfig({ AMAZON_CREDENTIAL_ID: 'id', AMAZON_CREDENTIAL_SECRET: 'secret', AMAZON_CREDENTIAL_VERSION: '3.2' });
    expect(creatorsApiSettingsMissing(configured)).toBeNull();
    expect(isCreatorsApiConfigured(configured)).toBe(true);
  });
});
