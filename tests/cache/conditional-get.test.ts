/**
 * Caching validators over real HTTP (decision 040), on SQLite and PostgreSQL: the production Node server
 * (cache hits answered straight from Node) around the real app with its pages. Every cached public answer
 * (pages, the feed, the sitemap, robots.txt, the build list API, price histories) carries a weak ETag of its
 * uncompressed body; a matching conditional GET or HEAD gets 304 from the cache (X-Cache: HIT: no render),
 * with the 200's ETag, Cache-Control and Vary and no body. An edit makes a new tag; two instances on one
 * database give the same tag to the same page; with the page cache off the tags and 304s are the same,
 * computed after the render. The feed's lastBuildDate is its newest item's change, and its Last-Modified.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../src/server/node-server';
import type { PublicCache } from '../../src/server/app';
import type { App } from '../../src/server/app';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { type AppInstance, createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

let pages: PageBuild;
let ctx: TestContext;
let second: AppInstance;
let uncached: TestContext;
let token: string;
let build: { id: number; slug: string };
const servers: Server[] = [];
let mainUrl: string;
let secondUrl: string;
let uncachedUrl: string;

/** The app served as production serves it: hits from the page cache written by Node before the app. */
async function serve(app: App, pageCache?: PublicCache): Promise<string> {
  const server = createNodeServer(app.fetch, pageCache ? { answerFirst: pageCache.serveFromNode } : {});
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC da rivalidare' }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  build = created.body.build;
  second = openSecondInstance(ctx, { pages: pages.build });
  uncached = await createTestContext({ PAGE_CACHE_MB: '0' }, { pages: pages.build });
  mainUrl = await serve(ctx.app, ctx.pageCache);
  secondUrl = await serve(second.app);
  uncachedUrl = await serve(uncached.app);
}, 120_000);
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await second?.close();
  await uncached?.close();
  await ctx?.close();
  await pages?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const response = await fetch(url, { method, headers: { 'User-Agent': 'curl/8.5.0', ...headers }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The tag a body must carry: 128 bits of the SHA-256 of its uncompressed bytes (fetch decompresses). */
const tagOf = (text: string) => `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

/** Fetches `path` until the cache holds it, and returns that (hit) answer. */
async function cached(path: string, base = mainUrl): Promise<Answer> {
  await get(`${base}${path}`);
  const hit = await get(`${base}${path}`);
  expect(hit.headers.get('X-Cache'), path).toBe('HIT');
  return hit;
}

const publicPaths = () => ['/', '/?categoria=gaming', `/build/${build.slug}`, '/cerca', '/feed.xml', '/sitemap.xml', '/robots.txt', '/api/builds', `/api/builds/${build.slug}/price-history`];

describe(`the security headers survive compression, tagging and the cache (${testDialect})`, () => {
  // Node's lightweight Response keeps in-place header edits only until its body is read: every layer that
  // reads the body (compression, ETag) must still send what the security middleware set.
  const expectSecured = (answer: Answer, what: string) => {
    expect(answer.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
    expect(answer.headers.get('X-Frame-Options'), what).toBe('DENY');
    // A policy on documents and the API (a feed or a sitemap runs no script).
    if (/text\/html|application\/json/.test(answer.headers.get('Content-Type') ?? '')) expect(answer.headers.get('Content-Security-Policy'), what).toBeTruthy();
  };

  it('on misses, hits, uncached 404s and the API, with the cache on and off, compressed or not', async () => {
    const paths = [...publicPaths(), '/pagina-inesistente', '/api/inesistente', '/avvisi/inviato'];
    for (const base of [mainUrl, uncachedUrl]) {
      for (const path of paths) {
        for (const encoding of ['gzip', 'identity']) {
          // Twice: the first may render (miss), the second may come from the cache (hit).
          for (let round = 0; round < 2; round++) expectSecured(await get(`${base}${path}`, { 'Accept-Encoding': encoding }), `${base}${path} ${encoding} ${round}`);
        }
      }
    }
    const api = await get(`${mainUrl}/api/builds`);
    expect(api.headers.get('Cache-Control')).toBe('no-store');
    expect((await get(`${uncachedUrl}/api/inesistente`, { 'Accept-Encoding': 'gzip' })).headers.get('Cache-Control')).toBe('no-store');
  });
});

describe(`conditional GET of the public answers (${testDialect})`, () => {
  it('tags every cached public answer with a weak ETag of its uncompressed body, the same for every encoding', async () => {
    for (const path of publicPaths()) {
      const answer = await cached(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('ETag'), path).toBe(tagOf(answer.text));
      expect(answer.headers.get('Vary'), path).toContain('Accept-Encoding');
      for (const encoding of ['br', 'gzip', 'identity']) {
        const encoded = await get(`${mainUrl}${path}`, { 'Accept-Encoding': encoding });
        expect(encoded.headers.get('Content-Encoding') ?? 'identity', `${path} ${encoding}`).toBe(encoding);
        expect(encoded.headers.get('ETag'), `${path} ${encoding}`).toBe(answer.headers.get('ETag'));
      }
    }
  });

  it('answers a matching If-None-Match with 304 from the cache: no render, no body, the same validators and caching headers', async () => {
    for (const path of publicPaths()) {
      const full = await cached(path);
      const etag = full.headers.get('ETag')!;
      for (const encoding of ['br', 'identity']) {
        const revalidated = await get(`${mainUrl}${path}`, { 'If-None-Match': etag, 'Accept-Encoding': encoding });
        expect(revalidated.status, path).toBe(304);
        expect(revalidated.text, path).toBe('');
        // Served from the stored entry: the page was not rendered again.
        expect(revalidated.headers.get('X-Cache'), path).toBe('HIT');
        expect(revalidated.headers.get('ETag'), path).toBe(etag);
        expect(revalidated.headers.get('Cache-Control'), path).toBe(full.headers.get('Cache-Control'));
        expect(revalidated.headers.get('Vary'), path).toBe(full.headers.get('Vary'));
        expect(revalidated.headers.get('Last-Modified'), path).toBe(full.headers.get('Last-Modified'));
        expect(revalidated.headers.get('Content-Type'), path).toBeNull();
        expect(revalidated.headers.get('Content-Encoding'), path).toBeNull();
      }
    }
  });

  it('compares weakly, reads lists and *, and answers 200 to tags it does not hold', async () => {
    const path = `/build/${build.slug}`;
    const etag = (await cached(path)).headers.get('ETag')!;
    const opaque = etag.slice(2); // the same tag, strong: weak comparison matches it
    const statuses = async (ifNoneMatch: string) => (await get(`${mainUrl}${path}`, { 'If-None-Match': ifNoneMatch })).status;
    expect(await statuses('*')).toBe(304);
    expect(await statuses(opaque)).toBe(304);
    expect(await statuses(`"altro", W/"ancora-altro", ${etag}`)).toBe(304);
    expect(await statuses(`W/"altro",${opaque}`)).toBe(304);
    expect(await statuses('"altro", W/"ancora-altro"')).toBe(200);
    expect(await statuses('W/""')).toBe(200);
    expect(await statuses('non-un-tag')).toBe(200);
    const full = await get(`${mainUrl}${path}`, { 'If-None-Match': '"altro"' });
    expect(full.headers.get('ETag')).toBe(etag);
    expect(full.text).toContain('PC da rivalidare');
  });

  it('gives HEAD the GET’s tag and its 304, from the cache and right after a render', async () => {
    for (const path of [`/build/${build.slug}`, '/feed.xml', '/api/builds']) {
      ctx.pageCache.clear();
      const head = await get(`${mainUrl}${path}`, {}, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe('');
      const etag = head.headers.get('ETag');
      expect(etag, path).toMatch(/^W\/"[\w-]{22}"$/);
      const body = await get(`${mainUrl}${path}`);
      expect(body.headers.get('X-Cache'), path).toBe('HIT'); // the HEAD's render was kept
      expect(body.headers.get('ETag'), path).toBe(etag);
      const conditional = await get(`${mainUrl}${path}`, { 'If-None-Match': etag! }, 'HEAD');
      expect(conditional.status, path).toBe(304);
      expect(conditional.headers.get('ETag'), path).toBe(etag);
    }
  });

  it('answers 200 with a new tag once the author edits the build, and 304 to the new tag', async () => {
    const paths = [`/build/${build.slug}`, '/', '/feed.xml', '/sitemap.xml', '/api/builds'];
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, (await cached(path)).headers.get('ETag')!);
    // A later second: the sitemap shows only the edit's time, to the second.
    ctx.clock.advance(5_000);
    const admin = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
    const edited = await ctx.request('PUT', `/api/admin/builds/${build.id}`, {
      token,
      body: { ...sampleBuild({ title: 'PC rivalidato dopo la modifica' }), updated_at: admin.body.build.updated_at },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const path of paths) {
      const after = await get(`${mainUrl}${path}`, { 'If-None-Match': before.get(path)! });
      expect(after.status, path).toBe(200);
      if (path !== '/sitemap.xml') expect(after.text, path).toContain('PC rivalidato dopo la modifica');
      const etag = after.headers.get('ETag')!;
      expect(etag, path).not.toBe(before.get(path));
      expect(etag, path).toBe(tagOf(after.text));
      expect((await get(`${mainUrl}${path}`, { 'If-None-Match': etag })).status, path).toBe(304);
    }
  });

  it('gives the same tag to the same answer from two instances on one database', async () => {
    for (const path of publicPaths()) {
      const [one, two] = [await cached(path, mainUrl), await cached(path, secondUrl)];
      expect(two.text, path).toBe(one.text);
      expect(two.headers.get('ETag'), path).toBe(one.headers.get('ETag'));
      // A client that revalidates with one instance's tag gets 304 from the other.
      expect((await get(`${secondUrl}${path}`, { 'If-None-Match': one.headers.get('ETag')! })).status, path).toBe(304);
    }
  });

  it('gives no validators to a personal or authenticated answer, nor to a POST', async () => {
    const admin = await get(`${mainUrl}/api/admin/builds`, { Authorization: `Bearer ${token}` });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('ETag')).toBeNull();
    const confirm = await get(`${mainUrl}/avvisi/conferma/un-token-qualsiasi`);
    expect(confirm.headers.get('Cache-Control')).toContain('no-store');
    expect(confirm.headers.get('ETag')).toBeNull();
    const login = await fetch(`${mainUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.40' }, body: '{"username":"x","password":"y"}' });
    await login.arrayBuffer();
    expect(login.headers.get('ETag')).toBeNull();
  });
});

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false });

describe(`the feed's and the sitemap's dates (${testDialect})`, () => {
  it('dates the feed by its newest item change: lastBuildDate equals Last-Modified, not the time of the request', async () => {
    const edit = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
    const updatedAt: string = edit.body.build.updated_at;
    const feed = await cached('/feed.xml');
    const channel = parser.parse(feed.text).rss.channel;
    const newestChange = Math.max(Date.parse(updatedAt), ...edit.body.build.components.map((c: { price_updated_at: string | null }) => Date.parse(c.price_updated_at ?? '')).filter(Number.isFinite));
    expect(Date.parse(channel.lastBuildDate)).toBe(Math.floor(newestChange / 1000) * 1000);
    expect(feed.headers.get('Last-Modified')).toBe(channel.lastBuildDate);
    // A render later (the cache dropped) dates the unchanged feed the same.
    ctx.clock.advance(90_000);
    ctx.pageCache.clear();
    const later = await get(`${mainUrl}/feed.xml`);
    ctx.clock.advance(-90_000);
    expect(later.headers.get('X-Cache')).toBe('MISS');
    expect(later.headers.get('Last-Modified')).toBe(channel.lastBuildDate);
    expect(later.headers.get('ETag')).toBe(feed.headers.get('ETag'));
  });

  it('honours If-Modified-Since only without If-None-Match', async () => {
    for (const path of ['/feed.xml', '/sitemap.xml']) {
      const full = await cached(path);
      const lastModified = full.headers.get('Last-Modified')!;
      expect(Date.parse(lastModified), path).not.toBeNaN();
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await get(`${mainUrl}${path}`, { 'If-Modified-Since': lastModified })).status, path).toBe(304);
      expect((await get(`${mainUrl}${path}`, { 'If-Modified-Since': earlier })).status, path).toBe(200);
      expect((await get(`${mainUrl}${path}`, { 'If-Modified-Since': 'ieri' })).status, path).toBe(200);
      // If-None-Match decides when both are sent.
      expect((await get(`${mainUrl}${path}`, { 'If-Modified-Since': lastModified, 'If-None-Match': '"altro"' })).status, path).toBe(200);
      expect((await get(`${mainUrl}${path}`, { 'If-Modified-Since': earlier, 'If-None-Match': full.headers.get('ETag')! })).status, path).toBe(304);
    }
    // A page has no Last-Modified: If-Modified-Since alone never makes it 304.
    const page = await cached(`/build/${build.slug}`);
    expect(page.headers.get('Last-Modified')).toBeNull();
    expect((await get(`${mainUrl}/build/${build.slug}`, { 'If-Modified-Since': new Date().toUTCString() })).status).toBe(200);
  });
});

describe(`conditional GET with the page cache off (${testDialect})`, () => {
  it('still tags every public answer and answers 304 to a match, after rendering it', async () => {
    const created = await uncached.request('POST', '/api/admin/builds', { token: await uncached.login(), body: sampleBuild({ title: 'PC senza cache' }) });
    expect(created.status).toBe(201);
    const slug: string = created.body.build.slug;
    for (const path of ['/', `/build/${slug}`, '/feed.xml', '/sitemap.xml', '/robots.txt', '/api/builds']) {
      for (const encoding of ['br', 'identity']) {
        const full = await get(`${uncachedUrl}${path}`, { 'Accept-Encoding': encoding });
        expect(full.status, path).toBe(200);
        expect(full.headers.get('ETag'), path).toBe(tagOf(full.text));
        const revalidated = await get(`${uncachedUrl}${path}`, { 'Accept-Encoding': encoding, 'If-None-Match': full.headers.get('ETag')! });
        expect(revalidated.status, path).toBe(304);
        expect(revalidated.text).toBe('');
        expect(revalidated.headers.get('X-Cache'), path).toBe('MISS');
        expect(revalidated.headers.get('ETag'), path).toBe(full.headers.get('ETag'));
        expect(revalidated.headers.get('Cache-Control'), path).toBe(full.headers.get('Cache-Control'));
        const head = await get(`${uncachedUrl}${path}`, { 'Accept-Encoding': encoding, 'If-None-Match': full.headers.get('ETag')! }, 'HEAD');
        expect(head.status, path).toBe(304);
      }
    }
  });
});
