/**
 * The cart import's size limit through the real app, with the fake Amazon Creators API over real HTTP:
 * a cart never imports more distinct products than a build holds, duplicates are collapsed before
 * counting, and a refused cart costs no retailer request (nor a slot of the shared request budget).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BUILD_COMPONENTS } from '../../src/common/bounds';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const CART = 'https://www.amazon.it/gp/aws/cart/add.html';

/** A valid, distinct ASIN for each number: B0 + eight digits. */
const asinOf = (n: number) => `B0${String(n).padStart(8, '0')}`;

function cartUrl(asins: readonly string[]): string {
  const params = asins.map((asin, i) => `ASIN.${i + 1}=${asin}&Quantity.${i + 1}=1`);
  return `${CART}?AssociateTag=mionegozio-21&${params.join('&')}`;
}

const CATALOGUE: FakeItem[] = Array.from({ length: 60 }, (_, i) => ({
  asin: asinOf(i + 1),
  title: `Prodotto di prova ${i + 1}`,
  brand: 'Marca',
  price: 10 + i,
  availability: 'IN_STOCK',
}));

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

beforeEach(() => {
  fake.requests.length = 0;
  fake.tokenLog.length = 0;
});

const importCart = (url: string) => ctx.request('POST', '/api/admin/import-amazon', { token, body: { cartUrl: url } });

/** Rows of the shared retailer budget: every request any process sends reserves one. */
const budgetRows = () => ctx.database.db.selectFrom('retailer_rate_budget').selectAll().execute();

describe('the cart import holds at most a build', () => {
  it(`a 2,000-ASIN cart answers 400 naming the limit (${MAX_BUILD_COMPONENTS}) and sends nothing to the retailer`, async () => {
    const url = cartUrl(Array.from({ length: 2000 }, (_, i) => asinOf(i + 1)));
    expect(url.length).toBeGreaterThan(40_000);
    const budgetBefore = await budgetRows();

    const response = await importCart(url);

    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: `Il carrello contiene 2.000 prodotti diversi, ma una build ne può avere al massimo ${MAX_BUILD_COMPONENTS}: importa un carrello con al massimo ${MAX_BUILD_COMPONENTS} prodotti`,
    });
    expect(fake.requests).toEqual([]);
    expect(fake.tokenLog).toEqual([]);
    expect(await budgetRows()).toEqual(budgetBefore);
  });

  it('counts distinct products: 150 entries naming 60 ASINs import 60, each asked once', async () => {
    // Each ASIN appears two or three times, in upper and lower case, spread over the cart.
    const entries = Array.from({ length: 150 }, (_, i) => asinOf((i % 60) + 1)).map((asin, i) => (i % 2 === 0 ? asin : asin.toLowerCase()));
    const response = await importCart(cartUrl(entries));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.components.map((c: { asin: string }) => c.asin)).toEqual(CATALOGUE.map((item) => item.asin));
    expect(response.body.components[59]).toMatchObject({ name: 'Prodotto di prova 60', price: 69 });
    const asked = fake.requests.flatMap((request) => (request.body as { itemIds: string[] }).itemIds);
    expect(asked.sort()).toEqual(CATALOGUE.map((item) => item.asin).sort());
  });

  it('exactly the limit is accepted, one more distinct product is refused', async () => {
    const full = Array.from({ length: MAX_BUILD_COMPONENTS }, (_, i) => asinOf(i + 1));
    const accepted = await importCart(cartUrl([...full, ...full]));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.components).toHaveLength(MAX_BUILD_COMPONENTS);

    fake.requests.length = 0;
    const refused = await importCart(cartUrl([...full, asinOf(MAX_BUILD_COMPONENTS + 1)]));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(`al massimo ${MAX_BUILD_COMPONENTS}`);
    expect(fake.requests).toEqual([]);
  });

  it('the editor saves what an import at the limit gives it (same limit on both sides)', async () => {
    const full = Array.from({ length: MAX_BUILD_COMPONENTS }, (_, i) => asinOf(i + 1));
    const imported = await importCart(cartUrl(full));
    expect(imported.status).toBe(200);
    const components = imported.body.components.map((c: { name: string; amazon_link: string }) => ({ type: 'Other', name: c.name, price: 1, amazon_link: c.amazon_link }));
    const saved = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ status: 'draft', components }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    const tooMany = await ctx.request('POST', '/api/admin/builds', {
      token,
      body: sampleBuild({ status: 'draft', title: 'Troppi componenti', components: [...components, components[0]] }),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(`Al massimo ${MAX_BUILD_COMPONENTS} componenti`);
  });
});
