/**
 * Compatibility and power checks (decision 023) on the real app and database: GET
 * /api/admin/builds/{id}/compatibility, the author's attribute overrides through the build save (kept,
 * cleared, refused with an Italian 400, conditional under two instances), and the public build's
 * `compatibility` in the JSON API and on the server-rendered page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compatibilityResponseSchema } from '../../src/modules/builds/builds.schema';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const BROWSER = { Accept: 'text/html', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' };

/** Real Amazon.it titles of a compatible AM5 build (the demo's), with their ASINs. */
const AM5_BUILD = [
  { type: 'CPU', name: 'AMD Ryzen 7 7800X3D Processore, 8 core, 16 thread, 96 MB di cache L3, fino a 5.0 GHz, socket AM5', brand: 'AMD', price: 369, amazon_link: 'https://www.amazon.it/dp/B0BTZB7F88' },
  { type: 'Motherboard', name: 'Gigabyte B650 EAGLE AX Scheda madre AMD B650, AM5, DDR5, 3x M.2 PCIe, Wi-Fi 6E', brand: 'Gigabyte', specs: 'ATX', price: 169, amazon_link: 'https://www.amazon.it/dp/B0C4S4B4ZB' },
  { type: 'RAM', name: 'Kingston FURY Beast 32GB (2x16GB) 6000MT/s DDR5 CL30 Kit memoria desktop, AMD EXPO e Intel XMP 3.0', brand: 'Kingston', price: 109, amazon_link: 'https://www.amazon.it/dp/B0CCHQ8DB7' },
  { type: 'GPU', name: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica, 12 GB GDDR7, 192 bit, PCIe 5.0, DLSS 4', brand: 'MSI', price: 609, amazon_link: 'https://www.amazon.it/dp/B0DTQSDM6V' },
  { type: 'Storage', name: 'WD_BLACK SN7100 1TB NVMe SSD M.2 2280 PCIe Gen4, fino a 7.250 MB/s', brand: 'WD', price: 79, amazon_link: 'https://www.amazon.it/dp/B0DHLCRF91' },
  { type: 'PSU', name: 'Corsair RM750e Alimentatore ATX completamente modulare a basso rumore, 750 W, 80 PLUS Gold, ATX 3.1, PCIe 5.1', brand: 'Corsair', price: 99, amazon_link: 'https://www.amazon.it/dp/B0CTJ1JYBL' },
  { type: 'Case', name: 'Lian Li LANCOOL 207 Case ATX Mid-Tower, 4 ventole incluse, frontale in mesh, pannello in vetro temperato, nero', brand: 'Lian Li', price: 89, amazon_link: 'https://www.amazon.it/dp/B0D5M4WBLC' },
];

let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange();
});

const api = <T = any>(method: string, path: string, body?: unknown) => ctx.request<T>(method, `/api/admin${path}`, { token, body });

async function createBuild(overrides: Record<string, unknown> = {}) {
  const created = await api('POST', '/builds', sampleBuild({ title: 'PC AM5 compatibile', components: AM5_BUILD, ...overrides }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.build;
}

async function compatibility(id: number) {
  const response = await api('GET', `/builds/${id}/compatibility`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return compatibilityResponseSchema.strict().parse(response.body);
}

/** The editor's save body for `build` as read, with each component's fields changed by `change`. */
function saveBody(build: any, change: (component: any) => Record<string, unknown> = () => ({})) {
  return {
    ...sampleBuild({ title: build.title, status: build.status }),
    updated_at: build.updated_at,
    components: build.components.map((c: any) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      brand: c.brand,
      specs: c.specs,
      price: c.price,
      amazon_link: c.amazon_link,
      position: c.position,
      ...change(c),
    })),
  };
}

const statuses = (report: { checks: { rule: string; status: string }[] }) => Object.fromEntries(report.checks.map((check) => [check.rule, check.status]));

describe('GET /api/admin/builds/{id}/compatibility', () => {
  it('passes every check of a compatible build from its titles alone, and estimates its draw', async () => {
    const build = await createBuild();
    const report = await compatibility(build.id);
    expect(statuses(report)).toEqual({ cpu_socket: 'ok', memory_type: 'ok', form_factor: 'ok', psu_power: 'ok' });
    // 7800X3D (PPT 162 W) + RTX 5070 (250 W) + 60 W for the rest + 8 W for the SSD = 480 W.
    expect(report.estimated_watts).toBe(480);
    expect(report.checks.find((check) => check.rule === 'cpu_socket')!.message).toBe('Processore e scheda madre usano lo stesso socket (AM5)');
  });

  it('finds a socket mismatch and a supply below the draw, in Italian, and says unknown rather than guess', async () => {
    const build = await createBuild({
      components: [
        { type: 'CPU', name: 'Intel Core i7-14700K Processore desktop, 20 core, fino a 5.6 GHz, LGA1700', price: 399 },
        { type: 'Motherboard', name: 'MSI MAG B650 TOMAHAWK WIFI Scheda madre ATX, AMD AM5, DDR5', price: 199 },
        { type: 'RAM', name: 'Memoria di marca ignota 32 GB', price: 90 },
        { type: 'GPU', name: 'ASUS TUF Gaming GeForce RTX 4090 OC Edition 24GB GDDR6X Scheda grafica', price: 1999 },
        { type: 'PSU', name: 'MSI MAG A550BN Alimentatore ATX 550 W, 80 PLUS Bronze', price: 55 },
      ],
    });
    const report = await compatibility(build.id);
    expect(statuses(report)).toEqual({ cpu_socket: 'error', memory_type: 'unknown', psu_power: 'error' });
    expect(report.checks[0]!.message).toBe('Il processore usa il socket LGA1700, ma la scheda madre ha il socket AM5');
    expect(report.checks.find((check) => check.rule === 'memory_type')!.message).toMatch(/^Tipo di RAM non riconosciuto/);
    expect(report.checks.find((check) => check.rule === 'psu_power')!.message).toMatch(/^L'alimentatore da 550 W è sotto il consumo stimato di \d+ W$/);
  });

  it('answers 404 for a build that does not exist and 401 without a session', async () => {
    const missing = await api('GET', '/builds/987654/compatibility');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Build non trovata');
    const build = await createBuild();
    const anonymous = await ctx.request('GET', `/api/admin/builds/${build.id}/compatibility`);
    expect(anonymous.status).toBe(401);
  });
});

describe('attribute overrides through the build save', () => {
  it('stores what the author sets, uses it in the checks, keeps it when a save omits it and clears it with {} or a new product', async () => {
    const build = await createBuild();
    const ramId = build.components.find((c: any) => c.type === 'RAM').id;
    expect(build.components.every((c: any) => JSON.stringify(c.attribute_overrides) === '{}')).toBe(true);

    const saved = await api('PUT', `/builds/${build.id}`, saveBody(build, (c) => (c.id === ramId ? { attribute_overrides: { memory_type: 'DDR4', socket: null } } : {})));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const ram = saved.body.build.components.find((c: any) => c.id === ramId);
    expect(ram.attribute_overrides).toEqual({ memory_type: 'DDR4' });
    const report = await compatibility(build.id);
    expect(report.checks.find((check) => check.rule === 'memory_type')).toEqual({
      rule: 'memory_type',
      status: 'error',
      message: 'La RAM è DDR4, ma la scheda madre supporta la DDR5',
    });

    // A client that does not know the field keeps what is stored.
    const kept = await api('PUT', `/builds/${build.id}`, saveBody(saved.body.build));
    expect(kept.status).toBe(200);
    expect(kept.body.build.components.find((c: any) => c.id === ramId).attribute_overrides).toEqual({ memory_type: 'DDR4' });

    // Another product in the same row: the old product's attributes do not follow it.
    const swapped = await api('PUT', `/builds/${build.id}`, saveBody(kept.body.build, (c) => (c.id === ramId ? { amazon_link: 'https://www.amazon.it/dp/B0NEWRAM01' } : {})));
    expect(swapped.status).toBe(200);
    expect(swapped.body.build.components.find((c: any) => c.id === ramId).attribute_overrides).toEqual({});
    expect(statuses(await compatibility(build.id)).memory_type).toBe('ok');

    const cpuId = build.components.find((c: any) => c.type === 'CPU').id;
    const withWatts = await api('PUT', `/builds/${build.id}`, saveBody(swapped.body.build, (c) => (c.id === cpuId ? { attribute_overrides: { watts: 400 } } : {})));
    // 400 + 250 + 60 + 8 = 718, rounded up to 10 W.
    expect((await compatibility(build.id)).estimated_watts).toBe(720);
    const cleared = await api('PUT', `/builds/${build.id}`, saveBody(withWatts.body.build, (c) => (c.id === cpuId ? { attribute_overrides: {} } : {})));
    expect(cleared.body.build.components.find((c: any) => c.id === cpuId).attribute_overrides).toEqual({});
    expect((await compatibility(build.id)).estimated_watts).toBe(480);
  });

  it('refuses a value it does not know with an Italian 400 and writes nothing', async () => {
    const build = await createBuild();
    const cases: [Record<string, unknown>, string][] = [
      [{ socket: 'AM6' }, 'Socket non valido: usa uno tra AM4, AM5, LGA1200, LGA1700, LGA1851'],
      [{ memory_type: 'DDR3' }, 'Tipo di memoria non valido: usa DDR4 o DDR5'],
      [{ form_factor: 'XL-ATX' }, 'Formato non valido: usa uno tra E-ATX, ATX, Micro-ATX, Mini-ITX'],
      [{ watts: 0 }, 'La potenza deve essere un numero intero di watt tra 1 e 3000'],
      [{ watts: 12.5 }, 'La potenza deve essere un numero intero di watt tra 1 e 3000'],
      [{ wattage: 500 }, 'Attributo sconosciuto: usa socket, memory_type, form_factor o watts'],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('PUT', `/builds/${build.id}`, saveBody(build, (c) => (c.type === 'CPU' ? { attribute_overrides: overrides, name: 'Nome cambiato' } : {})));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    const stored = (await api('GET', `/builds/${build.id}`)).body.build;
    expect(stored.updated_at).toBe(build.updated_at);
    expect(stored.components.find((c: any) => c.type === 'CPU').name).toBe(AM5_BUILD[0]!.name);
  });

  it('two processes on one database: of parallel saves with different overrides, one wins whole and the others get 409', async () => {
    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      const build = await createBuild();
      const cpuId = build.components.find((c: any) => c.type === 'CPU').id;
      const responses = await Promise.all(
        Array.from({ length: 6 }, async (_, n) => {
          const overrides = { watts: 100 + n, socket: n % 2 === 0 ? 'AM5' : 'AM4' };
          const response = await fetch(`${servers.urls[n % 2]}/api/admin/builds/${build.id}`, {
            method: 'PUT',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(saveBody(build, (c) => (c.id === cpuId ? { attribute_overrides: overrides } : {}))),
          });
          return { status: response.status, overrides };
        }),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200), JSON.stringify(statuses)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409), JSON.stringify(statuses)).toHaveLength(5);
      const winner = responses.find((response) => response.status === 200)!;
      const stored = (await api('GET', `/builds/${build.id}`)).body.build;
      expect(stored.components.find((c: any) => c.id === cpuId).attribute_overrides).toEqual(winner.overrides);
    } finally {
      await servers.stop();
    }
  });
});

describe('the public build', () => {
  it('carries the compatibility summary in its JSON and shows it on the page, server-rendered', async () => {
    const build = await createBuild();
    const json = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(json.status).toBe(200);
    expect(json.body.build.compatibility.verified).toBe(true);
    expect(json.body.build.compatibility.estimated_watts).toBe(480);
    expect(json.body.build.compatibility.checks).toHaveLength(4);

    const page = await ctx.app.request(`/build/${build.slug}`, { headers: BROWSER });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Compatibilità verificata');
    expect(html).toContain('Consumo stimato: 480 W');
    expect(html).toContain('Processore e scheda madre usano lo stesso socket (AM5)');
    expect(html).not.toContain('Da verificare');
  });

  it('does not claim "verificata" when a check fails or cannot run, and says what could not be verified', async () => {
    const build = await createBuild();
    const gpuId = build.components.find((c: any) => c.type === 'GPU').id;
    const saved = await api('PUT', `/builds/${build.id}`, saveBody(build, (c) => (c.id === gpuId ? { name: 'Scheda grafica misteriosa' } : {})));
    expect(saved.status).toBe(200);
    const json = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(json.body.build.compatibility.verified).toBe(false);
    expect(json.body.build.compatibility.estimated_watts).toBeNull();
    const html = await (await ctx.app.request(`/build/${build.slug}`, { headers: BROWSER })).text();
    expect(html).not.toContain('Compatibilità verificata');
    expect(html).toContain('Non verificato');
    expect(html).toContain('Potenza della scheda video non riconosciuta: consumo non stimabile');
    expect(html).toContain('Consumo stimato non disponibile');
  });
});
