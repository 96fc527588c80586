/**
 * What the author learns of personalised builds (decision 030), on SQLite and PostgreSQL:
 * a click on a swapped part counts under the alternative's ASIN and name (only for an alternative the
 * author curated for that component); the swaps and owned parts of the build pages' 200 answers are
 * counted per build, day and choice, once per visitor and 30 minutes, validated against the build when
 * written, exactly under parallel requests and two instances; and the admin's analytics show them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { addDays, romeDay } from '../../src/common/rome-day';
import { romeOffsetMs } from '../../src/common/rome-time';
import { analyticsOverviewSchema, buildAnalyticsSchema } from '../../src/modules/analytics/analytics.schema';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { type AppInstance, createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-User': '?1' };
const MINUTE = 60_000;

/** The CPU's own alternative, and a member of the GPU group; an ASIN curated for nothing. */
const CPU_ALT = { asin: 'B0CPUALT01', name: 'AMD Ryzen 7 7700' };
const GPU_ALT = { asin: 'B0GPUALT01', name: 'RTX 5070' };
const UNCURATED = 'B0NOTCUR01';
/** Curated for GPUs, but without a price: the page never offers it. */
const UNPRICED = { asin: 'B0GPUNOPRZ', name: 'Scheda senza prezzo' };

let pages: PageBuild;
let ctx: TestContext;
let second: AppInstance;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  second = openSecondInstance(ctx);
  token = await ctx.login();
  const api = async (path: string, body: unknown) => {
    const response = await ctx.request('POST', `/api/admin${path}`, { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  await api('/alternatives', { originalAsin: 'B0BMQJWBDM', alternativeAsin: CPU_ALT.asin, alternativeName: CPU_ALT.name, alternativePrice: 249, priority: 1 });
  const { category } = await api('/alternative-categories', { name: 'Schede video', description: null, component_type: 'gpu' });
  await api(`/alternative-categories/${category.id}/alternatives`, { alternativeAsin: GPU_ALT.asin, alternativeName: GPU_ALT.name, alternativePrice: 599, priority: 1 });
  await api(`/alternative-categories/${category.id}/alternatives`, { alternativeAsin: UNPRICED.asin, alternativeName: UNPRICED.name, priority: 2 });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await pages?.close();
});

type Build = { id: number; slug: string; title: string; components: { id: number; asin: string | null; name: string; type: string }[] };
let build: Build;
let cpu: number, gpu: number, ram: number;

/** Tests move the clock 31 minutes ahead: one starting in Rome's last 45 minutes of the day starts after midnight instead. */
function offsetAwayFromMidnight(): number {
  const now = Date.now();
  const untilMidnight = Date.parse(`${addDays(romeDay(new Date(now)), 1)}T00:00:00Z`) - romeOffsetMs(new Date(now)) - now;
  return untilMidnight < 45 * MINUTE ? untilMidnight + 5 * MINUTE : 0;
}

async function createBuild(title: string): Promise<Build> {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

beforeEach(async () => {
  ctx.clock.offsetMs = offsetAwayFromMidnight();
  await ctx.services.analytics.flushVisits();
  for (const table of ['keyed_counters', 'component_daily_clicks', 'build_daily_choices', 'build_daily_stats', 'deleted_builds', 'builds'] as const) {
    await ctx.database.db.deleteFrom(table).execute();
  }
  build = await createBuild('Build personalizzabile');
  [cpu, gpu, ram] = build.components.map((component) => component.id) as [number, number, number];
});

/** Opens the build page with `query` as the reader at `ip` (a browser navigating unless `userAgent` says otherwise). */
async function open(ip: string, query: string, userAgent = CHROME_UA, slug = build.slug) {
  const response = await ctx.request('GET', `/build/${slug}${query ? `?${query}` : ''}`, { headers: { ...NAVIGATION, 'User-Agent': userAgent, 'X-Forwarded-For': ip } });
  return response.status;
}

async function forBuild(id = build.id) {
  await ctx.services.analytics.flushVisits();
  const response = await ctx.request('GET', `/api/admin/builds/${id}/analytics`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return buildAnalyticsSchema.strict().parse(response.body);
}

async function overview() {
  await ctx.services.analytics.flushVisits();
  const response = await ctx.request('GET', '/api/admin/analytics', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return analyticsOverviewSchema.strict().parse(response.body);
}

/** The build's personalised visits and its choices as `kind component asin: count`. */
async function chosen(id = build.id) {
  const analytics = await forBuild(id);
  return { personalized: analytics.personalized_views, choices: analytics.choices.map((c) => `${c.kind} ${c.component_id} ${c.asin}: ${c.count}`).sort() };
}

describe('a click on a swapped part', () => {
  const send = async (beacon: Record<string, unknown>, ip = '203.0.113.10') =>
    ctx.request('POST', CLICK_BEACON_PATH, { rawBody: JSON.stringify(beacon), headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME_UA, 'X-Forwarded-For': ip } });

  it("counts under the curated alternative's ASIN and name, a row of its own beside the original part's; uncurated ASINs are ignored", async () => {
    for (const beacon of [
      { build: build.slug, component_id: gpu, asin: GPU_ALT.asin }, // a member of the GPU group
      { build: build.slug, component_id: cpu, asin: CPU_ALT.asin }, // the CPU's own alternative
      { build: build.slug, component_id: cpu }, // the original CPU's link, by the same reader: another link
      { build: build.slug, component_id: cpu, asin: CPU_ALT.asin }, // the same link again within the minute
      { build: build.slug, component_id: cpu, asin: GPU_ALT.asin }, // a GPU's alternative is not the CPU's
      { build: build.slug, component_id: ram, asin: UNCURATED },
      { build: build.slug, component_id: ram, asin: 'B0BMQJWBDM' }, // another part of the build is no alternative
    ]) {
      expect((await send(beacon)).status, JSON.stringify(beacon)).toBe(204);
    }
    const bad = await send({ build: build.slug, component_id: cpu, asin: 'b0cpualt01' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message ?? bad.body.error).toMatch(/Evento non valido/);
    expect((await send({ build: build.slug, target: 'cart', asin: CPU_ALT.asin })).status).toBe(400);

    const rows = await ctx.database.db.selectFrom('component_daily_clicks').select(['component_id', 'product', 'name', 'clicks']).orderBy('product').execute();
    expect(rows.map((row) => ({ ...row, clicks: Number(row.clicks) }))).toEqual([
      { component_id: cpu, product: 'B0BMQJWBDM', name: 'AMD Ryzen 5 7600', clicks: 1 },
      { component_id: cpu, product: CPU_ALT.asin, name: CPU_ALT.name, clicks: 1 },
      { component_id: gpu, product: GPU_ALT.asin, name: GPU_ALT.name, clicks: 1 },
    ]);
    const analytics = await forBuild();
    expect(analytics.clicks).toBe(3);
    const { components } = await overview();
    expect(components).toEqual(
      expect.arrayContaining([
        { asin: CPU_ALT.asin, name: CPU_ALT.name, clicks: 1 },
        { asin: GPU_ALT.asin, name: GPU_ALT.name, clicks: 1 },
        { asin: 'B0BMQJWBDM', name: 'AMD Ryzen 5 7600', clicks: 1 },
      ]),
    );
    // Another reader's click on the same alternative adds to its row.
    expect((await send({ build: build.slug, component_id: gpu, asin: GPU_ALT.asin }, '203.0.113.11')).status).toBe(204);
    const gpuRow = await ctx.database.db.selectFrom('component_daily_clicks').select('clicks').where('product', '=', GPU_ALT.asin).executeTakeFirstOrThrow();
    expect(Number(gpuRow.clicks)).toBe(2);
  });
});

describe('choices of the build pages', () => {
  it('counts a swap and an owned part of a 200 page once per visitor and 30 minutes; another visitor counts again', async () => {
    const variant = `scegli=${gpu}:${GPU_ALT.asin}&possiedo=${ram}`;
    expect(await open('198.51.100.1', variant)).toBe(200);
    const expected = [`owned ${ram} B0C1234567: 1`, `swap ${gpu} ${GPU_ALT.asin}: 1`];
    expect(await chosen()).toEqual({ personalized: 1, choices: expected });
    expect((await forBuild()).views).toBe(1);

    // A reload (a cache hit), the same variant spelt otherwise, the plain page: nothing new.
    expect(await open('198.51.100.1', variant)).toBe(200);
    expect(await open('198.51.100.1', `possiedo=${ram}&scegli=${gpu}:${GPU_ALT.asin.toLowerCase()}&utm_source=x`)).toBe(200);
    expect(await open('198.51.100.1', '')).toBe(200);
    expect(await chosen()).toEqual({ personalized: 1, choices: expected });

    // The same reader adds a swap: that one counts, the personalised visit does not again.
    expect(await open('198.51.100.1', `${variant}&scegli=${cpu}:${CPU_ALT.asin}`)).toBe(200);
    expect(await chosen()).toEqual({ personalized: 1, choices: [`owned ${ram} B0C1234567: 1`, `swap ${cpu} ${CPU_ALT.asin}: 1`, `swap ${gpu} ${GPU_ALT.asin}: 1`] });

    // Another reader; a bot and a budget alone count nothing.
    expect(await open('198.51.100.2', variant)).toBe(200);
    expect(await open('198.51.100.3', variant, GOOGLEBOT_UA)).toBe(200);
    expect(await open('198.51.100.4', 'budget=900')).toBe(200);
    expect(await chosen()).toEqual({ personalized: 2, choices: [`owned ${ram} B0C1234567: 2`, `swap ${cpu} ${CPU_ALT.asin}: 1`, `swap ${gpu} ${GPU_ALT.asin}: 2`] });

    // 31 minutes on, the first reader is a new visitor again.
    ctx.clock.advance(31 * MINUTE);
    expect(await open('198.51.100.1', `scegli=${gpu}:${GPU_ALT.asin}`)).toBe(200);
    expect(await chosen()).toEqual({ personalized: 3, choices: [`owned ${ram} B0C1234567: 2`, `swap ${cpu} ${CPU_ALT.asin}: 1`, `swap ${gpu} ${GPU_ALT.asin}: 3`] });

    const rows = await ctx.database.db.selectFrom('build_daily_choices').selectAll().execute();
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set([romeDay(ctx.clock.now())]));
    const keys = await ctx.database.db.selectFrom('keyed_counters').select('key').where('key', 'like', 'visit:%').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^visit:[A-Za-z0-9_-]{43}$/); // hashes, never the address
  });

  it('counts nothing that is not a curated alternative or a part of the build, and no personalised visit without a valid choice', async () => {
    const other = await createBuild('Altra build');
    const invalid = [
      `scegli=${gpu}:${UNCURATED}`,
      `scegli=${cpu}:${GPU_ALT.asin}`, // curated for GPUs, not for this CPU
      `scegli=${gpu}:${UNPRICED.asin}`, // curated, but not offered without a price
      `scegli=${ram}:B0BMQJWBDM`,
      `possiedo=${other.components[0]!.id}`, // a part of another build
      'possiedo=999999',
      `scegli=${gpu}`, // malformed
    ];
    for (const [index, query] of invalid.entries()) expect(await open(`198.51.100.${20 + index}`, query), query).toBe(200);
    expect(await open('198.51.100.31', `scegli=${gpu}:${GPU_ALT.asin}`, CHROME_UA, 'non-esiste')).toBe(404);
    expect(await chosen()).toEqual({ personalized: 0, choices: [] });
    expect(await chosen(other.id)).toEqual({ personalized: 0, choices: [] });
    // A reader whose earlier variant was invalid still counts once a valid choice comes.
    expect(await open('198.51.100.20', `scegli=${gpu}:${UNCURATED}&possiedo=${cpu}`)).toBe(200);
    expect(await chosen()).toEqual({ personalized: 1, choices: [`owned ${cpu} B0BMQJWBDM: 1`] });
  });

  it('stores the typed choices the personalisation service accepts, one row each; the author’s own part chosen is no choice', async () => {
    const variant = `scegli=${gpu}:${GPU_ALT.asin}&scegli=${cpu}:B0BMQJWBDM&possiedo=${ram}&budget=5000`;
    // The page applies the author's own CPU (kept as it is) and the rest; only the swap and the owned part are the visitor's choices to count.
    expect(await open('198.51.100.40', variant)).toBe(200);
    await ctx.services.analytics.flushVisits();
    const accepted = await ctx.services.personalization.acceptedChoices(build.components, ctx.services.personalization.choicesIn(variant));
    expect([...accepted.values()]).toEqual([
      { kind: 'swap', componentId: gpu, asin: GPU_ALT.asin, name: GPU_ALT.name },
      { kind: 'owned', componentId: ram },
    ]);
    const rows = await ctx.database.db.selectFrom('build_daily_choices').select(['build_id', 'kind', 'component_id', 'product', 'name', 'count']).orderBy('kind').execute();
    expect(rows.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { build_id: build.id, kind: 'owned', component_id: ram, product: 'B0C1234567', name: 'Corsair Vengeance 32GB DDR5', count: 1 },
      { build_id: build.id, kind: 'swap', component_id: gpu, product: GPU_ALT.asin, name: GPU_ALT.name, count: 1 },
    ]);
  });

  it('adds up exactly under parallel requests, and across two instances', async () => {
    const variant = `scegli=${gpu}:${GPU_ALT.asin}`;
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, index) => open(`192.0.2.${index + 1}`, variant)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await chosen()).toEqual({ personalized: 24, choices: [`swap ${gpu} ${GPU_ALT.asin}: 24`] });

    // Two instances on one database note overlapping readers: each reader once. (Both writing at the same
    // time, on both databases: tests/personalization/personalization-processes.test.ts, with two processes; two SQLite
    // connections in one process cannot wait for each other's write lock.)
    const header = (name: string) => ({ 'user-agent': CHROME_UA, 'sec-fetch-dest': 'document' } as Record<string, string>)[name.toLowerCase()];
    const answer = (ip: string) => ({ method: 'GET', path: `/build/${build.slug}`, query: `possiedo=${ram}`, status: 200, clientAddress: ip, header });
    for (let index = 0; index < 30; index++) {
      if (index < 20) ctx.services.analytics.noteVisit(answer(`10.0.0.${index}`));
      if (index >= 10) second.services.analytics.noteVisit(answer(`10.0.0.${index}`));
    }
    await second.services.analytics.flushVisits();
    await ctx.services.analytics.flushVisits();
    expect(await chosen()).toEqual({ personalized: 54, choices: [`owned ${ram} B0C1234567: 30`, `swap ${gpu} ${GPU_ALT.asin}: 24`] });
  });
});

describe('the admin analytics', () => {
  it('lists a build’s most chosen first and the overview’s top choices with their build, deleted builds included', async () => {
    for (let index = 0; index < 3; index++) await open(`198.51.100.${50 + index}`, `scegli=${gpu}:${GPU_ALT.asin}`);
    await open('198.51.100.60', `possiedo=${ram}`);
    const analytics = await forBuild();
    expect(analytics.personalized_views).toBe(4);
    expect(analytics.choices).toEqual([
      { kind: 'swap', component_id: gpu, asin: GPU_ALT.asin, name: GPU_ALT.name, count: 3 },
      { kind: 'owned', component_id: ram, asin: 'B0C1234567', name: 'Corsair Vengeance 32GB DDR5', count: 1 },
    ]);

    const other = await createBuild('Seconda build');
    await open('198.51.100.70', `scegli=${other.components[0]!.id}:${CPU_ALT.asin}`, CHROME_UA, other.slug);
    const { builds, choices } = await overview();
    expect(builds.find((row) => row.id === build.id)?.personalized_views).toBe(4);
    expect(choices).toEqual([
      { kind: 'swap', component_id: gpu, asin: GPU_ALT.asin, name: GPU_ALT.name, count: 3, build_id: build.id, slug: build.slug, title: build.title, deleted: false, personalized_views: 4 },
      // Equal counts: by name.
      { kind: 'swap', component_id: other.components[0]!.id, asin: CPU_ALT.asin, name: CPU_ALT.name, count: 1, build_id: other.id, slug: other.slug, title: other.title, deleted: false, personalized_views: 1 },
      { kind: 'owned', component_id: ram, asin: 'B0C1234567', name: 'Corsair Vengeance 32GB DDR5', count: 1, build_id: build.id, slug: build.slug, title: build.title, deleted: false, personalized_views: 4 },
    ]);

    expect((await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token })).status).toBe(200);
    const after = await overview();
    expect(after.choices[0]).toEqual({ kind: 'swap', component_id: null, asin: GPU_ALT.asin, name: GPU_ALT.name, count: 3, build_id: build.id, slug: build.slug, title: build.title, deleted: true, personalized_views: 4 });
  });

  it('answers an empty list and zero personalised visits for a build nobody personalised', async () => {
    await open('198.51.100.80', '');
    const analytics = await forBuild();
    expect(analytics.views).toBe(1);
    expect(analytics.personalized_views).toBe(0);
    expect(analytics.choices).toEqual([]);
    expect((await overview()).choices).toEqual([]);
  });
});
