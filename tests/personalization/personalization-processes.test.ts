/**
 * Visitors' choices (decision 030) counted by two processes on one database (two workers on one SQLite
 * file, two instances on one PostgreSQL), each serving the real pages behind its own page cache, cache
 * hits answered straight from Node: 30 readers of one variant, each sent to both at once, count 30
 * personalised visits and 30 of each choice, written at shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServers, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-User': '?1' };
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GPU_ALT = 'B0GPUALT02';

let ctx: TestContext;
let servers: AppServers | null = null;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
}, 60_000);
afterAll(async () => {
  await servers?.stop();
  await ctx?.close();
});

describe(`choices with two processes on one database (${testDialect})`, () => {
  it('30 readers of a variant, each sent to both processes at once, count 30 personalised visits and 30 of each choice', async () => {
    const api = async (path: string, body: unknown) => {
      const response = await ctx.request('POST', `/api/admin${path}`, { token, body });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const { category } = await api('/alternative-categories', { name: 'Schede video', description: null, component_type: 'GPU' });
    await api(`/alternative-categories/${category.id}/alternatives`, { alternativeAsin: GPU_ALT, alternativeName: 'RTX 5070', alternativePrice: 599, priority: 1 });
    const { build } = await api('/builds', sampleBuild({ title: 'Variante contesa' }));
    const [, gpu, ram] = build.components.map((component: { id: number }) => component.id);
    const path = `/build/${build.slug}?scegli=${gpu}:${GPU_ALT}&possiedo=${ram}`;

    servers = await startAppServers(ctx.databaseUrl, 2, { pages: true });
    const urls = servers.urls;
    // Warm both page caches (no browser: not a visit), so the readers are answered from Node's fast path.
    for (const url of urls) expect((await fetch(`${url}${path}`, { headers: { 'User-Agent': 'curl/8.5.0' } })).status).toBe(200);
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        urls.map(async (url) => {
          const response = await fetch(`${url}${path}`, { headers: { ...NAVIGATION, 'User-Agent': CHROME_UA, 'X-Forwarded-For': `203.0.113.${n + 1}` } });
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }),
      ).flat(),
    );
    await servers.stop();
    servers = null;

    const stats = await ctx.database.db.selectFrom('build_daily_stats').select(['views', 'personalized_views']).where('build_id', '=', build.id).execute();
    expect(stats.map((row) => ({ views: Number(row.views), personalized: Number(row.personalized_views) }))).toEqual([{ views: 30, personalized: 30 }]);
    const choices = await ctx.database.db.selectFrom('build_daily_choices').select(['kind', 'component_id', 'product', 'count']).where('build_id', '=', build.id).orderBy('kind').execute();
    expect(choices.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { kind: 'owned', component_id: ram, product: 'B0C1234567', count: 30 },
      { kind: 'swap', component_id: gpu, product: GPU_ALT, count: 30 },
    ]);
  }, 240_000);
});
