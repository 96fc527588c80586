/**
 * The in-memory page cache on the real production server: hits are served compressed, a content change
 * through the API drops the cache at once, visits are counted on cached pages, and private or failed
 * responses are never cached.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, startE2E } from './harness';

let e2e: E2EContext;
let token: string;
const BOT = { 'User-Agent': 'bench/1.0' };
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

beforeAll(async () => {
  e2e = await startE2E();
  const login = await fetch(`${e2e.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Adm1n!Secure#2026' }),
  });
  token = (await login.json()).token;
});
afterAll(() => e2e?.close());

async function firstPublished() {
  const list = await (await fetch(`${e2e.url}/api/builds`)).json();
  return list.builds[0] as { id: number; slug: string; title: string };
}

describe('public page cache', () => {
  it('serves the second request from the cache with short-lived public caching', async () => {
    const path = `/?cache-test=${Date.now()}`;
    const first = await fetch(`${e2e.url}${path}`, { headers: BOT });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await fetch(`${e2e.url}${path}`, { headers: BOT });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=60');
    expect(await second.text()).toBe(await first.text());
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

    const admin = await (await fetch(`${e2e.url}/api/admin/builds/${build.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const renamed = `${build.title} (aggiornata)`;
    const { build: saved } = admin;
    const response = await fetch(`${e2e.url}/api/admin/builds/${build.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...saved, title: renamed, components: saved.components }),
    });
    expect(response.status).toBe(200);

    const after = await fetch(`${e2e.url}/`, { headers: BOT });
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain(renamed);
  });

  it('counts real visits on cached build pages too, but not bots', async () => {
    const [build, other] = (await (await fetch(`${e2e.url}/api/builds`)).json()).builds as { id: number; slug: string }[];
    const views = async (id: number) => (await (await fetch(`${e2e.url}/api/admin/builds/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).build.views as number;
    const before = await views(build!.id);
    const otherBefore = await views(other!.id);
    await fetch(`${e2e.url}/build/${build!.slug}`, { headers: { ...BROWSER, 'X-Forwarded-For': '1.1.1.1' } });
    await fetch(`${e2e.url}/build/${build!.slug}`, { headers: BOT });
    const cached = await fetch(`${e2e.url}/build/${build!.slug}`, { headers: { ...BROWSER, 'User-Agent': `${BROWSER['User-Agent']} Edg/131.0` } });
    expect(cached.headers.get('x-cache')).toBe('HIT');
    // Counting is not awaited by the response. The counts are written one after the other, in the order of the
    // requests: once a visit of another build, made last, is counted, every count above has been written.
    await fetch(`${e2e.url}/build/${other!.slug}`, { headers: BROWSER });
    await expect.poll(() => views(other!.id)).toBe(otherBefore + 1);
    expect(await views(build!.id)).toBe(before + 2);
  });

  it('never caches a 404, and never serves the API or admin pages from the page cache', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await fetch(`${e2e.url}/pagina-inesistente`, { headers: BOT });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache')).toBeNull();
      const api = await fetch(`${e2e.url}/api/builds`, { headers: BOT });
      expect(api.headers.get('x-cache')).toBeNull();
      expect(api.headers.get('cache-control')).toBe('no-store');
    }
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
