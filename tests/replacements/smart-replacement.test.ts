/**
 * POST /api/admin/builds/{id}/smart-replacement (api-contract.md, "Admin: pricing and availability"; product
 * spec, "Entities and their fields" and "States and transitions") on the real app and database, with the
 * retailer being the fake Creators API over real HTTP. Also the scheduled follow-up
 * (services.replacements.runScheduledReplacements).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/common/format';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type ApiResponse, type TestContext } from '../helpers/test-app';

const REASON = 'Prodotto originale non disponibile su Amazon';
const RESULT_KEYS = ['asin', 'componentId', 'message', 'price', 'replacement', 'status', 'success'];

// Products of the fake catalogue (10 alphanumeric characters each).
const CPU = 'B0CPU00001';
const ALT1 = 'B0ALT00001';
const ALT2 = 'B0ALT00002';
const ALT3 = 'B0ALT00003';
const GROUP1 = 'B0GRP00001';
const GPU = 'B0GPU00001';
const GPU_ALT = 'B0GPUALT01';
const GONE = 'B0GONE0001';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

function item(asin: string, price: number | null, availability: FakeItem['availability'] = 'IN_STOCK', title = `Prodotto ${asin}`): FakeItem {
  return { asin, title, brand: 'Marca', price, availability };
}

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('replacements').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('alternative_categories').execute();
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('retailer_access_streaks').execute();
  await db.deleteFrom('job_leases').execute();
  for (const asin of [CPU, ALT1, ALT2, ALT3, GROUP1, GPU, GPU_ALT, GONE]) fake.removeItem(asin);
});

function api<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  return ctx.request<T>(method, `/api/admin${path}`, { token, body });
}

async function createBuild(components: Record<string, unknown>[], overrides: Record<string, unknown> = {}) {
  const response = await api('POST', '/builds', sampleBuild({ components, ...overrides }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

const cpu = (price: number | null = 100) => ({ type: 'CPU', name: 'Processore originale', brand: 'AMD', model: 'R5', specs: '6 core', price, amazon_link: `https://www.amazon.it/dp/${CPU}` });

async function addAlternative(originalAsin: string, alternativeAsin: string, priority: number, alternativeName = `Alternativa ${alternativeAsin}`) {
  const response = await api('POST', '/alternatives', { originalAsin, alternativeAsin, alternativeName, alternativePrice: null, priority });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function addGroupMember(componentType: string, alternativeAsin: string, priority: number) {
  const category = await api('POST', '/alternative-categories', { name: `Gruppo ${componentType} ${alternativeAsin}`, description: '', component_type: componentType });
  expect(category.status).toBe(201);
  const member = await api('POST', `/alternative-categories/${category.body.category.id}/alternatives`, {
    alternativeAsin,
    alternativeName: `Membro ${alternativeAsin}`,
    priority,
  });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
}

async function smartReplace(buildId: number) {
  return api('POST', `/builds/${buildId}/smart-replacement`);
}

async function adminBuild(buildId: number) {
  const response = await api('GET', `/builds/${buildId}`);
  expect(response.status).toBe(200);
  return response.body.build;
}

async function countRows(table: 'replacements' | 'price_observations') {
  const row = await ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function resultFor(body: any, componentId: number) {
  return body.results.find((r: any) => r.componentId === componentId);
}

describe('smart replacement: choosing the substitute', () => {
  it('skips an out-of-stock alternative, takes the next in priority order and swaps it in place', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 95, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT2, 105.5, 'IN_STOCK', 'Titolo Amazon ALT2'));
    fake.setItem(item(GROUP1, 90)); // cheaper and in stock, but group members come after per-ASIN alternatives
    await addAlternative(CPU, ALT2, 2, 'Processore sostitutivo');
    await addAlternative(CPU, ALT1, 1);
    await addGroupMember('CPU', GROUP1, 1);
    const build = await createBuild([cpu(100), { type: 'Case', name: 'Case senza link', price: 50 }]);
    const original = build.components.find((c: any) => c.type === 'CPU');

    const response = await smartReplace(build.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['results', 'summary']);
    expect(response.body.summary).toEqual({ available: 0, replaced: 1, unavailable: 0, errors: 0 });
    expect(response.body.results).toHaveLength(1); // the component without ASIN is not checked
    const result = response.body.results[0];
    for (const key of Object.keys(result)) expect(RESULT_KEYS).toContain(key);
    expect(result).toMatchObject({ componentId: original.id, asin: CPU, status: 'replaced', success: true, price: 105.5 });
    expect(result.replacement).toEqual({ asin: ALT2, name: 'Processore sostitutivo', url: `https://www.amazon.it/dp/${ALT2}?tag=buildpc-21`, price: 105.5 });

    const after = await adminBuild(build.id);
    const swapped = after.components.find((c: any) => c.id === original.id);
    expect(swapped).toMatchObject({
      id: original.id,
      position: original.position,
      type: 'CPU',
      name: 'Processore sostitutivo',
      asin: ALT2,
      amazon_link: `https://www.amazon.it/dp/${ALT2}?tag=buildpc-21`,
      price: 105.5,
      price_source: 'amazon',
      is_replaced: 1,
      replacement_reason: REASON,
      availability: 'IN_STOCK',
    });
    expect(after.components).toHaveLength(2);

    const records = await ctx.database.db.selectFrom('replacements').selectAll().execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      build_id: build.id,
      component_id: original.id,
      original_type: 'CPU',
      original_name: 'Processore originale',
      original_brand: 'AMD',
      original_model: 'R5',
      original_specs: '6 core',
      original_asin: CPU,
      original_link: `https://www.amazon.it/dp/${CPU}`,
      original_price_cents: 10000,
      original_position: original.position,
      replacement_reason: REASON,
      restored_at: null,
    });

    // The run is recorded under the shared price-work lease, which is released afterwards.
    const runs = await ctx.database.db.selectFrom('job_runs').selectAll().where('job', '=', `smart-replacement-${build.id}`).execute();
    expect(runs.at(-1)).toMatchObject({ trigger: 'manual', status: 'succeeded' });
    expect(await ctx.database.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });

  it('uses a group member only after the per-ASIN alternatives, with the retailer title when there is no name', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 95, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT2, null, 'UNAVAILABLE')); // no listing at all
    fake.setItem(item(GROUP1, 99.99));
    await addAlternative(CPU, ALT1, 1);
    await addAlternative(CPU, ALT2, 2);
    await addGroupMember('CPU', GROUP1, 3);
    await addGroupMember('GPU', GPU_ALT, 1); // another component type: never a candidate for a CPU
    fake.setItem(item(GPU_ALT, 80));
    const build = await createBuild([cpu(100)]);

    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toMatchObject({ status: 'replaced', replacement: { asin: GROUP1, name: `Membro ${GROUP1}`, price: 99.99 } });
  });

  it('reports unavailable (not replaced) when no alternative is configured or none is in stock', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(GPU, 300, 'OUT_OF_STOCK'));
    fake.setItem(item(GPU_ALT, 290, 'OUT_OF_STOCK'));
    await addAlternative(GPU, GPU_ALT, 1);
    const build = await createBuild([cpu(100), { type: 'GPU', name: 'Scheda video', price: 300, amazon_link: `https://www.amazon.it/dp/${GPU}` }]);

    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ available: 0, replaced: 0, unavailable: 2, errors: 0 });
    const [cpuResult, gpuResult] = build.components.map((c: any) => resultFor(response.body, c.id));
    expect(cpuResult).toMatchObject({ status: 'unavailable', success: false, message: expect.stringMatching(/nessuna alternativa configurata/) });
    expect(gpuResult).toMatchObject({ status: 'unavailable', success: false, message: expect.stringMatching(/nessuna alternativa disponibile/) });
    expect(cpuResult.replacement).toBeUndefined();
    expect(await countRows('replacements')).toBe(0);
    // Amazon's answer about the originals is stored (availability and price history).
    const after = await adminBuild(build.id);
    expect(after.components.every((c: any) => c.availability === 'OUT_OF_STOCK' && c.is_replaced === 0)).toBe(true);
  });

  it('reports available components as available and changes nothing about them', async () => {
    fake.setItem(item(CPU, 101.5));
    await addAlternative(CPU, ALT1, 1);
    fake.setItem(item(ALT1, 90));
    const build = await createBuild([cpu(100)]);
    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [{ componentId: build.components[0].id, asin: CPU, status: 'available', success: true, price: 101.5 }],
      summary: { available: 1, replaced: 0, unavailable: 0, errors: 0 },
    });
    const after = await adminBuild(build.id);
    expect(after.components[0]).toMatchObject({ name: 'Processore originale', asin: CPU, is_replaced: 0, price: 101.5, availability: 'IN_STOCK' });
    expect(await countRows('replacements')).toBe(0);
  });

  it('tags the substitute link with the build affiliate tag when it has one', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 100));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(100)], { affiliate_tag: 'mionegozio-21' });
    const response = await smartReplace(build.id);
    expect(response.body.results[0].replacement.url).toBe(`https://www.amazon.it/dp/${ALT1}?tag=mionegozio-21`);
    expect((await adminBuild(build.id)).components[0].amazon_link).toBe(`https://www.amazon.it/dp/${ALT1}?tag=mionegozio-21`);
  });
});

describe('smart replacement: compatibility', () => {
  /** An AM5 build whose CPU (the only component with a link) goes out of stock. */
  async function am5Build(overrides: { cpuOverrides?: Record<string, unknown>; cpuName?: string } = {}) {
    fake.setItem(item(CPU, 300, 'OUT_OF_STOCK', 'AMD Ryzen 7 7700X Processore, 8 core, socket AM5'));
    return createBuild([
      {
        type: 'CPU',
        name: overrides.cpuName ?? 'AMD Ryzen 7 7700X Processore, 8 core, 16 thread, fino a 5,4 GHz, socket AM5',
        price: 300,
        amazon_link: `https://www.amazon.it/dp/${CPU}`,
        ...(overrides.cpuOverrides ? { attribute_overrides: overrides.cpuOverrides } : {}),
      },
      { type: 'Motherboard', name: 'MSI MAG B650 TOMAHAWK WIFI Scheda madre ATX, AMD AM5, DDR5, PCIe 5.0', price: 199 },
      { type: 'RAM', name: 'Corsair VENGEANCE DDR5 RAM 32GB (2x16GB) 6000MHz CL30', price: 109 },
      { type: 'GPU', name: 'ASUS Dual GeForce RTX 4070 SUPER 12GB GDDR6X Scheda grafica', price: 599 },
      { type: 'PSU', name: 'Corsair RM850e Alimentatore ATX completamente modulare, 850 W, 80 PLUS Gold', price: 119 },
      { type: 'Case', name: 'NZXT H5 Flow Case ATX Mid-Tower, nero', price: 89 },
    ]);
  }

  it('skips the only in-band candidate when it would break the socket check, and says why', async () => {
    const build = await am5Build();
    // In stock, in the band, first in priority: but an AM4 processor on an AM5 board.
    fake.setItem(item(ALT1, 290, 'IN_STOCK', 'AMD Ryzen 7 5800X3D Processore, 8 core, socket AM4'));
    await addAlternative(CPU, ALT1, 1, 'AMD Ryzen 7 5800X3D Processore, 8 core, 16 thread, socket AM4');
    const before = await api('GET', `/builds/${build.id}/compatibility`);
    expect(before.body.checks.find((check: any) => check.rule === 'cpu_socket').status).toBe('ok');

    const response = await smartReplace(build.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.summary).toEqual({ available: 0, replaced: 0, unavailable: 1, errors: 0 });
    expect(response.body.results[0].message).toBe(
      'Prodotto non disponibile su Amazon: le alternative disponibili nella fascia di prezzo non sono compatibili con la build (Il processore usa il socket AM4, ma la scheda madre ha il socket AM5)',
    );
    const after = await adminBuild(build.id);
    expect(after.components.find((c: any) => c.type === 'CPU')).toMatchObject({ asin: CPU, is_replaced: 0 });
    expect(await countRows('replacements')).toBe(0);
    expect((await api('GET', `/builds/${build.id}/compatibility`)).body.checks.find((check: any) => check.rule === 'cpu_socket').status).toBe('ok');
  });

  it('takes a lower-priority candidate that keeps every check ok over one that breaks a check or leaves it unverifiable', async () => {
    const build = await am5Build();
    fake.setItem(item(ALT1, 290, 'IN_STOCK', 'Intel Core i7-14700K Processore desktop, LGA1700'));
    fake.setItem(item(ALT2, 295, 'IN_STOCK', 'Processore 8 core senza socket nel titolo'));
    fake.setItem(item(ALT3, 310, 'IN_STOCK', 'AMD Ryzen 7 9700X Processore, 8 core, socket AM5'));
    await addAlternative(CPU, ALT1, 1, 'Intel Core i7-14700K Processore desktop, 20 core, LGA1700');
    await addAlternative(CPU, ALT2, 2, 'Processore 8 core');
    await addAlternative(CPU, ALT3, 3, 'AMD Ryzen 7 9700X Processore, 8 core, 16 thread, socket AM5');

    const response = await smartReplace(build.id);
    expect(response.body.summary).toEqual({ available: 0, replaced: 1, unavailable: 0, errors: 0 });
    expect(response.body.results[0].replacement).toMatchObject({ asin: ALT3 });
    const report = await api('GET', `/builds/${build.id}/compatibility`);
    expect(report.body.checks.every((check: any) => check.status === 'ok')).toBe(true);
  });

  it('falls back to a candidate that leaves a check unverifiable when none keeps it ok, never to one that breaks it', async () => {
    const build = await am5Build();
    fake.setItem(item(ALT1, 290, 'IN_STOCK', 'Intel Core i7-14700K Processore desktop, LGA1700'));
    fake.setItem(item(ALT2, 295, 'IN_STOCK', 'Processore 8 core senza socket nel titolo'));
    await addAlternative(CPU, ALT1, 1, 'Intel Core i7-14700K Processore desktop, 20 core, LGA1700');
    await addAlternative(CPU, ALT2, 2, 'Processore 8 core');

    const response = await smartReplace(build.id);
    expect(response.body.summary).toEqual({ available: 0, replaced: 1, unavailable: 0, errors: 0 });
    expect(response.body.results[0].replacement).toMatchObject({ asin: ALT2 });
    const report = await api('GET', `/builds/${build.id}/compatibility`);
    expect(report.body.checks.find((check: any) => check.rule === 'cpu_socket').status).toBe('unknown');
  });

  it('when the build has a check it cannot verify, takes a later candidate that settles it over an earlier one that leaves it unknown', async () => {
    const build = await am5Build({ cpuName: 'Processore 8 core di prova' });
    const before = await api('GET', `/builds/${build.id}/compatibility`);
    expect(before.body.checks.find((check: any) => check.rule === 'cpu_socket').status).toBe('unknown');
    fake.setItem(item(ALT2, 295, 'IN_STOCK', 'Processore 8 core senza socket nel titolo'));
    fake.setItem(item(ALT3, 310, 'IN_STOCK', 'AMD Ryzen 7 9700X Processore, 8 core, socket AM5'));
    await addAlternative(CPU, ALT2, 1, 'Processore 8 core');
    await addAlternative(CPU, ALT3, 2, 'AMD Ryzen 7 9700X Processore, 8 core, 16 thread, socket AM5');

    const response = await smartReplace(build.id);
    expect(response.body.summary).toEqual({ available: 0, replaced: 1, unavailable: 0, errors: 0 });
    expect(response.body.results[0].replacement).toMatchObject({ asin: ALT3 });
    const report = await api('GET', `/builds/${build.id}/compatibility`);
    expect(report.body.checks.every((check: any) => check.status === 'ok')).toBe(true);
  });

  it("drops the original's hand-set attributes on the substitute and brings them back on restore", async () => {
    const build = await am5Build({ cpuOverrides: { watts: 142 } });
    fake.setItem(item(ALT3, 310, 'IN_STOCK', 'AMD Ryzen 7 9700X Processore, 8 core, socket AM5'));
    await addAlternative(CPU, ALT3, 1, 'AMD Ryzen 7 9700X Processore, 8 core, 16 thread, socket AM5');
    const cpuId = build.components.find((c: any) => c.type === 'CPU').id;

    expect((await smartReplace(build.id)).body.summary.replaced).toBe(1);
    expect((await adminBuild(build.id)).components.find((c: any) => c.id === cpuId).attribute_overrides).toEqual({});
    const [record] = (await api('GET', '/replacements')).body.replacements;
    const restored = await api('POST', `/replacements/${record.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await adminBuild(build.id)).components.find((c: any) => c.id === cpuId)).toMatchObject({ asin: CPU, attribute_overrides: { watts: 142 } });
  });
});

describe('smart replacement: price band', () => {
  it('rejects a candidate 25% more expensive and accepts one 10% more expensive', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 125));
    fake.setItem(item(ALT2, 110));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(100)]);

    const rejected = await smartReplace(build.id);
    expect(rejected.body.results[0]).toMatchObject({
      status: 'unavailable',
      success: false,
      message: `Prodotto non disponibile su Amazon: le alternative disponibili superano la fascia di prezzo consentita (massimo ${formatPrice(120)})`,
    });
    expect(await countRows('replacements')).toBe(0);

    await addAlternative(CPU, ALT2, 2);
    const accepted = await smartReplace(build.id);
    expect(accepted.body.results[0]).toMatchObject({ status: 'replaced', replacement: { asin: ALT2, price: 110 } });
  });

  it('caps the increase at 50 euro for an expensive part (both limits apply)', async () => {
    fake.setItem(item(CPU, 1000, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 1060)); // +6%: inside 20%, but over +50 €
    fake.setItem(item(ALT2, 1049.99));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(1000)]);
    const rejected = await smartReplace(build.id);
    // The limit in the site's price format (it-IT euro, thousands always grouped, a no-break space before €).
    expect(rejected.body.results[0].message).toContain('(massimo 1.050,00\u00a0€)');
    await addAlternative(CPU, ALT2, 2);
    const response = await smartReplace(build.id);
    expect(response.body.results[0]).toMatchObject({ status: 'replaced', replacement: { asin: ALT2, price: 1049.99 } });
  });

  it('always accepts a cheaper candidate; skips one without a price; an original without a price takes any priced one', async () => {
    fake.setItem(item(CPU, null, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, null, 'IN_STOCK')); // in stock but no price: cost unknown, not taken
    fake.setItem(item(ALT2, 999));
    await addAlternative(CPU, ALT1, 1);
    await addAlternative(CPU, ALT2, 2);
    const build = await createBuild([cpu(null)]);
    const response = await smartReplace(build.id);
    expect(response.body.results[0]).toMatchObject({ status: 'replaced', replacement: { asin: ALT2, price: 999 } });

    fake.setItem(item(GPU, 300, 'OUT_OF_STOCK'));
    fake.setItem(item(GPU_ALT, 12.5));
    await addAlternative(GPU, GPU_ALT, 1);
    const gpuBuild = await createBuild([{ type: 'GPU', name: 'Scheda', price: 300, amazon_link: `https://www.amazon.it/dp/${GPU}` }]);
    expect((await smartReplace(gpuBuild.id)).body.results[0]).toMatchObject({ status: 'replaced', replacement: { asin: GPU_ALT, price: 12.5 } });
  });
});

describe('smart replacement: retailer failures are errors, never "unavailable"', () => {
  async function unavailableBuildWithAlternative() {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(GPU, 300));
    fake.setItem(item(ALT1, 100));
    await addAlternative(CPU, ALT1, 1);
    return createBuild([cpu(100), { type: 'GPU', name: 'Scheda video', price: 299, amazon_link: `https://www.amazon.it/dp/${GPU}` }]);
  }

  it('a throttled retailer (429 with a long retryAfterSeconds): every component is an error and nothing changes', async () => {
    const build = await unavailableBuildWithAlternative();
    const before = await adminBuild(build.id);
    const observations = await countRows('price_observations');
    fake.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } });

    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ available: 0, replaced: 0, unavailable: 0, errors: 2 });
    for (const result of response.body.results) {
      expect(result).toMatchObject({ status: 'error', success: false, message: expect.stringMatching(/troppe richieste/) });
      expect(result.replacement).toBeUndefined();
    }
    expect(await adminBuild(build.id)).toEqual(before);
    expect(await countRows('replacements')).toBe(0);
    expect(await countRows('price_observations')).toBe(observations);
  });

  it('an auth failure: every component is an error and nothing changes', async () => {
    const build = await unavailableBuildWithAlternative();
    const before = await adminBuild(build.id);
    fake.failNext(2, { status: 401 }); // the client retries once with a fresh token, then gives up
    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ available: 0, replaced: 0, unavailable: 0, errors: 2 });
    expect(response.body.results.every((r: any) => r.status === 'error' && /token non accettato/.test(r.message))).toBe(true);
    expect(await adminBuild(build.id)).toEqual(before);
    expect(await countRows('replacements')).toBe(0);
  });

  it('a throttle on the alternatives lookup: the unavailable component is an error, not replaced', async () => {
    const build = await unavailableBuildWithAlternative();
    fake.failNext(1, { delayMs: 1 }); // the first lookup (the build's components) goes through
    fake.failNext(1, { status: 429, body: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 3600 } });
    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ available: 1, replaced: 0, unavailable: 0, errors: 1 });
    const cpuResult = resultFor(response.body, build.components.find((c: any) => c.type === 'CPU').id);
    expect(cpuResult).toMatchObject({ status: 'error', success: false, message: expect.stringMatching(/troppe richieste/) });
    const after = await adminBuild(build.id);
    expect(after.components.find((c: any) => c.type === 'CPU')).toMatchObject({ name: 'Processore originale', asin: CPU, is_replaced: 0 });
    expect(await countRows('replacements')).toBe(0);
  });

  it('an ASIN Amazon does not give access to (ItemNotAccessible) is an error, not replaced', async () => {
    fake.setItem(item(GPU, 300));
    fake.setItem(item(ALT1, 100));
    await addAlternative(GONE, ALT1, 1);
    const build = await createBuild([
      { type: 'CPU', name: 'Processore sparito', price: 100, amazon_link: `https://www.amazon.it/dp/${GONE}` },
      { type: 'GPU', name: 'Scheda video', price: 300, amazon_link: `https://www.amazon.it/dp/${GPU}` },
    ]);
    const response = await smartReplace(build.id);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ available: 1, replaced: 0, unavailable: 0, errors: 1 });
    const gone = resultFor(response.body, build.components.find((c: any) => c.type === 'CPU').id);
    expect(gone).toMatchObject({ asin: GONE, status: 'error', success: false, message: expect.stringMatching(/ItemNotAccessible.*in un altro giorno/) });
    const after = await adminBuild(build.id);
    expect(after.components.find((c: any) => c.type === 'CPU')).toMatchObject({ name: 'Processore sparito', asin: GONE, is_replaced: 0 });
    expect(await countRows('replacements')).toBe(0);
  });
});

describe('smart replacement: idempotence', () => {
  it('a second run reports the substitute as available and creates no second record', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 105));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(100)]);
    expect((await smartReplace(build.id)).body.summary.replaced).toBe(1);
    const afterFirst = await adminBuild(build.id);

    const second = await smartReplace(build.id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      results: [{ componentId: build.components[0].id, asin: ALT1, status: 'available', success: true, price: 105 }],
      summary: { available: 1, replaced: 0, unavailable: 0, errors: 0 },
    });
    expect(await countRows('replacements')).toBe(1);
    const afterSecond = await adminBuild(build.id);
    expect(afterSecond.components[0]).toMatchObject({ name: afterFirst.components[0].name, asin: ALT1, is_replaced: 1 });
  });

  it('when the substitute goes out of stock too, the next alternative of the ORIGINAL replaces it under the same record', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 105));
    fake.setItem(item(ALT2, 110));
    await addAlternative(CPU, ALT1, 1);
    await addAlternative(CPU, ALT2, 2);
    const build = await createBuild([cpu(100)]);
    expect((await smartReplace(build.id)).body.results[0].replacement.asin).toBe(ALT1);

    fake.setItem(item(ALT1, 105, 'OUT_OF_STOCK'));
    const second = await smartReplace(build.id);
    expect(second.body.results[0]).toMatchObject({ asin: ALT1, status: 'replaced', replacement: { asin: ALT2, price: 110 } });
    const records = await ctx.database.db.selectFrom('replacements').selectAll().execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ component_id: build.components[0].id, original_asin: CPU, original_name: 'Processore originale', original_price_cents: 10000 });
    expect((await adminBuild(build.id)).components[0]).toMatchObject({ id: build.components[0].id, asin: ALT2, is_replaced: 1 });
  });
});

describe('smart replacement: errors and configuration', () => {
  it('404 for an unknown build', async () => {
    const response = await smartReplace(987654);
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Build non trovata' });
  });

  it('409 while other price work holds the lease, and nothing changes', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 100));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(100)]);
    await ctx.database.db
      .insertInto('job_leases')
      .values({ name: 'retailer-price-work', holder: 'another-instance', expires_at: new Date(Date.now() + 600_000).toISOString() })
      .execute();
    const requests = fake.requests.length;
    const response = await smartReplace(build.id);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('CONFLICT');
    expect(fake.requests.length).toBe(requests);
    expect(await countRows('replacements')).toBe(0);
  });

  it('503 naming the AMAZON_CREDENTIAL_* settings when the retailer is not configured, and nothing changes', async () => {
    const bare = await createTestContext();
    try {
      const adminToken = await bare.login();
      const created = await bare.request('POST', '/api/admin/builds', { token: adminToken, body: sampleBuild({ components: [cpu(100)] }) });
      expect(created.status).toBe(201);
      const before = await bare.request('GET', `/api/admin/builds/${created.body.build.id}`, { token: adminToken });
      const response = await bare.request('POST', `/api/admin/builds/${created.body.build.id}/smart-replacement`, { token: adminToken });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.body.error.message).toMatch(/AMAZON_CREDENTIAL_ID/);
      expect(response.body.error.message).toMatch(/non configurata/);
      const after = await bare.request('GET', `/api/admin/builds/${created.body.build.id}`, { token: adminToken });
      expect(after.body).toEqual(before.body);
      expect(await bare.services.replacements.runScheduledReplacements([CPU])).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('scheduled follow-up', () => {
  it('runs the replacement on published builds holding an unavailable ASIN, not on drafts', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 100));
    await addAlternative(CPU, ALT1, 1);
    const published = await createBuild([cpu(100)], { title: 'Build pubblicata' });
    const draft = await createBuild([cpu(100)], { title: 'Build in bozza', status: 'draft' });

    const runs = await ctx.services.replacements.runScheduledReplacements([CPU, 'non-valido']);
    expect(runs.map((run) => run.buildId)).toEqual([published.id]);
    expect(runs[0]!.outcome?.summary).toEqual({ available: 0, replaced: 1, unavailable: 0, errors: 0 });
    expect((await adminBuild(published.id)).components[0]).toMatchObject({ asin: ALT1, is_replaced: 1 });
    expect((await adminBuild(draft.id)).components[0]).toMatchObject({ asin: CPU, is_replaced: 0 });
    const runsRecorded = await ctx.database.db.selectFrom('job_runs').selectAll().where('job', '=', `smart-replacement-${published.id}`).execute();
    expect(runsRecorded.at(-1)).toMatchObject({ trigger: 'scheduled', status: 'succeeded' });
  });

  it('skips (null) while other price work holds the lease', async () => {
    fake.setItem(item(CPU, 100, 'OUT_OF_STOCK'));
    fake.setItem(item(ALT1, 100));
    await addAlternative(CPU, ALT1, 1);
    const build = await createBuild([cpu(100)]);
    await ctx.database.db
      .insertInto('job_leases')
      .values({ name: 'retailer-price-work', holder: 'another-instance', expires_at: new Date(Date.now() + 600_000).toISOString() })
      .execute();
    expect(await ctx.services.replacements.runScheduledReplacements([CPU])).toEqual([{ buildId: build.id, outcome: null }]);
    expect(await countRows('replacements')).toBe(0);
  });
});
