import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PAGE_KEY_HEADER } from '../../common/page-key';
import { createPageCache } from './page-cache';

/** A public "page" whose content is read when its render starts and sent when `finish` is called. */
function siteWithSlowRender() {
  const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
  let content = 'prezzo 100 €';
  let renders = 0;
  let finish: (() => void) | null = null;
  const app = new Hono();
  app.use(cache.middleware);
  app.get('/build/demo', async (c) => {
    renders++;
    const read = content;
    if (renders === 1) await new Promise<void>((resolve) => (finish = resolve));
    // A build page confirms the key it is the answer to (common/page-key.ts): here, its own path.
    c.header(PAGE_KEY_HEADER, c.req.path);
    return c.html(`<p>${read}</p>`);
  });
  return {
    cache,
    app,
    renders: () => renders,
    change(next: string) {
      content = next;
      cache.clear();
    },
    finishFirstRender: () => finish?.(),
    waitForFirstRender: async () => {
      while (finish === null) await new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
}

describe('page cache', () => {
  it('serves a stored page from memory until the content changes', async () => {
    const site = siteWithSlowRender();
    const first = site.app.request('/build/demo');
    await site.waitForFirstRender();
    site.finishFirstRender();
    expect((await first).headers.get('X-Cache')).toBe('MISS');

    const hit = await site.app.request('/build/demo');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(await hit.text()).toBe('<p>prezzo 100 €</p>');
    expect(site.renders()).toBe(1);

    site.change('prezzo 90 €');
    const after = await site.app.request('/build/demo');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(await after.text()).toBe('<p>prezzo 90 €</p>');
  });

  it('does not store a page whose render began before a content change', async () => {
    const site = siteWithSlowRender();
    const slow = site.app.request('/build/demo');
    await site.waitForFirstRender();
    site.change('prezzo 90 €');
    site.finishFirstRender();

    // The visitor already on the way gets the page as it was rendered...
    const stale = await slow;
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('<p>prezzo 100 €</p>');
    expect(site.cache.size).toBe(0);

    // ...but nobody after the change does.
    const next = await site.app.request('/build/demo');
    expect(next.headers.get('X-Cache')).toBe('MISS');
    expect(await next.text()).toBe('<p>prezzo 90 €</p>');
    expect(site.renders()).toBe(2);
    const hit = await site.app.request('/build/demo');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(await hit.text()).toBe('<p>prezzo 90 €</p>');
  });
});

/** A site whose pages are `size` bytes of text, counting renders; `/slow` waits until `release()`. */
function countingSite(maxBytes: number, size = 1000, admitRender?: () => number | null) {
  const cache = createPageCache({ ttlMs: 60_000, maxBytes, admitRender });
  const renders = new Map<string, number>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Hono();
  app.use(cache.middleware);
  const page = (name: string) => `<p>${name}</p>`.padEnd(size, '.');
  app.get('/build/:slug', async (c) => {
    const slug = c.req.param('slug');
    renders.set(slug, (renders.get(slug) ?? 0) + 1);
    if (slug === 'slow') await released;
    c.header(PAGE_KEY_HEADER, c.req.path);
    return c.html(page(slug));
  });
  app.get('/', (c) => {
    renders.set('home', (renders.get('home') ?? 0) + 1);
    return c.html(page(`home ${c.req.query('categoria') ?? 'tutte'}`));
  });
  app.get('/cerca', (c) => {
    renders.set('search', (renders.get('search') ?? 0) + 1);
    return c.html(page(`cerca ${c.req.query('q') ?? ''}`));
  });
  app.get('/admin/builds', (c) => c.html('<p>admin</p>'));
  return { cache, app, renders: (slug: string) => renders.get(slug) ?? 0, release, page };
}

const br = { headers: { 'Accept-Encoding': 'gzip, br' } };

describe('page cache: bounds, keys, coalescing, compression', () => {
  it('answers a matching If-None-Match with 304 from the entry without rendering, and a changed page with 200', async () => {
    const site = countingSite(1024 * 1024);
    const first = await site.app.request('/build/a', br);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    for (const encoding of ['gzip, br', 'identity']) {
      const again = await site.app.request('/build/a', { headers: { 'Accept-Encoding': encoding, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('ETag')).toBe(etag);
      expect(again.headers.get('Vary')).toBe('Accept-Encoding');
      expect(again.headers.get('Content-Type')).toBeNull();
      expect(await again.text()).toBe('');
    }
    expect(site.renders('a')).toBe(1);
    site.cache.clear();
    const rendered = await site.app.request('/build/a', { headers: { 'If-None-Match': etag } });
    expect(rendered.status).toBe(304); // the same bytes rendered again: the same tag
    expect(site.renders('a')).toBe(2);
    expect((await site.app.request('/build/a', { headers: { 'If-None-Match': 'W/"altro"' } })).status).toBe(200);
  });

  it('is bounded in bytes: the least recently used page goes first', async () => {
    // Room for two pages of 10 KB (plus bookkeeping) in the base pages' three quarters, not three.
    const site = countingSite(Math.ceil((2 * (10_000 + 2048) + 100) / 0.75), 10_000);
    await site.app.request('/build/a');
    await site.app.request('/build/b');
    expect((await site.app.request('/build/a')).headers.get('X-Cache')).toBe('HIT'); // a is now the most recent
    await site.app.request('/build/c');
    expect(site.cache.size).toBe(2);
    expect(site.cache.pools().base.bytes).toBeLessThanOrEqual(2 * (10_000 + 2048) + 100);
    expect((await site.app.request('/build/a')).headers.get('X-Cache')).toBe('HIT');
    expect((await site.app.request('/build/b')).headers.get('X-Cache')).toBe('MISS');
    expect(site.renders('b')).toBe(2);
  });

  it('keeps what a query multiplies in its own share: a flood of searches never evicts a base page', async () => {
    // A quarter for the variants: about two searches of 10 KB; the base share holds the build pages.
    const site = countingSite(Math.ceil((3 * (10_000 + 2048)) / 0.75), 10_000);
    await site.app.request('/build/a');
    await site.app.request('/');
    for (let n = 0; n < 50; n++) expect((await site.app.request(`/cerca?q=zz${n}`)).status).toBe(200);
    expect(site.renders('search')).toBe(50);
    expect(site.cache.pools().variant.size).toBeLessThanOrEqual(1);
    expect((await site.app.request('/build/a')).headers.get('X-Cache')).toBe('HIT');
    expect((await site.app.request('/')).headers.get('X-Cache')).toBe('HIT');
  });

  it('keeps a build page only under the key its answer confirms, and never lets the key header out', async () => {
    const site = countingSite(1024 * 1024);
    // The page confirms /build/a, the request asked for /build/a#ignorati=1: answered, not kept.
    for (let n = 0; n < 2; n++) {
      const answer = await site.app.request('/build/a?scegli=ATTENZIONE');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('X-Cache')).toBeNull();
      expect(answer.headers.get(PAGE_KEY_HEADER)).toBeNull();
    }
    expect(site.renders('a')).toBe(2);
    expect(site.cache.size).toBe(0);
    const kept = await site.app.request('/build/a');
    expect(kept.headers.get('X-Cache')).toBe('MISS');
    expect(kept.headers.get(PAGE_KEY_HEADER)).toBeNull();
    expect((await site.app.request('/build/a')).headers.get(PAGE_KEY_HEADER)).toBeNull();
  });

  it('answers 429 with Retry-After when a miss is refused, before rendering; a hit is never asked', async () => {
    let admitted = 1;
    const site = countingSite(1024 * 1024, 1000, () => (admitted-- > 0 ? null : 42));
    expect((await site.app.request('/build/a')).headers.get('X-Cache')).toBe('MISS');
    const refused = await site.app.request('/build/b');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('42');
    expect(await refused.text()).toBe('Troppe richieste da questo indirizzo: riprova tra 42 secondi.\n');
    expect(site.renders('b')).toBe(0);
    expect((await site.app.request('/build/a')).headers.get('X-Cache')).toBe('HIT');
  });

  it('counts compressed copies against the bound', async () => {
    const site = countingSite(1024 * 1024, 10_000);
    await site.app.request('/build/a');
    const before = site.cache.bytes;
    const compressed = await site.app.request('/build/a', br);
    expect(compressed.headers.get('Content-Encoding')).toBe('br');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(site.cache.bytes).toBe(before + Number(compressed.headers.get('Content-Length')));
  });

  it('does not keep a page larger than the whole budget', async () => {
    const site = countingSite(5_000, 10_000);
    expect((await site.app.request('/build/a')).status).toBe(200);
    expect(site.cache.size).toBe(0);
    expect(await (await site.app.request('/build/a')).text()).toBe(site.page('a'));
    expect(site.renders('a')).toBe(2);
  });

  it('serves unknown query parameters and unknown filter values from the unfiltered entry', async () => {
    const site = countingSite(1024 * 1024);
    await site.app.request('/');
    for (const query of ['?utm_source=x', '?nocache=123', '?categoria=inesistente', '?pagina=abc', '?pagina=1']) {
      const response = await site.app.request(`/${query}`);
      expect(response.headers.get('X-Cache'), query).toBe('HIT');
    }
    expect((await site.app.request('/build/a?nocache=1')).headers.get('X-Cache')).toBe('MISS');
    expect((await site.app.request('/build/a?nocache=2')).headers.get('X-Cache')).toBe('HIT');
    expect(site.renders('home')).toBe(1);
    expect(site.renders('a')).toBe(1);
    // A known filter is its own variant.
    expect((await site.app.request('/?categoria=gaming&utm=1')).headers.get('X-Cache')).toBe('MISS');
    expect((await site.app.request('/?utm=2&categoria=gaming')).headers.get('X-Cache')).toBe('HIT');
  });

  it('never caches paths outside its table (admin, data requests)', async () => {
    const site = countingSite(1024 * 1024);
    await site.app.request('/admin/builds');
    expect((await site.app.request('/admin/builds')).headers.get('X-Cache')).toBeNull();
    expect(site.cache.size).toBe(0);
  });

  it('coalesces concurrent misses for one key into one render', async () => {
    const site = countingSite(1024 * 1024);
    const waiting = Array.from({ length: 20 }, async () => site.app.request('/build/slow', br));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(site.renders('slow')).toBe(1);
    site.release();
    const answers = await Promise.all(waiting);
    expect(site.renders('slow')).toBe(1);
    expect(answers.map((answer) => answer.headers.get('X-Cache')).sort()).toEqual([...Array<string>(19).fill('HIT'), 'MISS']);
    for (const answer of answers) expect(answer.headers.get('Content-Encoding')).toBe('br');
  });

  it('a request arriving after a content change does not wait for the render that read the old content', async () => {
    const site = countingSite(1024 * 1024);
    const before = Promise.resolve(site.app.request('/build/slow'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    site.cache.clear();
    const after = Promise.resolve(site.app.request('/build/slow'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(site.renders('slow')).toBe(2);
    site.release();
    await Promise.all([before, after]);
  });

  it('with maxBytes 0 renders every request, still compressed', async () => {
    const site = countingSite(0, 10_000);
    for (let i = 0; i < 3; i++) {
      const answer = await site.app.request('/build/a', br);
      expect(answer.headers.get('Content-Encoding')).toBe('br');
      expect(answer.headers.get('X-Cache')).toBe('MISS');
    }
    expect(site.renders('a')).toBe(3);
    expect(site.cache.size).toBe(0);
  });

  it('sends identity, gzip or br as accepted, each decoding to the page', async () => {
    const site = countingSite(1024 * 1024, 10_000);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const identity = await site.app.request('/build/a');
    expect(identity.headers.get('Content-Encoding')).toBeNull();
    expect(await identity.text()).toBe(site.page('a'));
    const gzip = await site.app.request('/build/a', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(site.page('a'));
    const brotli = await site.app.request('/build/a', br);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(site.page('a'));
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding');
    expect(site.renders('a')).toBe(1);
  });
});

describe('page cache: hits answered by the Node server before the app', () => {
  async function nodeSite() {
    const { createNodeServer } = await import('../node-server');
    const visits: { path: string; ip: string | undefined; agent: string | undefined }[] = [];
    const cache = createPageCache({
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
      onHit: (hit) => visits.push({ path: hit.path, ip: hit.remoteAddress, agent: hit.header('User-Agent') }),
    });
    const app = new Hono();
    app.use(cache.middleware);
    app.use(async (c, next) => {
      await next();
      c.res.headers.set('X-Security', 'on');
    });
    app.get('/build/:slug', (c) => {
      c.header(PAGE_KEY_HEADER, c.req.path);
      return c.html(`<p>${c.req.param('slug')}</p>`.padEnd(5000, '.'));
    });
    let appCalls = 0;
    const server = createNodeServer(
      (request, env) => {
        appCalls++;
        return app.fetch(request, env);
      },
      { answerFirst: cache.serveFromNode },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    return { url: `http://127.0.0.1:${port}`, visits, appCalls: () => appCalls, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('the app renders once; later hits, in each encoding once compressed, never reach it, with the same headers', async () => {
    const site = await nodeSite();
    try {
      const first = await fetch(`${site.url}/build/a`, { headers: { 'Accept-Encoding': 'br' } });
      expect(first.headers.get('X-Cache')).toBe('MISS');
      const calls = site.appCalls();
      const hits = [];
      for (let i = 0; i < 3; i++) hits.push(await fetch(`${site.url}/build/a?utm_source=x`, { headers: { 'Accept-Encoding': 'br', 'User-Agent': 'Prova/1.0' } }));
      expect(site.appCalls()).toBe(calls);
      for (const hit of hits) {
        expect(hit.headers.get('X-Cache')).toBe('HIT');
        expect(hit.headers.get('X-Security')).toBe('on');
        expect(hit.headers.get('Content-Encoding')).toBe('br');
        expect(await hit.text()).toBe(await first.clone().text());
      }
      expect(site.visits).toEqual(Array(3).fill({ path: '/build/a', ip: '127.0.0.1', agent: 'Prova/1.0' }));

      const head = await fetch(`${site.url}/build/a`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('Content-Length')).toBe('5000');
      expect(site.appCalls()).toBe(calls);
    } finally {
      await site.close();
    }
  });

  it('leaves to the app what it must see: credentials, a body, an encoded path, a miss', async () => {
    const site = await nodeSite();
    try {
      await fetch(`${site.url}/build/a`, { headers: { 'Accept-Encoding': 'identity' } });
      let calls = site.appCalls();
      await fetch(`${site.url}/build/a`, { headers: { Authorization: 'Bearer x' } });
      expect(site.appCalls()).toBe(++calls);
      // A GET that declares a body (fetch cannot send one).
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest(`${site.url}/build/a`, { method: 'GET', headers: { 'Content-Length': '2' } }, (response) => response.resume().on('end', resolve));
        request.on('error', reject);
        request.end('{}');
      });
      expect(site.appCalls()).toBe(++calls);
      await fetch(`${site.url}/build/%61`);
      expect(site.appCalls()).toBe(++calls);
      await fetch(`${site.url}/build/b`);
      expect(site.appCalls()).toBe(++calls);
    } finally {
      await site.close();
    }
  });
});
