/**
 * Scheduled publishing on SQLite and PostgreSQL: the 400 for a publish_at that is not
 * in the future; a scheduled build invisible on every public surface (API list and detail, price history,
 * build page, home page, sitemap, views, click beacons, analytics, budget drift) until its publish_at and
 * visible on all of them right after it, through the page cache, without anyone acting (real short
 * delays, not a moved clock: the cache's timer is what is tested); and the job that stores the status,
 * run by two instances at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { adminBuildListResponseSchema, buildStatsResponseSchema } from '../../src/modules/builds/builds.schema';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const IN_FUTURE = 'La data di pubblicazione deve essere nel futuro';

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
  ctx.clock.offsetMs = 0;
  await ctx.database.db.deleteFrom('build_daily_stats').execute();
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange();
});

const isoIn = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createBuild(overrides: Record<string, unknown>) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; title: string; status: string; publish_at: string | null; published_at: string | null; components: { id: number }[] };
}

async function page(path: string) {
  const response = await ctx.app.request(path, { headers: BROWSER });
  return { status: response.status, html: await response.text(), cache: response.headers.get('X-Cache') };
}

function sendClick(slug: string, componentId: number) {
  return ctx.request('POST', CLICK_BEACON_PATH, {
    rawBody: JSON.stringify({ build: slug, component_id: componentId }),
    headers: { ...BROWSER, 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 200) + 1}` },
  });
}

async function countedClicks(buildId: number): Promise<number> {
  const rows = await ctx.database.db.selectFrom('build_daily_stats').select('component_clicks').where('build_id', '=', buildId).execute();
  return rows.reduce((sum, row) => sum + Number(row.component_clicks), 0);
}

async function viewsOf(buildId: number): Promise<number> {
  const row = await ctx.database.db.selectFrom('builds').select('views').where('id', '=', buildId).executeTakeFirstOrThrow();
  return Number(row.views);
}

/** What each public surface shows of the build: true where it is visible. */
async function surfaces(build: { id: number; slug: string; title: string; components: { id: number }[] }) {
  const list = await ctx.request('GET', '/api/builds');
  const detail = await ctx.request('GET', `/api/builds/${build.slug}`);
  const history = await ctx.request('GET', `/api/builds/${build.slug}/price-history`);
  const buildPage = await page(`/build/${build.slug}`);
  const home = await page('/');
  const sitemap = await page('/sitemap.xml');
  const drift = await ctx.request('GET', '/api/admin/builds/drift', { token });
  const analytics = await ctx.request('GET', '/api/admin/analytics?days=30', { token });
  const clicksBefore = await countedClicks(build.id);
  expect((await sendClick(build.slug, build.components[0]!.id)).status).toBe(204);
  return {
    list: list.body.builds.some((b: { slug: string }) => b.slug === build.slug),
    detail: detail.status === 200,
    history: history.status === 200,
    page: buildPage.status === 200,
    home: home.html.includes(build.title),
    sitemap: sitemap.html.includes(`/build/${build.slug}<`),
    drift: drift.body.builds.some((b: { id: number }) => b.id === build.id),
    analytics: analytics.body.builds.some((b: { id: number }) => b.id === build.id),
    click: (await countedClicks(build.id)) > clicksBefore,
  };
}

const ALL_HIDDEN = { list: false, detail: false, history: false, page: false, home: false, sitemap: false, drift: false, analytics: false, click: false };
const ALL_SHOWN = { list: true, detail: true, history: true, page: true, home: true, sitemap: true, drift: true, analytics: true, click: true };

describe('saving a scheduled build', () => {
  it('answers 400 without a publish_at, with one in the past or now, and with one that is not a date', async () => {
    for (const publish_at of [undefined, null, '', isoIn(-60_000), isoIn(0)]) {
      const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ status: 'scheduled', publish_at }) });
      expect(response.status, String(publish_at)).toBe(400);
      expect(response.body.error.message).toBe(IN_FUTURE);
    }
    for (const publish_at of ['domani', '2026-13-01T10:00:00Z', '2030-01-01T10:00:00', 42]) {
      const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ status: 'scheduled', publish_at }) });
      expect(response.status, String(publish_at)).toBe(400);
    }
    const created = await createBuild({ status: 'draft' });
    const put = await ctx.request('PUT', `/api/admin/builds/${created.id}`, { token, body: sampleBuild({ status: 'scheduled', publish_at: isoIn(-1000) }) });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toBe(IN_FUTURE);
    expect((await ctx.request('GET', `/api/admin/builds/${created.id}`, { token })).body.build.status).toBe('draft');
  });

  it('stores publish_at in UTC for a scheduled build and clears it for the other statuses', async () => {
    const at = new Date(ctx.clock.now().getTime() + 86_400_000);
    at.setUTCMilliseconds(0);
    // Written with an offset (the editor sends Europe/Rome's): stored and returned as UTC.
    const withOffset = `${at.toISOString().slice(0, 19)}+02:00`;
    const scheduled = await createBuild({ status: 'scheduled', publish_at: withOffset });
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.publish_at).toBe(new Date(withOffset).toISOString());
    expect(scheduled.published_at).toBeNull();

    const list = adminBuildListResponseSchema.parse((await ctx.request('GET', '/api/admin/builds', { token })).body);
    expect(list.builds[0]).toMatchObject({ status: 'scheduled', publish_at: scheduled.publish_at });
    const stats = buildStatsResponseSchema.parse((await ctx.request('GET', '/api/admin/stats', { token })).body).stats;
    expect(stats).toMatchObject({ total: 1, published: 0, drafts: 0, scheduled: 1 });

    const draft = await ctx.request('PUT', `/api/admin/builds/${scheduled.id}`, { token, body: sampleBuild({ status: 'draft', publish_at: withOffset }) });
    expect(draft.body.build).toMatchObject({ status: 'draft', publish_at: null });
    const published = await createBuild({ status: 'published', publish_at: isoIn(86_400_000) });
    expect(published.publish_at).toBeNull();
    expect(published.published_at).not.toBeNull();
  });
});

describe('visibility', () => {
  it('a scheduled build is hidden on every public surface until publish_at, then shown on all of them', async () => {
    // Far from its budget, so that budget drift lists it once it is public.
    const build = await createBuild({ status: 'scheduled', publish_at: isoIn(4000), budget: 100, title: 'Build programmata visibile' });
    const publishAt = Date.parse(build.publish_at!);
    expect(await surfaces(build)).toEqual(ALL_HIDDEN);
    await page(`/build/${build.slug}`);
    await ctx.services.analytics.flushVisits(); // visits are written in batches (decision 025)
    expect(await viewsOf(build.id)).toBe(0);
    expect(ctx.clock.now().getTime()).toBeLessThan(publishAt); // the checks above all ran before publish_at

    await sleep(publishAt - ctx.clock.now().getTime() + 20);
    // The stored status is still 'scheduled' (no job has run): the public queries alone make it public.
    expect((await ctx.database.db.selectFrom('builds').select('status').where('id', '=', build.id).executeTakeFirstOrThrow()).status).toBe('scheduled');
    expect(await surfaces(build)).toEqual(ALL_SHOWN);
    const detail = await ctx.request('GET', `/api/builds/${build.slug}`);
    expect(detail.body.build.published_at).toBe(build.publish_at);
    await page(`/build/${build.slug}`);
    await ctx.services.analytics.flushVisits();
    expect(await viewsOf(build.id)).toBeGreaterThan(0);
  });

  it('the cached home page shows the build within a second of publish_at', async () => {
    await createBuild({ status: 'published', title: 'Build già pubblicata' });
    const build = await createBuild({ status: 'scheduled', publish_at: isoIn(1500), title: 'Build in arrivo' });
    const publishAt = Date.parse(build.publish_at!);
    const first = await page('/');
    expect(first.html).toContain('Build già pubblicata');
    expect(first.html).not.toContain('Build in arrivo');
    const cached = await page('/');
    expect(cached.cache).toBe('HIT');
    expect(cached.html).not.toContain('Build in arrivo');
    const listed = await ctx.request('GET', '/api/builds');
    expect((await ctx.request('GET', '/api/builds')).headers.get('X-Cache')).toBe('HIT');
    expect(listed.body.builds.map((b: { title: string }) => b.title)).toEqual(['Build già pubblicata']);

    await sleep(Math.max(0, publishAt - ctx.clock.now().getTime()));
    let shownAfterMs: number | null = null;
    while (ctx.clock.now().getTime() - publishAt <= 1000) {
      const home = await page('/');
      const api = await ctx.request('GET', '/api/builds');
      if (home.html.includes('Build in arrivo') && api.body.builds.length === 2) {
        shownAfterMs = ctx.clock.now().getTime() - publishAt;
        break;
      }
      await sleep(25);
    }
    expect(shownAfterMs, 'visible through the cache within 1 s of publish_at').not.toBeNull();
    expect(shownAfterMs!).toBeLessThanOrEqual(1000);
  });

  it('a build published before and scheduled again is hidden until its new publish_at', async () => {
    const build = await createBuild({ status: 'published', title: 'Ripubblicata' });
    const put = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: sampleBuild({ title: 'Ripubblicata', status: 'scheduled', publish_at: isoIn(3_600_000) }) });
    expect(put.status).toBe(200);
    expect((await ctx.request('GET', `/api/builds/${build.slug}`)).status).toBe(404);
    expect((await page('/sitemap.xml')).html).not.toContain(`/build/${build.slug}<`);
  });
});

describe('the publishing job', () => {
  it('two instances at once store each due build as published once, with published_at = publish_at', async () => {
    const due = await createBuild({ status: 'scheduled', publish_at: isoIn(60_000), title: 'Da pubblicare' });
    const later = await createBuild({ status: 'scheduled', publish_at: isoIn(3 * 60_000), title: 'Più tardi' });
    const second = openSecondInstance(ctx);
    try {
      let changes = 0;
      const unsubscribe = ctx.services.events.onChange(() => changes++);
      expect(await ctx.services.publishing.publishDue()).toBeNull(); // nothing due yet: no run recorded
      ctx.clock.advance(2 * 60_000);

      // The job under its lease, on both instances at once; and the bare UPDATE, on both at once.
      const runs = await Promise.all([ctx.services.publishing.publishDue(), second.services.publishing.publishDue()]);
      const flipped = runs.flatMap((ids) => ids ?? []);
      expect(flipped).toEqual([due.id]);
      expect(await Promise.all([ctx.services.builds.publishDueScheduled(), second.services.builds.publishDueScheduled()])).toEqual([[], []]);

      const rows = await ctx.database.db.selectFrom('builds').select(['id', 'status', 'published_at', 'publish_at', 'updated_at']).orderBy('id').execute();
      expect(rows[0]).toMatchObject({ id: due.id, status: 'published', published_at: due.publish_at, publish_at: null });
      expect(rows[0]!.updated_at > due.publish_at!).toBe(true);
      expect(rows[1]).toMatchObject({ id: later.id, status: 'scheduled', publish_at: later.publish_at, published_at: null });
      const jobRuns = await ctx.database.db.selectFrom('job_runs').selectAll().where('job', '=', 'publish-scheduled').execute();
      expect(jobRuns).toHaveLength(1);
      expect(jobRuns[0]).toMatchObject({ status: 'succeeded' });
      // The instance that flipped it told the caches (a change from the other instance is not heard here without NOTIFY).
      if (runs[0]?.length) expect(changes).toBeGreaterThan(0);
      unsubscribe();

      ctx.clock.advance(2 * 60_000);
      expect(await second.services.publishing.publishDue()).toEqual([later.id]);
      const list = adminBuildListResponseSchema.parse((await ctx.request('GET', '/api/admin/builds', { token })).body);
      expect(list.builds.map((b) => b.status)).toEqual(['published', 'published']);
    } finally {
      await second.close();
    }
  });
});
