/**
 * What counts as a visit of a build page (decision 025), on SQLite and PostgreSQL, through the real pages
 * behind the page cache: a navigation (Sec-Fetch-Dest: document, or no Fetch Metadata at all), cached or
 * rendered, or revalidated (304), once per address key (IPv6: per /64) and 30 minutes whatever the User-Agent; never another
 * site's image or frame, the JSON API, a data request, a bot or a prefetch. Visits are written in batches
 * (flushVisits here; every 5 s and at shutdown in production), one total and one day per build.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, romeDay } from '../../src/common/rome-day';
import { romeOffsetMs } from '../../src/common/rome-time';
import { createServices } from '../../src/modules/services';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

/** What a browser sends when the reader opens the page by typing or from a bookmark. */
const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-User': '?1' };
/** A link followed from another site (a search result, a shared link). */
const NAVIGATION_FROM_ANOTHER_SITE = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-User': '?1' };
/** `<img src="https://site/build/x">` on another site. */
const CROSS_SITE_IMAGE = { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'cross-site' };
/** `<iframe src="https://site/build/x">` on another site. */
const CROSS_SITE_FRAME = { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'cross-site' };
/** `fetch('https://site/build/x', { mode: 'no-cors' })` from another site. */
const CROSS_SITE_FETCH = { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'cross-site' };

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

let build: { id: number; slug: string };
/**
 * Tests move the clock up to 31 minutes ahead and compare the total with today's count: a test that starts in
 * Rome's last 45 minutes of the day starts just after midnight instead, so a day boundary never falls inside it.
 */
/** The visit counter's rows among the keyed counters (modules/keyed-counters). */
const visitRows = () => ctx.database.db.selectFrom('keyed_counters').selectAll().where('key', 'like', 'visit:%').execute();

function offsetAwayFromMidnight(): number {
  const now = Date.now();
  const untilMidnight = Date.parse(`${addDays(romeDay(new Date(now)), 1)}T00:00:00Z`) - romeOffsetMs(new Date(now)) - now;
  return untilMidnight < 45 * MINUTE ? untilMidnight + 5 * MINUTE : 0;
}

beforeEach(async () => {
  ctx.clock.offsetMs = offsetAwayFromMidnight();
  await ctx.services.analytics.flushVisits();
  await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'visit:%').execute();
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Build visitata' }) });
  expect(response.status).toBe(201);
  build = response.body.build;
});

/** Requests the build page as `ip` with `headers` (a browser navigating unless they say otherwise). */
async function open(ip: string, headers: Record<string, string> = NAVIGATION, userAgent: string | null = CHROME_UA, slug = build.slug) {
  const response = await ctx.request('GET', `/build/${slug}`, { headers: { ...headers, 'User-Agent': userAgent ?? '', 'X-Forwarded-For': ip } });
  return response;
}

/** The build's stored total and today's count, once the visits noted so far are written. */
async function counted(id = build.id) {
  await ctx.services.analytics.flushVisits();
  return stored(id);
}

/** Both counts by ONE statement (one snapshot): a flush writes them in one transaction, which two reads could straddle. */
async function stored(id = build.id) {
  const today = romeDay(ctx.clock.now());
  const row = await ctx.database.db
    .selectFrom('builds')
    .select((eb) => [
      'builds.views',
      eb.selectFrom('build_daily_stats').select('build_daily_stats.views').whereRef('build_daily_stats.build_id', '=', 'builds.id').where('build_daily_stats.day', '=', today).as('day_views'),
    ])
    .where('builds.id', '=', id)
    .executeTakeFirstOrThrow();
  expect(Number(row.day_views ?? 0), "the day's views add up to the total").toBe(Number(row.views));
  return Number(row.views);
}

describe('what is a visit', () => {
  it('counts a navigation, one from another site, and a request without any Fetch Metadata; the cached page as the rendered one', async () => {
    const first = await open('203.0.113.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(await counted()).toBe(1);
    const second = await open('203.0.113.2', NAVIGATION_FROM_ANOTHER_SITE);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await counted()).toBe(2);
    await open('203.0.113.3', {}); // an older browser: no Sec-Fetch-* at all
    expect(await counted()).toBe(3);
  });

  it('counts a browser revalidating its copy (304) like the page sent again', async () => {
    const first = await open('203.0.113.4');
    const etag = first.headers.get('etag')!;
    expect(await counted()).toBe(1);
    const revalidated = await open('203.0.113.5', { ...NAVIGATION, 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(await counted()).toBe(2);
  });

  it("does not count another site's image, frame or fetch of the page, nor Fetch Metadata without a destination; the reader's own visit then still counts", async () => {
    const subresources: Record<string, string>[] = [CROSS_SITE_IMAGE, CROSS_SITE_FRAME, CROSS_SITE_FETCH, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Mode': 'no-cors' }];
    for (const headers of subresources) {
      const response = await open('203.0.113.10', headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
    expect(await counted()).toBe(0);
    await open('203.0.113.10');
    expect(await counted()).toBe(1);
  });

  it('does not count the JSON API, the data request, HEAD, a page that is not a published build, bots, tools or prefetches', async () => {
    const browser = { ...NAVIGATION, 'User-Agent': CHROME_UA, 'X-Forwarded-For': '203.0.113.20' };
    expect((await ctx.request('GET', `/api/builds/${build.slug}`, { headers: browser })).status).toBe(200);
    await ctx.request('GET', `/build/${build.slug}.data`, { headers: browser });
    expect((await ctx.request('HEAD', `/build/${build.slug}`, { headers: browser })).status).toBe(200);
    expect((await ctx.request('GET', '/build/non-esiste', { headers: browser })).status).toBe(404);
    const draft = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Bozza', status: 'draft' }) });
    expect((await open('203.0.113.20', NAVIGATION, CHROME_UA, draft.body.build.slug)).status).toBe(404);
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      null,
    ];
    for (const [index, userAgent] of agents.entries()) await open(`203.0.113.${30 + index}`, NAVIGATION, userAgent);
    await open('203.0.113.40', { ...NAVIGATION, 'Sec-Purpose': 'prefetch' });
    await open('203.0.113.41', { ...NAVIGATION, 'Sec-Purpose': 'prefetch;prerender' });
    await open('203.0.113.42', { ...NAVIGATION, Purpose: 'prefetch' });
    expect(await counted()).toBe(0);
    expect(await counted(draft.body.build.id)).toBe(0);
    // None of these took the place of the visits that follow.
    await open('203.0.113.20');
    await open('203.0.113.40');
    expect(await counted()).toBe(2);
  });
});

describe('once per visitor and 30 minutes', () => {
  it('counts an address once whatever its User-Agent, and again after 30 minutes', async () => {
    await open('198.51.100.5', NAVIGATION, CHROME_UA);
    await open('198.51.100.5', NAVIGATION, FIREFOX_UA);
    await open('198.51.100.5', {}, SAFARI_UA);
    await open('198.51.100.5', NAVIGATION, `${CHROME_UA} variante/1`);
    expect(await counted()).toBe(1);
    ctx.clock.advance(29 * MINUTE);
    await open('198.51.100.5', NAVIGATION, FIREFOX_UA);
    expect(await counted()).toBe(1);
    ctx.clock.advance(2 * MINUTE);
    await open('198.51.100.5', NAVIGATION, SAFARI_UA);
    expect(await counted()).toBe(2);
  });

  it('counts two addresses of one IPv6 /64 once, two /64s twice, and an IPv4-mapped address as its IPv4 one', async () => {
    await open('2001:db8:aa:1::1');
    await open('2001:db8:aa:1:ffff:ffff:ffff:fffe', NAVIGATION, FIREFOX_UA);
    await open('2001:0db8:00aa:0001:1234::5');
    expect(await counted()).toBe(1);
    await open('2001:db8:aa:2::1');
    expect(await counted()).toBe(2);
    await open('192.0.2.77');
    await open('::ffff:192.0.2.77');
    expect(await counted()).toBe(3);
  });

  it('counts a visitor once per build: the same reader on another build is another visit', async () => {
    const other = (await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Altra build' }) })).body.build;
    await open('198.51.100.9');
    await open('198.51.100.9', NAVIGATION, CHROME_UA, other.slug);
    expect(await counted()).toBe(1);
    expect(await counted(other.id)).toBe(1);
  });

  it('holds across processes: a visitor whose row another process wrote is not counted again, one whose row expired is', async () => {
    await open('198.51.100.12');
    expect(await counted()).toBe(1);
    // What another process or instance finds: the row, not this process's memory. A second service on the
    // same database, with its own memory, sees the same visitor.
    const other = createServices({ db: ctx.database.db, config: ctx.config, clock: ctx.clock, scryptCost: ctx.scryptCost });
    const answer = { method: 'GET', path: `/build/${build.slug}`, status: 200, clientAddress: '198.51.100.12', header: (name: string) => ({ 'user-agent': FIREFOX_UA } as Record<string, string>)[name.toLowerCase()] };
    expect(other.analytics.noteVisit(answer)).toBe(true); // new to that process…
    await other.analytics.flushVisits();
    expect(await stored()).toBe(1); // …but not to the database
    ctx.clock.advance(31 * MINUTE);
    expect(other.analytics.noteVisit(answer)).toBe(true);
    await other.analytics.flushVisits();
    expect(await stored()).toBe(2);
  });
});

describe('writes', () => {
  it('writes nothing per request: 40 readers are one total and one day at the next write, and no address is stored', async () => {
    for (let index = 0; index < 40; index++) await open(`203.0.113.${100 + index}`, index % 2 ? NAVIGATION : {}, index % 3 ? CHROME_UA : FIREFOX_UA);
    expect(await stored()).toBe(0);
    expect(await counted()).toBe(40);
    const rows = await visitRows();
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(row.key).toMatch(/^visit:[A-Za-z0-9_-]{43}$/); // an HMAC-SHA256, base64url
      expect(row.window_started_at).toBe(new Date(Date.parse(row.window_started_at)).toISOString());
      expect(Number(row.count)).toBe(1);
    }
    const daily = await ctx.database.db.selectFrom('build_daily_stats').select(['views']).where('build_id', '=', build.id).execute();
    expect(daily).toEqual([{ views: 40 }]);
  });

  it('keeps at most 50,000 new readers waiting for a write: a flood past that is not counted until the write, then readers count again', async () => {
    const header = (name: string) => ({ 'user-agent': CHROME_UA, 'sec-fetch-dest': 'document' } as Record<string, string>)[name.toLowerCase()];
    const answer = (n: number) => ({ method: 'GET', path: `/build/${build.slug}`, status: 200, clientAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, header });
    let noted = 0;
    for (let n = 1; n <= 50_010; n++) if (ctx.services.analytics.noteVisit(answer(n))) noted++;
    expect(noted).toBe(50_000);
    expect(await counted()).toBe(50_000);
    expect(ctx.services.analytics.noteVisit(answer(50_005))).toBe(true);
    expect(await counted()).toBe(50_001);
  }, 120_000);

  it('deletes the visitor rows once their 30 minutes are over (housekeeping)', async () => {
    await open('203.0.113.200');
    await open('203.0.113.201');
    expect(await counted()).toBe(2);
    expect(await visitRows()).toHaveLength(2);
    ctx.clock.advance(29 * MINUTE);
    await ctx.services.analytics.purgeExpired();
    expect(await visitRows()).toHaveLength(2);
    ctx.clock.advance(2 * MINUTE);
    await ctx.services.analytics.purgeExpired();
    expect(await visitRows()).toEqual([]);
  });

  it('counts nothing for a build unpublished before the write', async () => {
    await open('203.0.113.210');
    await ctx.database.db.updateTable('builds').set({ status: 'draft' }).where('id', '=', build.id).execute();
    expect(await counted()).toBe(0);
  });
});
