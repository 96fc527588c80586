/**
 * Deletion and restore keep history (decision 027), on SQLite and PostgreSQL: a deleted build's views and
 * clicks stay in the admin analytics under its title while its revisions go (the list counts them for the
 * confirmation); a revision restore keeps component rows by ASIN and the clicks follow the product, back
 * and forth, also with restores racing on two processes (or two instances) on one database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { romeDay } from '../../src/common/rome-day';
import { parseDatabaseUrl } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { migrations } from '../../src/db/migrations';
import { analyticsOverviewSchema, buildAnalyticsSchema } from '../../src/modules/analytics/analytics.schema';
import { adminBuildListResponseSchema } from '../../src/modules/builds/builds.schema';
import { revisionListResponseSchema } from '../../src/modules/builds/revisions.schema';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CPU = 'B0BMQJWBDM';
const GPU = 'B0F1XYZ123';
const RAM = 'B0C1234567';
const SSD = 'B0SSD00001';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'click:%').execute();
});

interface Component {
  id: number;
  asin: string | null;
  name: string;
  type: string;
  price: number | null;
  amazon_link: string | null;
}
interface Build {
  id: number;
  slug: string;
  title: string;
  components: Component[];
}

const part = (type: string, name: string, asin: string) => ({ type, name, price: 100, amazon_link: `https://www.amazon.it/dp/${asin}` });
/** A component of an answer as the editor sends it back (with its id: the same row). */
const kept = ({ id, type, name, price, amazon_link }: Component) => ({ id, type, name, price, amazon_link });

async function api(method: string, path: string, body?: unknown) {
  const response = await ctx.request(method, `/api/admin${path}`, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(method === 'POST' && path === '/builds' ? 201 : 200);
  return response.body;
}

async function createBuild(title: string, components: unknown[]): Promise<Build> {
  return (await api('POST', '/builds', sampleBuild({ title, components }))).build;
}

/** Saves the build with its fields as they are and `components` (ids keep rows, the rest are new). */
async function saveComponents(build: Build, components: unknown[]): Promise<Build> {
  const { build: current } = await api('GET', `/builds/${build.id}`);
  return (await api('PUT', `/builds/${build.id}`, { ...current, components })).build;
}

/** `times` clicks on the component link, each from its own reader (no de-duplication between them). */
async function click(build: Build, componentId: number, times: number, via: { request: TestContext['request'] } = ctx) {
  for (let i = 0; i < times; i++) {
    const headers = { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME_UA, 'X-Forwarded-For': `198.51.100.${i + 1}` };
    const response = await via.request('POST', CLICK_BEACON_PATH, { rawBody: JSON.stringify({ build: build.slug, component_id: componentId }), headers });
    expect(response.status).toBe(204);
  }
}

/** Views of today, as the visit counter adds them (its rules are tested in visits.test.ts). */
async function addViews(buildId: number, views: number) {
  await ctx.database.db
    .insertInto('build_daily_stats')
    .values({ build_id: buildId, day: romeDay(ctx.clock.now()), views })
    .onConflict((oc) => oc.columns(['build_id', 'day']).doUpdateSet({ views }))
    .execute();
}

async function overview() {
  return analyticsOverviewSchema.parse((await ctx.request('GET', '/api/admin/analytics', { token })).body);
}

/** Clicks of the build's components by ASIN, as the editor's card shows them. */
async function clicksByAsin(buildId: number) {
  const analytics = buildAnalyticsSchema.parse(await api('GET', `/builds/${buildId}/analytics`));
  return { total: analytics.clicks, byAsin: Object.fromEntries(analytics.components.map((c) => [c.asin, c.clicks])) };
}

async function revisions(buildId: number) {
  return revisionListResponseSchema.parse(await api('GET', `/builds/${buildId}/revisions`)).revisions;
}

async function components(buildId: number): Promise<Component[]> {
  return (await api('GET', `/builds/${buildId}`)).build.components;
}

describe('deleting a build', () => {
  it('deletes its revisions, counted exactly in the list, and keeps its views and clicks as a deleted build', async () => {
    const build = await createBuild('Build da eliminare', [part('CPU', 'Processore', CPU), part('GPU', 'Scheda video', GPU)]);
    await click(build, build.components[0]!.id, 3);
    await click(build, build.components[1]!.id, 2);
    await addViews(build.id, 40);
    await saveComponents(build, build.components.map(kept));
    await saveComponents(build, build.components.map(kept));

    const { builds } = adminBuildListResponseSchema.parse(await api('GET', '/builds'));
    expect(builds.find((row) => row.id === build.id)!.revision_count).toBe(3);
    expect(await revisions(build.id)).toHaveLength(3);
    const before = await overview();
    const row = before.builds.find((candidate) => candidate.id === build.id)!;
    expect(row).toMatchObject({ views: 40, clicks: 5, deleted: false });

    expect((await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token })).status).toBe(200);
    expect((await ctx.request('GET', `/api/admin/builds/${build.id}`, { token })).status).toBe(404);
    expect(await ctx.database.db.selectFrom('build_revisions').select('id').where('build_id', '=', build.id).execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('components').select('id').where('build_id', '=', build.id).execute()).toEqual([]);

    const after = await overview();
    expect(after.builds.find((candidate) => candidate.id === build.id)).toEqual({ ...row, deleted: true });
    const products = Object.fromEntries(after.components.map((product) => [product.asin, product]));
    expect(products[CPU]).toEqual({ asin: CPU, name: 'Processore', clicks: 3 });
    expect(products[GPU]).toEqual({ asin: GPU, name: 'Scheda video', clicks: 2 });
    expect((await ctx.request('GET', `/api/admin/builds/${build.id}/analytics`, { token })).status).toBe(404);
    expect((await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token })).status).toBe(404);
  });
});

describe('restoring revisions', () => {
  it('keeps the rows of the same ASIN and the clicks of every product, restoring the older revision and then the newer one', async () => {
    const build = await createBuild('Build con cronologia', [part('CPU', 'Processore', CPU), part('GPU', 'Scheda video', GPU), part('RAM', 'Memoria', RAM)]);
    const [cpu, gpu, ram] = build.components;
    await click(build, cpu!.id, 1);
    await click(build, gpu!.id, 2);
    await click(build, ram!.id, 3);
    // The newer version: the GPU dropped, an SSD added, and the RAM removed and added again as a new row.
    const { id: _row, ...ramAgain } = kept(ram!);
    const newer = await saveComponents(build, [kept(cpu!), ramAgain, part('SSD', 'Disco', SSD)]);
    const ramRow = newer.components.find((c) => c.asin === RAM)!.id;
    const ssdRow = newer.components.find((c) => c.asin === SSD)!.id;
    expect(ramRow).not.toBe(ram!.id);
    await click(newer, ssdRow, 4);
    const [newerRevision, olderRevision] = await revisions(build.id);
    const expected = { [CPU]: 1, [GPU]: 2, [RAM]: 3 };
    expect(await clicksByAsin(build.id)).toEqual({ total: 10, byAsin: { [CPU]: 1, [RAM]: 3, [SSD]: 4 } });
    const products = async () => Object.fromEntries((await overview()).components.map((product) => [product.asin, product.clicks]));
    const site = await products();

    await api('POST', `/builds/${build.id}/revisions/${olderRevision!.id}/restore`);
    const older = await components(build.id);
    expect(older.map((c) => c.asin)).toEqual([CPU, GPU, RAM]);
    // The same ASIN keeps its row: the CPU's, and the RAM's newer row rather than a new one.
    expect(older.find((c) => c.asin === CPU)!.id).toBe(cpu!.id);
    expect(older.find((c) => c.asin === RAM)!.id).toBe(ramRow);
    expect(await clicksByAsin(build.id)).toEqual({ total: 10, byAsin: expected });

    await api('POST', `/builds/${build.id}/revisions/${newerRevision!.id}/restore`);
    const again = await components(build.id);
    expect(again.map((c) => c.asin).sort()).toEqual([CPU, RAM, SSD].sort());
    expect(again.find((c) => c.asin === CPU)!.id).toBe(cpu!.id);
    expect(again.find((c) => c.asin === RAM)!.id).toBe(ramRow);
    // The SSD came back as a new row, with its clicks.
    expect(await clicksByAsin(build.id)).toEqual({ total: 10, byAsin: { [CPU]: 1, [RAM]: 3, [SSD]: 4 } });

    // The most clicked products of the whole site did not move either.
    expect(await products()).toEqual(site);
  });

  it('racing restores and clicks on two processes: every answer 200, the build one revision exactly, no click lost', async () => {
    const build = await createBuild('Build contesa', [part('CPU', 'Processore', CPU), part('GPU', 'Scheda video', GPU)]);
    await click(build, build.components[0]!.id, 2);
    await click(build, build.components[1]!.id, 3);
    await saveComponents(build, [kept(build.components[0]!), part('SSD', 'Disco', SSD)]);
    const [newer, older] = await revisions(build.id);
    const cpuRow = build.components[0]!.id;

    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      const restores = Array.from({ length: 12 }, (_, i) => {
        const url = servers.urls[i % 2]!;
        const revision = i % 3 === 0 ? newer! : older!;
        return fetch(`${url}/api/admin/builds/${build.id}/revisions/${revision.id}/restore`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      });
      // Clicks on the CPU, whose row every restore keeps, arrive meanwhile on both processes.
      const clicks = Array.from({ length: 6 }, (_, i) =>
        fetch(`${servers.urls[i % 2]}${CLICK_BEACON_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': `${CHROME_UA} lettore-${i}` },
          body: JSON.stringify({ build: build.slug, component_id: cpuRow }),
        }),
      );
      const answers = await Promise.all([...restores, ...clicks]);
      expect(answers.slice(0, restores.length).map((answer) => answer.status)).toEqual(restores.map(() => 200));
      expect(answers.slice(restores.length).map((answer) => answer.status)).toEqual(clicks.map(() => 204));
    } finally {
      await servers.stop();
    }

    const now = (await components(build.id)).map((c) => c.asin);
    expect([[CPU, GPU], [CPU, SSD]]).toContainEqual(now);
    expect((await components(build.id))[0]!.id).toBe(cpuRow);
    // Twelve restores recorded, one after the other, each on top of the one before.
    expect((await revisions(build.id)).length).toBe(2 + 12);
    // The clicks from the processes came from one address (127.0.0.1): one per minute and link counts.
    const { byAsin } = await clicksByAsin(build.id);
    expect(byAsin[CPU]).toBe(3);
    await api('POST', `/builds/${build.id}/revisions/${older!.id}/restore`);
    expect(await clicksByAsin(build.id)).toEqual({ total: 6, byAsin: { [CPU]: 3, [GPU]: 3 } });
  });
});

describe('migration 0015', () => {
  it("keeps the counts already there: click rows get their component's product and name, and outlive a delete", async () => {
    const testDb = await createTestDatabase();
    const database = openDatabase(parseDatabaseUrl(testDb.url));
    try {
      const { db, dialect } = database;
      const index = migrations.findIndex((migration) => migration.name === '0015-analytics-outlive-builds');
      for (const migration of migrations.slice(0, index)) await migration.up(db, dialect);
      const at = '2026-11-01T10:00:00.000Z';
      const build = { slug: 'vecchia', title: 'Vecchia', description: '', content: '', status: 'published', views: 7, created_at: at, updated_at: at };
      const { id: buildId } = await (db as any).insertInto('builds').values(build).returning('id').executeTakeFirstOrThrow();
      const part = { build_id: buildId, type: 'CPU', position: 0, is_replaced: 0, created_at: at, updated_at: at };
      await (db as any)
        .insertInto('components')
        .values([
          { ...part, id: 11, name: 'Processore', asin: CPU, amazon_link: `https://www.amazon.it/dp/${CPU}` },
          { ...part, id: 12, name: 'Negozio', asin: null, amazon_link: 'https://negozio.example/prodotto' },
        ])
        .execute();
      await (db as any).insertInto('build_daily_stats').values({ id: 5, build_id: buildId, day: '2026-11-01', views: 7, component_clicks: 3 }).execute();
      await (db as any)
        .insertInto('component_daily_clicks')
        .values([
          { id: 8, component_id: 11, build_id: buildId, day: '2026-11-01', clicks: 2 },
          { id: 9, component_id: 12, build_id: buildId, day: '2026-11-01', clicks: 1 },
        ])
        .execute();

      await migrations[index]!.up(db, dialect);
      expect(await db.selectFrom('component_daily_clicks').select(['id', 'component_id', 'product', 'name', 'clicks']).orderBy('id').execute()).toEqual([
        { id: 8, component_id: 11, product: CPU, name: 'Processore', clicks: 2 },
        { id: 9, component_id: 12, product: 'https://negozio.example/prodotto', name: 'Negozio', clicks: 1 },
      ]);
      expect(await db.selectFrom('build_daily_stats').select(['id', 'build_id', 'deleted_build_id', 'views']).execute()).toEqual([
        { id: 5, build_id: buildId, deleted_build_id: null, views: 7 },
      ]);
      // New rows continue after the copied ids; a delete now leaves the counts in place.
      const { id } = await db.insertInto('build_daily_stats').values({ build_id: buildId, day: '2026-11-02' }).returning('id').executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(5);
      await db.deleteFrom('builds').execute();
      expect(await db.selectFrom('component_daily_clicks').select(['component_id', 'build_id']).execute()).toEqual([
        { component_id: null, build_id: null },
        { component_id: null, build_id: null },
      ]);
      expect(await db.selectFrom('build_daily_stats').select('build_id').execute()).toEqual([{ build_id: null }, { build_id: null }]);
    } finally {
      await database.destroy();
      await testDb.drop();
    }
  });
});
