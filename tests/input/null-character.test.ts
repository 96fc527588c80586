/**
 * U+0000 in request input, on SQLite and PostgreSQL (whose text cannot hold it: a query carrying it fails).
 * Every way in answers the same 4xx with an Italian message on both databases, before any query, and
 * writes nothing: JSON bodies (any string, key or value, however nested), paths and query strings of the
 * API and of the pages (rendered by React Router behind the page cache), and the page cache's fast path
 * over real HTTP.
 */
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/common/errors';
import { createApp, createPublicCache } from '../../src/server/app';
import { createNodeServer } from '../../src/server/node-server';
import { createPageRenderer } from '../../src/server/pages';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { type ApiResponse, createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const TEXT_MESSAGE = 'Il testo contiene un carattere non ammesso (U+0000)';
const ADDRESS_MESSAGE = "L'indirizzo contiene un carattere non ammesso (U+0000)";
const PAGE_MESSAGE = "Pagina non trovata: l'indirizzo contiene un carattere non ammesso (U+0000)";
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
/** Every table a request of this file could write to. */
const TABLES = [
  'builds',
  'components',
  'build_revisions',
  'alternative_categories',
  'alternatives',
  'users',
  'sessions',
  'login_throttle',
  'keyed_counters',
  'component_daily_clicks',
  'build_daily_stats',
  'retailer_search_cache',
] as const;

let pages: PageBuild;
let ctx: TestContext;
let token: string;
let build: { id: number; slug: string; updated_at: string };

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Build di riferimento' }) });
  expect(created.status).toBe(201);
  build = created.body.build;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

/** Row counts of every table, and the stored build as the admin reads it. */
async function storedState() {
  await ctx.services.analytics.flushVisits();
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const detail = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
  expect(detail.status).toBe(200);
  return { counts, build: detail.body.build };
}

/** Runs `send` and checks that nothing stored changed. */
async function withoutWrites<T>(send: () => Promise<T>): Promise<T> {
  const before = await storedState();
  const result = await send();
  expect(await storedState()).toEqual(before);
  return result;
}

function expectApiError(response: ApiResponse, status: number, code: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error).toMatchObject({ code, message });
}

describe('U+0000 in a JSON body: 400 naming the field, nothing written', () => {
  const json = (value: unknown) => ({ rawBody: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });
  const cases: Array<[string, string, () => string, () => { rawBody: string; headers: Record<string, string> }, string, boolean]> = [
    ['a new build title', 'POST', () => '/api/admin/builds', () => json(sampleBuild({ title: 'PC\u0000Gaming' })), 'title', true],
    [
      'a component name, nested',
      'POST',
      () => '/api/admin/builds',
      () => {
        const body = sampleBuild();
        body.components[1] = { ...body.components[1]!, name: 'RTX\u0000' };
        return json(body);
      },
      'components.1.name',
      true,
    ],
    ['an object key (even one the schema would drop)', 'POST', () => '/api/admin/builds', () => json({ ...sampleBuild(), 'x\u0000': 1 }), '_', true],
    ['a key deep inside an array', 'POST', () => '/api/admin/builds', () => json({ ...sampleBuild(), extra: [[{ 'a\u0000b': 1 }]] }), 'extra.0.0', true],
    ['the article of an update', 'PUT', () => `/api/admin/builds/${build.id}`, () => json(sampleBuild({ content: 'Testo\u0000', updated_at: build.updated_at })), 'content', true],
    ['the username of a login', 'POST', () => '/api/auth/login', () => json({ username: 'admin\u0000', password: 'qualsiasi' }), 'username', false],
    [
      'a new password',
      'POST',
      () => '/api/auth/change-password',
      () => json({ currentPassword: 'Adm1n!Secure#2026', newPassword: 'Nuova!Password#2026\u0000' }),
      'newPassword',
      true,
    ],
    ['an alternatives category name', 'POST', () => '/api/admin/alternative-categories', () => json({ name: 'GPU\u0000', component_type: 'GPU' }), 'name', true],
    ['a cart URL to import', 'POST', () => '/api/admin/import-amazon', () => json({ cartUrl: 'https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=B0BMQJWBDM\u0000' }), 'cartUrl', true],
    [
      'the build of a click beacon (text/plain)',
      'POST',
      () => '/api/events/click',
      () => ({ rawBody: JSON.stringify({ build: `${build.slug}\u0000`, target: 'cart' }), headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }),
      'build',
      false,
    ],
  ];

  it.each(cases)('%s', async (_name, method, path, body, field, authenticated) => {
    const response = await withoutWrites(() => ctx.request(method, path(), { ...body(), ...(authenticated ? { token } : {}) }));
    expectApiError(response, 400, 'VALIDATION_ERROR', TEXT_MESSAGE);
    expect(response.body.error.fields).toEqual({ [field]: TEXT_MESSAGE });
  });

  it('a body nested far deeper than any real one is walked without exhausting the stack', async () => {
    const depth = 200_000;
    const rawBody = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const response = await withoutWrites(() => ctx.request('POST', '/api/admin/builds', { token, rawBody, headers: { 'Content-Type': 'application/json' } }));
    expectApiError(response, 400, 'VALIDATION_ERROR', TEXT_MESSAGE);
    expect(Object.keys(response.body.error.fields)[0]).toMatch(/^0\.0\.0\.[.0]+…$/);
  });

  it('an escaped backslash before "u0000" is text, not U+0000: the build is saved with it', async () => {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Percorso C:\\u0000' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.build.title).toBe('Percorso C:\\u0000');
    expect((await ctx.request('DELETE', `/api/admin/builds/${created.body.build.id}`, { token })).status).toBe(200);
  });
});

describe('U+0000 in the address of the API: 404 in the path, 400 in the query, nothing written', () => {
  it('reads: a build by slug, its price history, an admin build by id', async () => {
    for (const path of ['/api/builds/x%00y', () => `/api/builds/${build.slug}%00`, () => `/api/builds/${build.slug}%00/price-history`, () => `/api/admin/builds/${build.id}%00`]) {
      const target = typeof path === 'string' ? path : path();
      const response = await withoutWrites(() => ctx.request('GET', target, { token }));
      expectApiError(response, 404, 'NOT_FOUND', ADDRESS_MESSAGE);
    }
  });

  it('writes: an update and a delete of a build whose id carries U+0000', async () => {
    const update = await withoutWrites(() =>
      ctx.request('PUT', `/api/admin/builds/${build.id}%00`, { token, body: sampleBuild({ title: 'Cambiato', updated_at: build.updated_at }) }),
    );
    expectApiError(update, 404, 'NOT_FOUND', ADDRESS_MESSAGE);
    const remove = await withoutWrites(() => ctx.request('DELETE', `/api/admin/builds/${build.id}%00`, { token }));
    expectApiError(remove, 404, 'NOT_FOUND', ADDRESS_MESSAGE);
  });

  it('query parameters: the public list filters, the retailer search, the analytics window', async () => {
    for (const path of ['/api/builds?q=%00', '/api/builds?category=gaming%00', '/api/builds?limit=1&utm_source=a%00b', '/api/admin/retailer/search?q=ssd%00', '/api/admin/analytics?days=30%00']) {
      const response = await withoutWrites(() => ctx.request('GET', path, { token }));
      expectApiError(response, 400, 'BAD_REQUEST', ADDRESS_MESSAGE);
    }
  });

  it('the same addresses without U+0000 still answer', async () => {
    expect((await ctx.request('GET', `/api/builds/${build.slug}`)).status).toBe(200);
    expect((await ctx.request('GET', `/api/builds/${build.slug}/price-history`)).status).toBe(200);
    expect((await ctx.request('GET', '/api/builds?q=gaming&category=gaming')).status).toBe(200);
    // '%2500' is an escaped '%' followed by '00': text, not U+0000.
    expectApiError(await ctx.request('GET', '/api/builds/x%2500y'), 404, 'NOT_FOUND', 'La build richiesta non esiste.');
  });
});

describe('U+0000 in the address of a page: 404, nothing written', () => {
  it.each([
    ['the build page', () => `/build/${build.slug}%00`],
    ['an unknown build page', () => '/build/x%00y'],
    ['the home page filtered by category', () => '/?categoria=gaming%00'],
    ['the home page with an old-style category link', () => '/?category=%00'],
    ['the home page searched', () => '/?q=%00&pagina=2'],
    ['an admin screen', () => `/admin/builds/edit/${build.id}%00`],
    ['an uploaded file', () => '/uploads/a%00.webp'],
  ])('%s', async (_name, path) => {
    const response = await withoutWrites(async () => ctx.app.request(path(), { headers: BROWSER }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(PAGE_MESSAGE);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('the build page without U+0000 still renders', async () => {
    const response = await ctx.app.request(`/build/${build.slug}`, { headers: BROWSER });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Build di riferimento');
  });
});

describe('services: a slug no build can have is never looked up', () => {
  it('U+0000 or any non-slug text names no published build and no price history (404)', async () => {
    for (const slug of ['x\u0000y', `${build.slug}\u0000`, 'Build Maiuscola', '../admin']) {
      await expect(ctx.services.builds.getPublished(slug)).rejects.toSatisfy((error) => isAppError(error, 'NOT_FOUND'));
      await expect(ctx.services.pricing.priceHistoryOfPublished(slug)).rejects.toSatisfy((error) => isAppError(error, 'NOT_FOUND'));
    }
    expect((await ctx.services.builds.getPublished(build.slug)).slug).toBe(build.slug);
  });
});

describe('over real HTTP, with cached answers served before the app (decision 018)', () => {
  let server: Server;
  let base: string;
  let port: number;

  beforeAll(async () => {
    const pageCache = createPublicCache(ctx.config, ctx.services);
    const app = createApp({
      config: ctx.config,
      database: ctx.database,
      services: ctx.services,
      pageCache,
      renderPage: createPageRenderer(pages.build, { config: ctx.config, services: ctx.services }),
    });
    server = createNodeServer(app.fetch, { answerFirst: pageCache.serveFromNode });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Writes `requestLine` as raw bytes; resolves to the status Node answered. */
  function sendRaw(requestLine: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
      socket.end(Buffer.concat([requestLine, Buffer.from('\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')]));
    });
  }

  it('a cached build page stays cached; its address with U+0000 is a 404, encoded or raw, and the server keeps serving', async () => {
    const page = `${base}/build/${build.slug}`;
    expect((await fetch(page, { headers: BROWSER })).status).toBe(200);
    const hit = await fetch(page, { headers: BROWSER });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('X-Cache')).toBe('HIT');

    await withoutWrites(async () => {
      const encoded = await fetch(`${page}%00`, { headers: BROWSER });
      expect(encoded.status).toBe(404);
      expect(await encoded.text()).toBe(PAGE_MESSAGE);
      const api = await fetch(`${base}/api/builds?q=%00`);
      expect(api.status).toBe(400);
      expect(((await api.json()) as { error: { message: string } }).error.message).toBe(ADDRESS_MESSAGE);
      // A raw NUL byte never gets past Node's parser: its own 400, before the cache or the app.
      expect(await sendRaw(Buffer.from(`GET /build/${build.slug}\u0000 HTTP/1.1`, 'latin1'))).toBe(400);
    });

    expect((await fetch(page, { headers: BROWSER })).status).toBe(200);
  });
});
