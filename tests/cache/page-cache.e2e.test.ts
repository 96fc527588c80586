/**
 * The in-memory page cache on the real production server: hits are served compressed, a content change
 * through the API drops the cache at once, visits are counted on cached pages, unknown query strings do
 * not force renders, and private or failed responses are never cached.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, startE2E } from '../e2e/harness';

let e2e: E2EContext;
let token: string;
const BOT = { 'User-Agent': 'bench/1.0' };
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'true' }); // X-Forwarded-For names the reader (visits are counted per address)
  const login = await fetch(`${e2e.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Adm1n!Secure#2026' }),
  });
  token = (await login.json()).token;
});
afterAll(() => e2e?.close());

async function renameBuild(id: number, title: string) {
  const { build } = await (await fetch(`${e2e.url}/api/admin/builds/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const response = await fetch(`${e2e.url}/api/admin/builds/${id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...build, title, components: build.components }),
  });
  expect(response.status).toBe(200);
}

async function firstPublished() {
  const list = await (await fetch(`${e2e.url}/api/builds`)).json();
  return list.builds[0] as { id: number; slug: string; title: string };
}

describe('public page cache', () => {
  it('serves the second request from the cache with short-lived public caching', async () => {
    const build = await firstPublished();
    // A change drops the cache, so the page below is rendered on its first request.
    await renameBuild(build.id, `${build.title} (in cache)`);
    const path = `/build/${build.slug}`;
    const first = await fetch(`${e2e.url}${path}`, { headers: BOT });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await fetch(`${e2e.url}${path}`, { headers: BOT });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=60');
    // The security headers added by the inner middleware are kept with the page, on the miss and the hit.
    for (const answer of [first, second]) {
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await second.text()).toBe(await first.text());
  });

  it('a cache-busting query string is served from the cached page, not rendered again', async () => {
    const home = await (await fetch(`${e2e.url}/`, { headers: BOT })).text();
    for (const junk of [`?nocache=${Date.now()}`, '?utm_source=newsletter', '?categoria=inesistente']) {
      const busted = await fetch(`${e2e.url}/${junk}`, { headers: BOT });
      expect(busted.headers.get('x-cache'), junk).toBe('HIT');
      expect(await busted.text()).toBe(home);
    }
  });

  it('compresses cached HTML with brotli or gzip as the client accepts', async () => {
    const url = `${e2e.url}/`;
    await fetch(url, { headers: BOT });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // node's fetch would decode transparently; read the raw bytes through an http request instead.
      const raw = await rawGet(url, { ...BOT, 'Accept-Encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(raw.body).toString('utf8')).toContain('Assembla il tuo PC perfetto');
    }
  });

  it('drops cached pages as soon as a build changes', async () => {
    const build = await firstPublished();
    await fetch(`${e2e.url}/`, { headers: BOT });
    expect((await fetch(`${e2e.url}/`, { headers: BOT })).headers.get('x-cache')).toBe('HIT');

    const renamed = `${build.title} (aggiornata)`;
    await renameBuild(build.id, renamed);

    const after = await fetch(`${e2e.url}/`, { headers: BOT });
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain(renamed);
  });

  it('counts real visits on cached build pages too, once per reader; not bots, data requests or other sites\' images (decision 025)', async () => {
    const [build, other] = (await (await fetch(`${e2e.url}/api/builds`)).json()).builds as { id: number; slug: string }[];
    const views = async (id: number) => (await (await fetch(`${e2e.url}/api/admin/builds/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).build.views as number;
    const before = await views(build!.id);
    const otherBefore = await views(other!.id);
    // What a browser sends when its reader opens the page (Node's fetch sends no Sec-Fetch-Dest of its own).
    const navigation = { ...BROWSER, 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none' };
    await fetch(`${e2e.url}/build/${build!.slug}`, { headers: { ...navigation, 'X-Forwarded-For': '1.1.1.1' } });
    await fetch(`${e2e.url}/build/${build!.slug}`, { headers: BOT });
    const cached = await fetch(`${e2e.url}/build/${build!.slug}`, { headers: { ...navigation, 'X-Forwarded-For': '1.1.1.2' } });
    expect(cached.headers.get('x-cache')).toBe('HIT');
    // The first reader again with another browser: the same visitor.
    await fetch(`${e2e.url}/build/${build!.slug}`, { headers: { ...navigation, 'User-Agent': `${BROWSER['User-Agent']} Edg/131.0`, 'X-Forwarded-For': '1.1.1.1' } });
    // Another site's <img src> of the page: not somebody reading it.
    const image = await fetch(`${e2e.url}/build/${build!.slug}`, {
      headers: { ...BROWSER, 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'cross-site', 'X-Forwarded-For': '1.1.1.3' },
    });
    expect(image.headers.get('x-cache')).toBe('HIT');
    // React Router's data request for the page is not a visit: no client navigates to public pages.
    const data = await fetch(`${e2e.url}/build/${build!.slug}.data`, { headers: { ...navigation, 'X-Forwarded-For': '1.1.1.4' } });
    expect(data.status).toBe(200);
    await fetch(`${e2e.url}/build/${other!.slug}`, { headers: { ...navigation, 'X-Forwarded-For': '1.1.1.1' } });
    // Visits are written every few seconds (and at shutdown): this writes them now.
    await e2e.runtime.services.analytics.flushVisits();
    expect(await views(other!.id)).toBe(otherBefore + 1);
    expect(await views(build!.id)).toBe(before + 2);
  });

  it('never caches a 404 or the admin; caches the build list API but keeps it out of shared caches', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await fetch(`${e2e.url}/pagina-inesistente`, { headers: BOT });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache')).toBeNull();
      const admin = await fetch(`${e2e.url}/admin/builds`, { headers: BOT });
      expect(admin.headers.get('x-cache')).toBeNull();
    }
    await fetch(`${e2e.url}/api/builds`, { headers: BOT });
    const api = await fetch(`${e2e.url}/api/builds`, { headers: BOT });
    expect(api.headers.get('x-cache')).toBe('HIT');
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
