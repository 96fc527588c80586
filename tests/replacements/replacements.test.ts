/**
 * GET /api/admin/replacements and POST /api/admin/replacements/{id}/restore (api-contract.md, "Admin:
 * replacements"; product spec, "Screens and routes", "Entities and their fields" and "States and
 * transitions") on the real app and database. Replacements are made by the
 * real smart replacement against the fake Creators API over real HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type ApiResponse, type TestContext } from '../helpers/test-app';

const REASON = 'Prodotto originale non disponibile su Amazon';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LIST_FIELDS = [
  'amazon_link',
  'asin',
  'build_id',
  'build_title',
  'created_at',
  'id',
  'name',
  'original_asin',
  'original_link',
  'original_name',
  'original_price',
  'price',
  'replacement_reason',
  'type',
];

const CPU = 'B0RCPU0001';
const CPU_ALT = 'B0RCPUALT1';
const GPU = 'B0RGPU0001';
const GPU_ALT = 'B0RGPUALT1';

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

function item(asin: string, price: number | null, availability: FakeItem['availability'] = 'IN_STOCK'): FakeItem {
  return { asin, title: `Prodotto ${asin}`, brand: 'Marca nuova', price, availability };
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
  await db.deleteFrom('price_observations').execute();
  await db.deleteFrom('job_leases').execute();
  // Both originals are out of stock; both alternatives in stock and inside the price band.
  fake.setItem(item(CPU, 199.9, 'OUT_OF_STOCK'));
  fake.setItem(item(CPU_ALT, 209.9));
  fake.setItem(item(GPU, 449, 'OUT_OF_STOCK'));
  fake.setItem(item(GPU_ALT, 459));
});

function api<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  return ctx.request<T>(method, `/api/admin${path}`, { token, body });
}

async function addAlternative(originalAsin: string, alternativeAsin: string) {
  const response = await api('POST', '/alternatives', { originalAsin, alternativeAsin, alternativeName: `Sostituto ${alternativeAsin}`, priority: 1 });
  expect([201, 409], JSON.stringify(response.body)).toContain(response.status); // 409: already there from an earlier build
}

/** A published build with a CPU and a GPU that get replaced, and a RAM without ASIN; returns it as created. */
async function replacedBuild(title = 'Build con sostituzioni') {
  await addAlternative(CPU, CPU_ALT);
  await addAlternative(GPU, GPU_ALT);
  const created = await api(
    'POST',
    '/builds',
    sampleBuild({
      title,
      components: [
        { type: 'RAM', name: 'Memoria senza link', brand: 'Corsair', price: 89.9, position: 0 },
        {
          type: 'CPU',
          name: 'AMD Ryzen 5 7600',
          brand: 'AMD',
          model: '7600',
          specs: '6 core, 12 thread',
          price: 199.9,
          amazon_link: `https://www.amazon.it/dp/${CPU}?th=1`,
          position: 1,
        },
        { type: 'GPU', name: 'RTX 5060 Ti', brand: 'NVIDIA', model: '5060 Ti', specs: '16 GB', price: 449, amazon_link: `https://www.amazon.it/dp/${GPU}`, position: 2 },
      ],
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await api('POST', `/builds/${created.body.build.id}/smart-replacement`);
  expect(run.status).toBe(200);
  expect(run.body.summary).toEqual({ available: 0, replaced: 2, unavailable: 0, errors: 0 });
  return created.body.build;
}

async function adminBuild(id: number) {
  const response = await api('GET', `/builds/${id}`);
  expect(response.status).toBe(200);
  return response.body.build;
}

async function listReplacements(): Promise<any[]> {
  const response = await api('GET', '/replacements');
  expect(response.status).toBe(200);
  return response.body.replacements;
}

describe('GET /api/admin/replacements', () => {
  it('is empty without replacements', async () => {
    expect(await api('GET', '/replacements')).toMatchObject({ status: 200, body: { replacements: [] } });
  });

  it('lists the open records, newest first, with the substitute as the current component', async () => {
    const first = await replacedBuild('Prima build');
    ctx.clock.advance(1000);
    const second = await replacedBuild('Seconda build');
    ctx.clock.offsetMs = 0;

    const list = await listReplacements();
    expect(list).toHaveLength(4);
    for (const record of list) {
      for (const field of LIST_FIELDS) expect(record, field).toHaveProperty(field);
      expect(record.created_at).toMatch(ISO_UTC);
    }
    expect(list.slice(0, 2).every((r) => r.build_id === second.id && r.build_title === 'Seconda build')).toBe(true);
    expect(list.slice(2).every((r) => r.build_id === first.id)).toBe(true);
    const cpuRecord = list.find((r) => r.build_id === first.id && r.original_asin === CPU);
    expect(cpuRecord).toMatchObject({
      name: `Sostituto ${CPU_ALT}`,
      price: 209.9,
      asin: CPU_ALT,
      type: 'CPU',
      amazon_link: `https://www.amazon.it/dp/${CPU_ALT}?tag=buildpc-21`,
      original_name: 'AMD Ryzen 5 7600',
      original_asin: CPU,
      original_link: `https://www.amazon.it/dp/${CPU}?th=1`,
      original_price: 199.9,
      replacement_reason: REASON,
    });
    expect(typeof cpuRecord.id).toBe('number');
  });
});

describe('POST /api/admin/replacements/{id}/restore', () => {
  it('puts exactly the original back in the same component row and position, and closes the record', async () => {
    const build = await replacedBuild();
    const originalCpu = build.components.find((c: any) => c.type === 'CPU');
    const replaced = await adminBuild(build.id);
    expect(replaced.components.find((c: any) => c.id === originalCpu.id)).toMatchObject({ asin: CPU_ALT, is_replaced: 1 });
    const record = (await listReplacements()).find((r) => r.original_asin === CPU);

    const response = await api('POST', `/replacements/${record.id}/restore`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.ok).toBe(true);
    const fields = ['id', 'build_id', 'type', 'name', 'brand', 'model', 'specs', 'price', 'amazon_link', 'asin', 'position'] as const;
    const pick = (c: any) => Object.fromEntries(fields.map((f) => [f, c[f]]));
    expect(pick(response.body.component)).toEqual(pick(originalCpu));
    expect(response.body.component).toMatchObject({ is_replaced: 0, replacement_reason: null, availability: null });

    const after = await adminBuild(build.id);
    expect(after.components).toHaveLength(3);
    expect(pick(after.components.find((c: any) => c.id === originalCpu.id))).toEqual(pick(originalCpu));
    // The substitute is gone from the build; the other replacement is untouched.
    expect(after.components.some((c: any) => c.asin === CPU_ALT)).toBe(false);
    expect(after.components.find((c: any) => c.type === 'GPU')).toMatchObject({ asin: GPU_ALT, is_replaced: 1 });

    const stored = await ctx.database.db.selectFrom('replacements').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored.restored_at).toMatch(ISO_UTC);
    expect((await listReplacements()).map((r) => r.id)).not.toContain(record.id);
  });

  it('records a revision of the build for each automatic change: each swap, then the restore', async () => {
    const build = await replacedBuild();
    const reasons = async () => ((await api('GET', `/builds/${build.id}/revisions`)).body.revisions as { reason: string; author: string }[]).map((r) => [r.reason, r.author]);
    expect(await reasons()).toEqual([
      ['Sostituzione intelligente', 'Sistema'],
      ['Sostituzione intelligente', 'Sistema'],
      ['Creazione', 'admin'],
    ]);
    const record = (await listReplacements()).find((r) => r.build_id === build.id && r.original_asin === CPU);
    expect((await api('POST', `/replacements/${record.id}/restore`)).status).toBe(200);
    expect((await reasons())[0]).toEqual(['Ripristino di un componente sostituito', 'Sistema']);
  });

  it('restoring twice answers 409, an unknown id 404 (never a 500)', async () => {
    await replacedBuild();
    const record = (await listReplacements())[0];
    expect((await api('POST', `/replacements/${record.id}/restore`)).status).toBe(200);
    const again = await api('POST', `/replacements/${record.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', message: 'Questa sostituzione è già stata ripristinata' });
    const unknown = await api('POST', '/replacements/987654/restore');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Sostituzione non trovata' });
    expect((await api('POST', '/replacements/abc/restore')).status).toBe(404);
  });

  it('two concurrent restores of the same record: one succeeds, the other is a 409', async () => {
    await replacedBuild();
    const record = (await listReplacements())[0];
    const statuses = (await Promise.all([api('POST', `/replacements/${record.id}/restore`), api('POST', `/replacements/${record.id}/restore`)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('re-inserts the original at its position when the substitute was deleted meanwhile', async () => {
    const build = await replacedBuild();
    const current = await adminBuild(build.id);
    // The author removes the substituted CPU from the build.
    const kept = current.components.filter((c: any) => c.type !== 'CPU');
    const saved = await api('PUT', `/builds/${build.id}`, { ...sampleBuild({ title: current.title }), components: kept });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const record = (await listReplacements()).find((r) => r.original_asin === CPU);
    expect(record).toMatchObject({ name: null, asin: null, price: null, type: 'CPU' });

    const response = await api('POST', `/replacements/${record.id}/restore`);
    expect(response.status).toBe(200);
    expect(response.body.component).toMatchObject({ build_id: build.id, type: 'CPU', name: 'AMD Ryzen 5 7600', asin: CPU, position: 1, price: 199.9, is_replaced: 0 });
    const after = await adminBuild(build.id);
    expect(after.components.map((c: any) => c.type)).toEqual(['RAM', 'CPU', 'GPU']);
  });

  it('the public build page shows the replacement, then the original after restore', async () => {
    const build = await replacedBuild();
    const cpuId = build.components.find((c: any) => c.type === 'CPU').id;
    const swapped = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(swapped.status).toBe(200);
    expect(swapped.body.build.components.find((c: any) => c.id === cpuId)).toMatchObject({
      name: `Sostituto ${CPU_ALT}`,
      asin: CPU_ALT,
      is_replaced: 1,
      replacement_reason: REASON,
      amazon_link: expect.stringContaining('tag=buildpc-21'),
    });

    const record = (await listReplacements()).find((r) => r.original_asin === CPU);
    expect((await api('POST', `/replacements/${record.id}/restore`)).status).toBe(200);
    const restored = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(restored.body.build.components.find((c: any) => c.id === cpuId)).toMatchObject({
      name: 'AMD Ryzen 5 7600',
      asin: CPU,
      price: 199.9,
      is_replaced: 0,
      replacement_reason: null,
    });
  });

  it('after a restore, a new run may replace the original again with a new record', async () => {
    const build = await replacedBuild();
    const record = (await listReplacements()).find((r) => r.original_asin === CPU);
    expect((await api('POST', `/replacements/${record.id}/restore`)).status).toBe(200);
    const run = await api('POST', `/builds/${build.id}/smart-replacement`);
    const cpuId = build.components.find((c: any) => c.type === 'CPU').id;
    expect(run.body.results.find((r: any) => r.componentId === cpuId)).toMatchObject({ status: 'replaced', replacement: { asin: CPU_ALT } });
    const open = (await listReplacements()).filter((r) => r.original_asin === CPU);
    expect(open).toHaveLength(1);
    expect(open[0].id).not.toBe(record.id);
  });
});

describe('restoring a revision of the build keeps the replacement records consistent', () => {
  type Revision = { id: number; reason: string };
  const revisionsOf = async (buildId: number): Promise<Revision[]> => (await api('GET', `/builds/${buildId}/revisions`)).body.revisions;
  async function restoreRevision(buildId: number, revisionId: number) {
    const response = await api('POST', `/builds/${buildId}/revisions/${revisionId}/restore`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.build;
  }
  const recordsOf = (buildId: number) => ctx.database.db.selectFrom('replacements').selectAll().where('build_id', '=', buildId).orderBy('id').execute();

  it('a version from before the swaps closes their records; the version after them opens them again', async () => {
    const build = await replacedBuild();
    const cpuId = build.components.find((c: any) => c.type === 'CPU').id;
    const [afterSwaps, , created] = await revisionsOf(build.id);
    expect(created!.reason).toBe('Creazione');
    expect((await listReplacements()).filter((r) => r.build_id === build.id)).toHaveLength(2);

    // Back to the originals: no open record may offer to restore them again.
    const originals = await restoreRevision(build.id, created!.id);
    expect(originals.components.find((c: any) => c.id === cpuId)).toMatchObject({ asin: CPU, is_replaced: 0 });
    expect((await listReplacements()).filter((r) => r.build_id === build.id)).toEqual([]);
    expect((await recordsOf(build.id)).every((record) => record.restored_at !== null)).toBe(true);

    // Forward to the substitutes: their records are open again, and restoring one brings its original back.
    const substitutes = await restoreRevision(build.id, afterSwaps!.id);
    expect(substitutes.components.find((c: any) => c.id === cpuId)).toMatchObject({ asin: CPU_ALT, is_replaced: 1 });
    const open = (await listReplacements()).filter((r) => r.build_id === build.id);
    expect(open.map((r) => [r.original_asin, r.asin]).sort()).toEqual([
      [CPU, CPU_ALT],
      [GPU, GPU_ALT],
    ]);
    const cpuRecord = open.find((r) => r.original_asin === CPU);
    const restored = await api('POST', `/replacements/${cpuRecord.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.component).toMatchObject({ id: cpuId, asin: CPU, name: 'AMD Ryzen 5 7600', is_replaced: 0 });
  });

  it('a record whose substitute was deleted is closed when the version restored brings the original back: never offered twice', async () => {
    const build = await replacedBuild();
    const current = await adminBuild(build.id);
    // The author drops the CPU (the substitute) and saves: its record stays open, to put the original back.
    const withoutCpu = current.components.filter((c: any) => c.type !== 'CPU');
    const saved = await api('PUT', `/builds/${build.id}`, { ...sampleBuild({ title: current.title }), components: withoutCpu });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await listReplacements()).filter((r) => r.build_id === build.id).map((r) => [r.original_asin, r.name])).toContainEqual([CPU, null]);
    // Another build's records are not touched by this build's restore.
    const other = await replacedBuild('Altra build');

    // The creation version brings the original CPU back (as a new row): restoring the record would add it twice.
    const created = (await revisionsOf(build.id)).find((revision) => revision.reason === 'Creazione')!;
    const restored = await restoreRevision(build.id, created.id);
    expect(restored.components.filter((c: any) => c.type === 'CPU').map((c: any) => [c.asin, c.is_replaced])).toEqual([[CPU, 0]]);
    const open = await listReplacements();
    expect(open.filter((r) => r.build_id === build.id)).toEqual([]);
    expect(open.filter((r) => r.build_id === other.id)).toHaveLength(2);
  });
});
