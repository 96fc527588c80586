/**
 * The response cache on the real app (both databases): the build list API and the sitemap are cached
 * like pages, one entry per meaningful query, dropped as soon as content changes. (Other instances and
 * workers drop theirs through the same content events: tests/cache/content-sync.test.ts, tests/smoke.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(() => ctx?.close());

const titles = (body: { builds: { title: string }[] }) => body.builds.map((build) => build.title);

async function publish(title: string) {
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title }) });
  expect(created.status).toBe(201);
  return created.body.build as { id: number; slug: string };
}

describe('GET /api/builds through the response cache', () => {
  it('answers a repeat from memory, and unknown parameters from the same entry', async () => {
    const first = await ctx.request('GET', '/api/builds?category=gaming');
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    for (const query of ['?category=gaming', '?category=gaming&nocache=1', '?utm_source=x&category=gaming']) {
      const again = await ctx.request('GET', `/api/builds${query}`);
      expect(again.headers.get('X-Cache'), query).toBe('HIT');
      expect(again.body).toEqual(first.body);
    }
    // The API keeps its own headers: JSON, no shared caching by proxies.
    const hit = await ctx.request('GET', '/api/builds?category=gaming');
    expect(hit.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(hit.headers.get('Cache-Control')).toBe('no-store');
    // Another meaningful query is another entry.
    expect((await ctx.request('GET', '/api/builds?category=office')).headers.get('X-Cache')).toBe('MISS');
  });

  it('does not cache an invalid query: a 400 every time, with its Italian message', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await ctx.request('GET', '/api/builds?limit=abc');
      expect(bad.status).toBe(400);
      expect(bad.headers.get('X-Cache')).toBeNull();
      expect(bad.body.error.message).toMatch(/limit/);
    }
  });

  it('shows a newly published build at once, and drops a deleted one', async () => {
    await ctx.request('GET', '/api/builds?limit=100');
    expect((await ctx.request('GET', '/api/builds?limit=100')).headers.get('X-Cache')).toBe('HIT');
    const build = await publish('Build appena pubblicata');
    const after = await ctx.request('GET', '/api/builds?limit=100');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(titles(after.body)).toContain('Build appena pubblicata');

    expect((await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token })).status).toBe(200);
    expect(titles((await ctx.request('GET', '/api/builds?limit=100')).body)).not.toContain('Build appena pubblicata');
  });

  it('does not cache a single build (its views change as visits are written, decision 025)', async () => {
    const build = await publish('Build contata');
    const first = await ctx.request('GET', `/api/builds/${build.slug}`);
    const second = await ctx.request('GET', `/api/builds/${build.slug}`, { headers: { 'X-Forwarded-For': '203.0.113.99' } });
    expect(second.headers.get('X-Cache')).toBeNull();
    expect(second.body.build.views).toBeGreaterThanOrEqual(first.body.build.views);
  });
});

describe('GET /sitemap.xml through the response cache', () => {
  it('is served from memory until a build is published, then lists it', async () => {
    await ctx.request('GET', '/sitemap.xml');
    const hit = await ctx.request('GET', '/sitemap.xml?x=1');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(hit.headers.get('Cache-Control')).toBe('public, max-age=300');
    const build = await publish('Build per la mappa del sito');
    const after = await ctx.request('GET', '/sitemap.xml');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(String(after.body)).toContain(`/build/${build.slug}</loc>`);
  });
});
