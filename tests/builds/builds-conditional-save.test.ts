/**
 * Conditional saves (decision 006; api-contract.md "PUT /api/admin/builds/{id}"): a save carrying the
 * `updated_at` it read answers 409 and writes nothing when the build changed since — through another save,
 * a smart replacement, a restore or a refreshed price — and exactly one of several parallel saves of the
 * same version wins, also across two processes on one database. Real app, real database, the fake
 * Creators API over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type ApiResponse, type TestContext } from '../helpers/test-app';

const CONFLICT = {
  error: { code: 'CONFLICT', message: "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale." },
};
const HOUR = 3_600_000;

const CPU = 'B0CSCPU001';
const CPU_ALT = 'B0CSCPUAL1';
const GPU = 'B0CSGPU001';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

function item(asin: string, price: number | null, availability: FakeItem['availability'] = 'IN_STOCK'): FakeItem {
  return { asin, title: `Prodotto ${asin}`, brand: 'Marca', price, availability };
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
  ctx.clock.offsetMs = 0;
  await db.deleteFrom('replacements').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('job_leases').execute();
  fake.setItem(item(CPU, 199.9));
  fake.setItem(item(CPU_ALT, 205));
  fake.setItem(item(GPU, 449));
});

function api<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  return ctx.request<T>(method, `/api/admin${path}`, { token, body });
}

async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await api(
    'POST',
    '/builds',
    sampleBuild({
      components: [
        { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: `https://www.amazon.it/dp/${CPU}` },
        { type: 'GPU', name: 'NVIDIA RTX 5060 Ti', price: 449, amazon_link: `https://www.amazon.it/dp/${GPU}` },
        { type: 'RAM', name: 'Corsair Vengeance 32GB DDR5', price: 109.5 },
      ],
      ...overrides,
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

async function adminBuild(id: number) {
  const response = await api('GET', `/builds/${id}`);
  expect(response.status).toBe(200);
  return response.body.build;
}

/** The body the editor sends for `build` as it was read: every field, components with their ids, its updated_at. */
function formOf(build: any, overrides: Record<string, unknown> = {}) {
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
    updated_at: build.updated_at,
    ...overrides,
  };
}

/** Everything stored about a build and its components, to prove a refused save wrote nothing. */
async function storedState(id: number) {
  const db = ctx.database.db;
  const build = await db.selectFrom('builds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const components = await db.selectFrom('components').selectAll().where('build_id', '=', id).orderBy('id').execute();
  return { build, components };
}

describe('PUT /api/admin/builds/{id} with updated_at', () => {
  it('saves the version it read and returns a later one, which the next save carries', async () => {
    const build = await createBuild();
    const first = await api('PUT', `/builds/${build.id}`, formOf(build, { title: 'Prima modifica' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.build.title).toBe('Prima modifica');
    expect(first.body.build.updated_at > build.updated_at).toBe(true);

    const second = await api('PUT', `/builds/${build.id}`, formOf(first.body.build, { title: 'Seconda modifica' }));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.build.updated_at > first.body.build.updated_at).toBe(true);
    expect((await adminBuild(build.id)).title).toBe('Seconda modifica');
  });

  it('answers 409 and writes nothing (build fields and components) when the build changed since it was read', async () => {
    const build = await createBuild();
    const newer = await api('PUT', `/builds/${build.id}`, formOf(build, { title: 'Versione più recente' }));
    expect(newer.status).toBe(200);
    const before = await storedState(build.id);

    const [cpu, gpu] = build.components;
    const stale = formOf(build, {
      title: 'Versione vecchia',
      description: 'Descrizione vecchia',
      status: 'draft',
      components: [
        { ...formOf(build).components[0], name: 'CPU rinominata', price: 10 }, // changed
        // the GPU removed, the RAM kept, and a new component
        formOf(build).components[2],
        { type: 'SSD', name: 'Samsung 990 Pro', price: 129 },
      ],
    });
    const response = await api('PUT', `/builds/${build.id}`, stale);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(CONFLICT);

    expect(await storedState(build.id)).toEqual(before);
    const current = await adminBuild(build.id);
    expect(current.title).toBe('Versione più recente');
    expect(current.components.map((c: any) => c.id)).toEqual([cpu.id, gpu.id, build.components[2].id]);
  });

  it('saves without updated_at (or with null), as clients written before conditional saves do', async () => {
    const build = await createBuild();
    expect((await api('PUT', `/builds/${build.id}`, formOf(build, { title: 'Più recente' }))).status).toBe(200);

    const { updated_at: _read, ...withoutVersion } = formOf(build, { title: 'Senza versione' });
    const unconditional = await api('PUT', `/builds/${build.id}`, withoutVersion);
    expect(unconditional.status, JSON.stringify(unconditional.body)).toBe(200);
    expect(unconditional.body.build.title).toBe('Senza versione');

    const withNull = await api('PUT', `/builds/${build.id}`, formOf(build, { title: 'Versione null', updated_at: null }));
    expect(withNull.status, JSON.stringify(withNull.body)).toBe(200);
    expect((await adminBuild(build.id)).title).toBe('Versione null');
  });

  it('gives every save a version strictly after the previous one, even when the clock steps back', async () => {
    const build = await createBuild();
    ctx.clock.advance(-HOUR);
    let current = build;
    for (let n = 1; n <= 3; n++) {
      const response = await api('PUT', `/builds/${build.id}`, formOf(current, { title: `Modifica ${n}` }));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      // The clock is an hour behind: the version moves on by the smallest step instead.
      expect(Date.parse(response.body.build.updated_at)).toBe(Date.parse(current.updated_at) + 1);
      current = response.body.build;
    }
    // The version read before these saves is stale, however close in time.
    expect((await api('PUT', `/builds/${build.id}`, formOf(build))).status).toBe(409);
  });

  it('refuses a malformed updated_at with 400 and an Italian message', async () => {
    const build = await createBuild();
    const before = await storedState(build.id);
    for (const updatedAt of ['ieri', 12345, `${build.updated_at}${' '.repeat(20)}`, { at: build.updated_at }]) {
      const response = await api('PUT', `/builds/${build.id}`, formOf(build, { updated_at: updatedAt }));
      expect(response.status, JSON.stringify(updatedAt)).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'updated_at non valido: invia il valore letto con la build (data ISO-8601)',
      });
    }
    expect(await storedState(build.id)).toEqual(before);
  });

  it('answers 404 for a build that does not exist, with or without updated_at', async () => {
    const build = await createBuild();
    expect((await api('DELETE', `/builds/${build.id}`)).status).toBe(200);
    for (const body of [formOf(build), formOf(build, { updated_at: undefined })]) {
      const response = await api('PUT', `/builds/${build.id}`, body);
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Build non trovata' });
    }
  });

  it('lets exactly one of 12 parallel saves of the same version through; the others get 409 and change nothing', async () => {
    const build = await createBuild();
    const saves = Array.from({ length: 12 }, (_, n) =>
      api('PUT', `/builds/${build.id}`, formOf(build, { title: `Salvataggio ${n}`, components: formOf(build).components.map((c: any) => ({ ...c, name: `${c.name} (${n})` })) })),
    );
    const responses = await Promise.all(saves);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);

    const winner = responses.findIndex((response) => response.status === 200);
    const current = await adminBuild(build.id);
    expect(current.title).toBe(`Salvataggio ${winner}`);
    expect(current.components.map((c: any) => c.name)).toEqual(build.components.map((c: any) => `${c.name} (${winner})`));
    expect(current.updated_at).toBe(responses[winner]!.body.build.updated_at);
  });

  it('two processes on one database: of parallel saves of the same version sent to both, exactly one wins', async () => {
    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      for (let round = 0; round < 3; round++) {
        const build = await createBuild({ title: `Build condivisa ${round}` });
        const responses = await Promise.all(
          Array.from({ length: 10 }, async (_, n) => {
            const response = await fetch(`${servers.urls[n % 2]}/api/admin/builds/${build.id}`, {
              method: 'PUT',
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
              body: JSON.stringify(formOf(build, { title: `Istanza ${n % 2}, salvataggio ${n}` })),
            });
            return { status: response.status, body: await response.json() };
          }),
        );
        const statuses = responses.map((response) => response.status);
        expect(statuses.filter((status) => status === 200), JSON.stringify(statuses)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409), JSON.stringify(statuses)).toHaveLength(9);
        const winner = responses.find((response) => response.status === 200)!;
        const current = await adminBuild(build.id);
        expect(current.title).toBe(winner.body.build.title);
        expect(current.updated_at).toBe(winner.body.build.updated_at);
        for (const loser of responses.filter((response) => response.status === 409)) expect(loser.body).toEqual(CONFLICT);
      }
    } finally {
      await servers.stop();
    }
  });
});

describe('other writers make a form loaded before them conflict', () => {
  async function addAlternative(originalAsin: string, alternativeAsin: string) {
    const response = await api('POST', '/alternatives', { originalAsin, alternativeAsin, alternativeName: `Sostituto ${alternativeAsin}`, priority: 1 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  async function smartReplacement(id: number) {
    const response = await api('POST', `/builds/${id}/smart-replacement`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it('a smart replacement between read and save: 409, the substitute stays; the reloaded version saves', async () => {
    const build = await createBuild();
    await addAlternative(CPU, CPU_ALT);
    fake.setItem(item(CPU, 199.9, 'OUT_OF_STOCK'));
    const outcome = await smartReplacement(build.id);
    expect(outcome.summary).toMatchObject({ replaced: 1 });
    const afterReplacement = await storedState(build.id);

    const response = await api('PUT', `/builds/${build.id}`, formOf(build, { title: 'Salvata dopo la sostituzione' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual(CONFLICT);
    expect(await storedState(build.id)).toEqual(afterReplacement);

    const reloaded = await adminBuild(build.id);
    expect(reloaded.components[0]).toMatchObject({ asin: CPU_ALT, is_replaced: 1 });
    const saved = await api('PUT', `/builds/${build.id}`, formOf(reloaded, { title: 'Salvata dopo la sostituzione' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.build.components[0]).toMatchObject({ asin: CPU_ALT, is_replaced: 1 });
  });

  it('a restore between read and save: 409, the original stays restored', async () => {
    const build = await createBuild();
    await addAlternative(CPU, CPU_ALT);
    fake.setItem(item(CPU, 199.9, 'OUT_OF_STOCK'));
    await smartReplacement(build.id);
    const replaced = await adminBuild(build.id);
    const [record] = (await api('GET', '/replacements')).body.replacements;
    const restore = await api('POST', `/replacements/${record.id}/restore`);
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    const afterRestore = await storedState(build.id);
    expect(afterRestore.build.updated_at > replaced.updated_at).toBe(true);

    const response = await api('PUT', `/builds/${build.id}`, formOf(replaced, { title: 'Con il sostituto' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual(CONFLICT);
    expect(await storedState(build.id)).toEqual(afterRestore);
    expect((await adminBuild(build.id)).components[0]).toMatchObject({ asin: CPU, is_replaced: 0, name: 'AMD Ryzen 5 7600' });
  });

  it('a refresh that changes a price: 409, so the old price is not saved back as the author\'s own', async () => {
    const build = await createBuild();
    fake.setItem(item(GPU, 429));
    const refresh = await api('POST', `/builds/${build.id}/update-prices`);
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    const afterRefresh = await storedState(build.id);
    expect(afterRefresh.components.find((c) => c.asin === GPU)).toMatchObject({ price_cents: 42900, price_source: 'amazon' });

    const response = await api('PUT', `/builds/${build.id}`, formOf(build, { description: 'Descrizione nuova' }));
    expect(response.status).toBe(409);
    expect(await storedState(build.id)).toEqual(afterRefresh);
  });

  it('a refresh that changes no price leaves the version alone: the form saves, keeping the prices', async () => {
    const build = await createBuild();
    const before = await storedState(build.id);
    const refresh = await api('POST', `/builds/${build.id}/update-prices`);
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    expect(refresh.body.summary).toMatchObject({ total: 2, updated: 0, unchanged: 2 });
    expect((await storedState(build.id)).build.updated_at).toBe(before.build.updated_at);

    const response = await api('PUT', `/builds/${build.id}`, formOf(build, { description: 'Descrizione nuova' }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.build.description).toBe('Descrizione nuova');
    expect(response.body.build.components.find((c: any) => c.asin === GPU)).toMatchObject({ price: 449, price_source: 'amazon' });
  });

  it('a refreshed price in another build holding the same product makes that build conflict too', async () => {
    const first = await createBuild({ title: 'Prima build' });
    const second = await createBuild({ title: 'Seconda build' });
    fake.setItem(item(CPU, 189));
    const refresh = await api('POST', `/builds/${first.id}/update-prices`);
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    expect((await adminBuild(second.id)).components[0]).toMatchObject({ asin: CPU, price: 189 });
    expect((await api('PUT', `/builds/${second.id}`, formOf(second))).status).toBe(409);
  });
});
