/**
 * Click analytics without cookies or personal data (decision 020): the public pages' beacon
 * (POST /api/events/click), what it counts and what it ignores, the one-minute de-duplication by a keyed
 * hash of the address (across two app instances on one database), exact counts under parallel beacons,
 * views per day counted with the build's total, and the admin's analytics over a window of days.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { addDays, romeDay } from '../../src/common/rome-day';
import { analyticsOverviewSchema, buildAnalyticsSchema } from '../../src/modules/analytics/analytics.schema';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { type AppInstance, createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const SECOND = 1_000;
const DAY = 86_400_000;

let ctx: TestContext;
let second: AppInstance;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  second = openSecondInstance(ctx);
  token = await ctx.login();
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

// Every test starts from an empty catalogue and no counts (which outlive their builds: decision 027).
beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await ctx.database.db.deleteFrom('keyed_counters').where((eb) => eb.or([eb('key', 'like', 'click:%'), eb('key', 'like', 'visit:%')])).execute();
  await ctx.database.db.deleteFrom('component_daily_clicks').execute();
  await ctx.database.db.deleteFrom('build_daily_stats').execute();
  await ctx.database.db.deleteFrom('deleted_builds').execute();
  await ctx.database.db.deleteFrom('builds').execute();
});

interface Beacon {
  build: string;
  component_id?: number;
  target?: 'cart';
}

interface SendOptions {
  ip?: string;
  userAgent?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
  via?: Pick<AppInstance, 'request'>;
}

/** A beacon as navigator.sendBeacon sends a string: text/plain, from a browser, from `ip`. */
/** The click de-duplication's rows among the keyed counters (modules/keyed-counters). */
const clickRows = () => ctx.database.db.selectFrom('keyed_counters').selectAll().where('key', 'like', 'click:%').execute();

function sendRaw(body: string, options: SendOptions = {}) {
  const { ip = '203.0.113.10', userAgent = CHROME_UA, contentType = 'text/plain;charset=UTF-8', via = ctx } = options;
  const headers: Record<string, string> = { 'X-Forwarded-For': ip, ...options.headers };
  if (contentType !== null) headers['Content-Type'] = contentType;
  // The test requester adds 'vitest' as the user agent unless told otherwise; '' stands for none at all.
  headers['User-Agent'] = userAgent ?? '';
  return via.request('POST', CLICK_BEACON_PATH, { rawBody: body, headers });
}

async function send(beacon: Beacon, options: SendOptions = {}) {
  const response = await sendRaw(JSON.stringify(beacon), options);
  expect(response.status, JSON.stringify(response.body)).toBe(204);
  expect(response.headers.get('set-cookie')).toBeNull();
  return response;
}

async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; title: string; components: { id: number; asin: string | null; name: string }[] };
}

async function overview(days?: number | string) {
  const response = await ctx.request('GET', `/api/admin/analytics${days === undefined ? '' : `?days=${days}`}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return analyticsOverviewSchema.parse(response.body);
}

async function forBuild(id: number, days?: number) {
  const response = await ctx.request('GET', `/api/admin/builds/${id}/analytics${days === undefined ? '' : `?days=${days}`}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return buildAnalyticsSchema.parse(response.body);
}

async function clicksOf(buildId: number) {
  const analytics = await forBuild(buildId);
  return { clicks: analytics.clicks, cart: analytics.cart_clicks, components: Object.fromEntries(analytics.components.map((c) => [c.id, c.clicks])) };
}

/**
 * A reader's visit of the build page as the page cache reports it to the visit counter, written at once
 * (this file has no pages: what a visit is, through the pages, is tests/analytics/visits.test.ts). Whether it
 * was noted: not for a bot, nor for a reader already noted within 30 minutes.
 */
async function visit(slug: string, ip: string, userAgent = CHROME_UA): Promise<boolean> {
  const headers: Record<string, string> = { 'user-agent': userAgent, 'sec-fetch-dest': 'document' };
  const noted = ctx.services.analytics.noteVisit({ method: 'GET', path: `/build/${slug}`, status: 200, clientAddress: ip, header: (name) => headers[name.toLowerCase()] });
  await ctx.services.analytics.flushVisits();
  return noted;
}

describe('POST /api/events/click', () => {
  it('counts a component link and the cart link per build, component and day, answering 204 without a cookie', async () => {
    const build = await createBuild();
    const [cpu, gpu] = build.components;
    await send({ build: build.slug, component_id: cpu!.id });
    await send({ build: build.slug, component_id: gpu!.id }, { contentType: 'application/json' });
    await send({ build: build.slug, target: 'cart' });

    expect(await clicksOf(build.id)).toEqual({ clicks: 3, cart: 1, components: { [cpu!.id]: 1, [gpu!.id]: 1, [build.components[2]!.id]: 0 } });
    const rows = await ctx.database.db.selectFrom('build_daily_stats').selectAll().execute();
    expect(rows.map(({ build_id, day, views, component_clicks, cart_clicks }) => ({ build_id, day, views, component_clicks, cart_clicks }))).toEqual([
      { build_id: build.id, day: romeDay(new Date()), views: 0, component_clicks: 2, cart_clicks: 1 },
    ]);
  });

  it('answers 400 in Italian to a body that is not a beacon, 413 over 1 KB, 415 to other media types; nothing counted', async () => {
    const build = await createBuild();
    const cpu = build.components[0]!.id;
    const junk: [string, RegExp][] = [
      ['', /non è un JSON valido/],
      ['{"build":', /non è un JSON valido/],
      ['null', /Evento non valido/],
      ['[]', /Evento non valido/],
      ['"click"', /Evento non valido/],
      [JSON.stringify({ build: build.slug }), /Evento non valido/],
      [JSON.stringify({ component_id: cpu }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: '1' }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: 1.5 }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: -1 }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: 2 ** 31 }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, target: 'checkout' }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: cpu, target: 'cart' }), /Evento non valido/],
      [JSON.stringify({ build: build.slug, component_id: cpu, ip: '1.2.3.4' }), /Evento non valido/],
      [JSON.stringify({ build: 'x'.repeat(121), target: 'cart' }), /Evento non valido/],
      [JSON.stringify({ build: 7, target: 'cart' }), /Evento non valido/],
    ];
    for (const [body, message] of junk) {
      const response = await sendRaw(body);
      expect(response.status, body).toBe(400);
      expect(response.body.error.message, body).toMatch(message);
    }
    const large = await sendRaw(JSON.stringify({ build: build.slug, target: 'cart', padding: 'x'.repeat(2000) }));
    expect(large.status).toBe(413);
    expect(large.body.error.message).toBe("L'evento è troppo grande (massimo 1 KB)");
    const form = await sendRaw(`build=${build.slug}&target=cart`, { contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.error.message).toMatch(/text\/plain o application\/json/);
    // No type at all is what some clients send: read as JSON.
    await send({ build: build.slug, target: 'cart' }, { contentType: null });

    expect(await clicksOf(build.id)).toMatchObject({ clicks: 1, cart: 1 });
  });

  it('ignores known bots, unknown or unpublished builds, unknown or foreign components, and beacons from other sites, with 204', async () => {
    const build = await createBuild();
    const other = await createBuild({ title: 'Altra build' });
    const draft = await createBuild({ title: 'Bozza', status: 'draft' });
    const unlinked = await createBuild({ title: 'Senza link', components: [{ type: 'CPU', name: 'Senza link', price: 100, amazon_link: '' }] });
    const cpu = build.components[0]!.id;

    await send({ build: build.slug, component_id: cpu }, { userAgent: GOOGLEBOT_UA });
    await send({ build: build.slug, component_id: cpu }, { userAgent: HEADLESS_UA });
    await send({ build: build.slug, component_id: cpu }, { userAgent: null });
    await send({ build: 'non-esiste', component_id: cpu });
    await send({ build: 'non-esiste', target: 'cart' });
    await send({ build: draft.slug, component_id: draft.components[0]!.id });
    await send({ build: draft.slug, target: 'cart' });
    await send({ build: build.slug, component_id: 999_999 });
    await send({ build: build.slug, component_id: other.components[0]!.id });
    await send({ build: unlinked.slug, component_id: unlinked.components[0]!.id });
    await send({ build: build.slug, component_id: cpu }, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    await send({ build: build.slug, target: 'cart' }, { headers: { 'Sec-Fetch-Site': 'same-site' } });

    expect(await ctx.database.db.selectFrom('build_daily_stats').selectAll().execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('component_daily_clicks').selectAll().execute()).toEqual([]);

    // The same beacon from our own page (as a browser labels it) counts.
    await send({ build: build.slug, component_id: cpu }, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(await clicksOf(build.id)).toMatchObject({ clicks: 1, cart: 0 });
  });
});

describe('one click per address and link a minute', () => {
  it('counts a repeat once within the minute, again after it; other links and addresses count on their own', async () => {
    const build = await createBuild();
    const [cpu, gpu] = build.components;
    const click = (component: number, ip = '203.0.113.20') => send({ build: build.slug, component_id: component }, { ip });

    await click(cpu!.id);
    ctx.clock.advance(30 * SECOND);
    await click(cpu!.id); // repeat within the minute: not counted
    await click(gpu!.id); // another link: counted
    await click(cpu!.id, '203.0.113.21'); // another address: counted
    await send({ build: build.slug, target: 'cart' }, { ip: '203.0.113.20' });
    await send({ build: build.slug, target: 'cart' }, { ip: '203.0.113.20' });
    expect(await clicksOf(build.id)).toMatchObject({ clicks: 4, cart: 1, components: { [cpu!.id]: 2, [gpu!.id]: 1 } });

    // The window runs from the last counted click: 30 s after the repeat, 60 s after the first, it counts again.
    ctx.clock.advance(30 * SECOND + 1);
    await click(cpu!.id);
    expect(await clicksOf(build.id)).toMatchObject({ clicks: 5, components: { [cpu!.id]: 3 } });
    await click(cpu!.id);
    expect(await clicksOf(build.id)).toMatchObject({ clicks: 5 });
  });

  it('holds across two app instances on one database, and stores no address in clear', async () => {
    const build = await createBuild();
    const cpu = build.components[0]!.id;
    const ip = '198.51.100.203';
    await send({ build: build.slug, component_id: cpu }, { ip, via: ctx });
    await send({ build: build.slug, component_id: cpu }, { ip, via: second });
    await Promise.all([ctx, second, ctx, second].map((via) => send({ build: build.slug, target: 'cart' }, { ip, via })));
    expect(await clicksOf(build.id)).toMatchObject({ clicks: 2, cart: 1 });

    const hashes = await clickRows();
    expect(hashes).toHaveLength(2);
    for (const row of hashes) {
      expect(row.key).toMatch(/^click:[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(row)).not.toContain(ip);
    }
    // One key of the day, shared by both instances.
    expect(await ctx.database.db.selectFrom('click_dedupe_keys').select('day').execute()).toEqual([{ day: romeDay(ctx.clock.now()) }]);
  });

  it('expired hashes and past days keys are deleted (by the housekeeping too)', async () => {
    const build = await createBuild();
    const keyDays = async () => (await ctx.database.db.selectFrom('click_dedupe_keys').select('day').orderBy('day').execute()).map((row) => row.day);
    await send({ build: build.slug, target: 'cart' });
    expect(await clickRows()).toHaveLength(1);
    ctx.clock.advance(61 * SECOND);
    const purged = await ctx.services.housekeeping.run();
    expect(purged?.clickRows).toBeGreaterThanOrEqual(1);
    expect(await clickRows()).toEqual([]);
    expect(await keyDays()).toEqual([romeDay(ctx.clock.now())]);

    // The next day has a new key; once the day's first click is past its minute, nothing of yesterday is left.
    const yesterday = romeDay(ctx.clock.now());
    ctx.clock.advance(DAY);
    await send({ build: build.slug, target: 'cart' });
    expect(await keyDays()).toContain(romeDay(ctx.clock.now()));
    ctx.clock.advance(61 * SECOND);
    await ctx.services.analytics.purgeExpired();
    expect(await keyDays()).toEqual([romeDay(ctx.clock.now())]);
    expect(await keyDays()).not.toContain(yesterday);
    expect(await clickRows()).toEqual([]);
  });
});

describe('parallel beacons', () => {
  it('50 concurrent distinct clicks over two instances count exactly 50', async () => {
    const build = await createBuild();
    const links: Beacon[] = [...build.components.map((c) => ({ build: build.slug, component_id: c.id })), { build: build.slug, target: 'cart' }];
    const beacons = Array.from({ length: 50 }, (_, i) => ({ beacon: links[i % links.length]!, ip: `192.0.2.${i + 1}`, via: i % 2 === 0 ? ctx : second }));
    await Promise.all(beacons.map(({ beacon, ip, via }) => send(beacon, { ip, via })));

    const analytics = await forBuild(build.id);
    expect(analytics.clicks).toBe(50);
    expect(analytics.cart_clicks).toBe(beacons.filter((b) => b.beacon.target === 'cart').length);
    for (const component of build.components) {
      expect(analytics.components.find((c) => c.id === component.id)?.clicks).toBe(beacons.filter((b) => b.beacon.component_id === component.id).length);
    }
    expect(analytics.days.at(-1)).toEqual({ day: romeDay(ctx.clock.now()), views: 0, clicks: 50 });
  });
});

describe('two processes on one database', () => {
  it('50 links clicked twice each, both copies at once on two processes: exactly 50 counted', async () => {
    const components = Array.from({ length: 49 }, (_, i) => ({
      type: 'Storage',
      name: `Disco ${i + 1}`,
      price: 50 + i,
      amazon_link: `https://www.amazon.it/dp/B0DISK${String(i).padStart(4, '0')}`,
    }));
    const build = await createBuild({ title: 'Build con molti link', components });
    const links: Beacon[] = [...build.components.map((c) => ({ build: build.slug, component_id: c.id })), { build: build.slug, target: 'cart' }];
    expect(links).toHaveLength(50);
    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      // Each process sees the client at 127.0.0.1 (no trusted proxy): one address, 50 links, each sent to both.
      const statuses = await Promise.all(
        links.flatMap((beacon) =>
          servers.urls.map(async (url) => {
            const response = await fetch(`${url}${CLICK_BEACON_PATH}`, {
              method: 'POST',
              headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME_UA },
              body: JSON.stringify(beacon),
            });
            return response.status;
          }),
        ),
      );
      expect(statuses.filter((status) => status !== 204)).toEqual([]);
    } finally {
      await servers.stop();
    }
    const analytics = await forBuild(build.id);
    expect(analytics).toMatchObject({ clicks: 50, cart_clicks: 1 });
    expect(analytics.components.every((component) => component.clicks === 1)).toBe(true);
  });
});

describe('views per day', () => {
  it('are counted with the build total, by the same rules (bots and repeats within 30 minutes left out)', async () => {
    const build = await createBuild();
    expect(await visit(build.slug, '203.0.113.30')).toBe(true);
    expect(await visit(build.slug, '203.0.113.30')).toBe(false); // the same reader again: not a new view
    expect(await visit(build.slug, '203.0.113.31')).toBe(true);
    expect(await visit(build.slug, '203.0.113.32', GOOGLEBOT_UA)).toBe(false);
    await send({ build: build.slug, component_id: build.components[0]!.id });

    const admin = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
    expect(admin.body.build.views).toBe(2);
    const analytics = await forBuild(build.id);
    expect(analytics).toMatchObject({ views: 2, clicks: 1, cart_clicks: 0, click_rate: 0.5 });
    expect(analytics.days.at(-1)).toEqual({ day: romeDay(ctx.clock.now()), views: 2, clicks: 1 });
  });
});

describe('GET /api/admin/analytics and /api/admin/builds/{id}/analytics', () => {
  it('sum the window of Europe/Rome days that ends today: every build by clicks, the most clicked products', async () => {
    // 23:30 UTC on 15 January is 00:30 on the 16th in Rome.
    ctx.clock.offsetMs = Date.parse('2026-01-15T23:30:00Z') - Date.now();
    const a = await createBuild({ title: 'Build A' });
    const b = await createBuild({ title: 'Build B', components: [{ type: 'CPU', name: 'AMD Ryzen 5 7600 (B)', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' }] });
    const quiet = await createBuild({ title: 'Senza clic' });
    const draft = await createBuild({ title: 'Bozza', status: 'draft' });
    const [aCpu, aGpu] = a.components;
    const bCpu = b.components[0]!;

    // 40 days ago: outside a 30-day window, inside a 60-day one.
    ctx.clock.advance(-40 * DAY);
    await send({ build: a.slug, component_id: aGpu!.id }, { ip: '192.0.2.99' });
    ctx.clock.advance(40 * DAY);

    await visit(a.slug, '192.0.2.1');
    await visit(a.slug, '192.0.2.2');
    await visit(a.slug, '192.0.2.3');
    await visit(a.slug, '192.0.2.4');
    await visit(b.slug, '192.0.2.1');
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await send({ build: a.slug, component_id: aCpu!.id }, { ip });
    await send({ build: a.slug, target: 'cart' }, { ip: '192.0.2.1' });
    for (const ip of ['192.0.2.1', '192.0.2.2']) await send({ build: b.slug, component_id: bCpu.id }, { ip });

    const month = await overview();
    expect(month).toMatchObject({ from: '2025-12-18', to: '2026-01-16' });
    expect(month.builds).toEqual([
      { id: a.id, slug: a.slug, title: 'Build A', views: 4, clicks: 4, cart_clicks: 1, click_rate: 1, personalized_views: 0, deleted: false },
      { id: b.id, slug: b.slug, title: 'Build B', views: 1, clicks: 2, cart_clicks: 0, click_rate: 2, personalized_views: 0, deleted: false },
      { id: quiet.id, slug: quiet.slug, title: 'Senza clic', views: 0, clicks: 0, cart_clicks: 0, click_rate: 0, personalized_views: 0, deleted: false },
    ]);
    expect(month.builds.map((row) => row.id)).not.toContain(draft.id);
    // The same ASIN in two builds is one product.
    expect(month.components).toEqual([{ asin: 'B0BMQJWBDM', name: 'AMD Ryzen 5 7600', clicks: 5 }]);

    const twoMonths = await overview(60);
    expect(twoMonths.builds[0]).toMatchObject({ id: a.id, clicks: 5 });
    expect(twoMonths.components).toEqual([
      { asin: 'B0BMQJWBDM', name: 'AMD Ryzen 5 7600', clicks: 5 },
      { asin: 'B0F1XYZ123', name: 'NVIDIA RTX 5060 Ti', clicks: 1 },
    ]);
    expect((await overview(1)).builds[0]).toMatchObject({ id: a.id, clicks: 4, views: 4 });

    const week = await forBuild(a.id, 7);
    expect(week).toMatchObject({ from: '2026-01-10', to: '2026-01-16', views: 4, clicks: 4, cart_clicks: 1, click_rate: 1 });
    expect(week.days).toEqual([
      ...['2026-01-10', '2026-01-11', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15'].map((day) => ({ day, views: 0, clicks: 0 })),
      { day: '2026-01-16', views: 4, clicks: 4 },
    ]);
    expect(week.components).toEqual([
      { id: aCpu!.id, asin: 'B0BMQJWBDM', name: 'AMD Ryzen 5 7600', clicks: 3 },
      { id: aGpu!.id, asin: 'B0F1XYZ123', name: 'NVIDIA RTX 5060 Ti', clicks: 0 },
      { id: a.components[2]!.id, asin: 'B0C1234567', name: 'Corsair Vengeance 32GB DDR5', clicks: 0 },
    ]);
    expect((await forBuild(a.id)).days).toHaveLength(30);
    expect((await forBuild(a.id, 60)).days.find((day) => day.day === addDays('2026-01-16', -40))).toEqual({ day: '2025-12-07', views: 0, clicks: 1 });
    expect(await forBuild(draft.id)).toMatchObject({ views: 0, clicks: 0, click_rate: 0 });
  });

  it('refuse a window outside 1..365 days (400), an unknown build (404) and a missing session (401)', async () => {
    const build = await createBuild();
    for (const days of ['0', '366', '-1', 'abc', '1.5', '1e2', '']) {
      for (const path of ['/api/admin/analytics', `/api/admin/builds/${build.id}/analytics`]) {
        const response = await ctx.request('GET', `${path}?days=${days}`, { token });
        expect(response.status, `${path}?days=${days}`).toBe(400);
        expect(response.body.error.message).toBe('Il periodo deve essere un numero intero di giorni tra 1 e 365');
      }
    }
    expect((await overview(365)).from).toBe(addDays(romeDay(ctx.clock.now()), -364));
    const missing = await ctx.request('GET', '/api/admin/builds/999999/analytics', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Build non trovata');
    expect((await ctx.request('GET', '/api/admin/builds/abc/analytics', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/api/admin/analytics')).status).toBe(401);
    expect((await ctx.request('GET', `/api/admin/builds/${build.id}/analytics`)).status).toBe(401);
  });

  it("a removed component's clicks stay with its product, a deleted build's counts under its title (decision 027)", async () => {
    const build = await createBuild();
    await send({ build: build.slug, component_id: build.components[0]!.id });
    const { components: _components, ...rest } = (await ctx.request('GET', `/api/admin/builds/${build.id}`, { token })).body.build;
    const kept = (await ctx.request('GET', `/api/admin/builds/${build.id}`, { token })).body.build.components.slice(1);
    const saved = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: { ...rest, components: kept } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The component is gone, not its click: the build's day keeps it, and so does the product's count.
    expect(await forBuild(build.id)).toMatchObject({ clicks: 1, components: kept.map((c: { id: number }) => ({ id: c.id, clicks: 0 })) });
    expect((await overview()).components).toEqual([{ asin: build.components[0]!.asin, name: build.components[0]!.name, clicks: 1 }]);

    expect((await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token })).status).toBe(200);
    const after = await overview();
    expect(after.builds).toEqual([{ id: build.id, slug: build.slug, title: build.title, views: 0, clicks: 1, cart_clicks: 0, click_rate: 0, personalized_views: 0, deleted: true }]);
    expect(after.components).toEqual([{ asin: build.components[0]!.asin, name: build.components[0]!.name, clicks: 1 }]);
    expect((await ctx.request('GET', `/api/admin/builds/${build.id}/analytics`, { token })).status).toBe(404);
  });
});
