/**
 * A refused request (any 4xx the client caused) writes one escaped line to the log, never a stack
 * trace: the log is ours to read, not a visitor's to fill. Stack traces are for our own bugs (5xx). Over
 * real HTTP: the production Node server around the real app with its pages (React Router behind the
 * page cache) and LOG_REQUESTS on, every line the process logs read back.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { format } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeServer } from '../../src/server/node-server';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let pages: PageBuild;
let ctx: TestContext;
let server: Server;
let base: string;
let slug: string;
let buildId: number;
let token: string;
const logged: string[] = [];

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const FORM = { ...BROWSER, 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_BODY = { 'Content-Type': 'application/json' };
const CROSS_SITE = { ...FORM, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

beforeAll(async () => {
  // Everything the process writes through console, formatted as Node would write it (an Error with its stack).
  const keep = (...args: unknown[]) => void logged.push(format(...args));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(keep);
  pages = await loadPageBuild();
  ctx = await createTestContext({ LOG_REQUESTS: 'true' }, { pages: pages.build });
  token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC del registro' }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  slug = created.body.build.slug;
  buildId = created.body.build.id;
  server = createNodeServer(ctx.app.fetch);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
  await pages?.close();
});

beforeEach(() => {
  logged.length = 0;
});

/** Lines of what was logged (a multi-line entry counts each of its lines). */
const loggedLines = () => logged.flatMap((entry) => entry.split('\n'));
/** Characters a log line may never hold raw (see src/common/log-text.ts). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** A stack frame as V8 writes it. */
const STACK_FRAME = /^\s+at\s/;

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<number> {
  const response = await fetch(`${base}${path}`, { method, headers: init.headers ?? BROWSER, body: init.body, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

describe('refused requests', () => {
  it('each writes one escaped request line and no stack trace', async () => {
    const refused: [string, string, { headers?: Record<string, string>; body?: string }][] = [
      ['POST', '/', { headers: FORM, body: 'a=1' }],
      ['POST', '/cerca', { headers: FORM, body: 'q=ryzen' }],
      ['POST', '/build/x', { headers: FORM, body: 'a=1' }],
      ['POST', `/build/${slug}`, { headers: FORM, body: 'a=1' }],
      ['POST', '/confronta', { headers: FORM, body: 'a=1' }],
      ['PUT', '/', { headers: FORM, body: 'a=1' }],
      ['DELETE', `/build/${slug}`, {}],
      ['PATCH', '/cerca', { headers: FORM, body: 'a=1' }],
      ['OPTIONS', '/', {}],
      ['POST', '/build/a%0Ab%1B%5B2J', { headers: FORM, body: 'a=1' }],
      ['POST', '/avvisi/inviato', { headers: CROSS_SITE, body: 'email=a%40example.com' }],
      ['POST', '/', { headers: CROSS_SITE, body: 'a=1' }],
      ['POST', '/avvisi/inviato', { headers: { ...FORM, Origin: 'null' }, body: 'a=1' }],
      ['POST', '/avvisi/inviato', { headers: { ...FORM, Origin: 'not a url' }, body: 'a=1' }],
      ['POST', '/cerca.data', { headers: FORM, body: 'a=1' }],
      ['GET', '/pagina-che-non-esiste.data', {}],
      ['GET', '/pagina-che-non-esiste', {}],
      ['GET', '/build/nessuna-build', {}],
      ['GET', '/build/a%0Ab%E2%80%A8c', {}],
      ['GET', '/api/builds/nessuna', {}],
      ['GET', '/api/admin/builds', {}],
      ['POST', '/api/admin/builds', { headers: JSON_BODY, body: '{}' }],
      ['GET', '/api/builds?limit=0', {}],
      ['PUT', `/api/admin/builds/${buildId}`, { headers: { ...JSON_BODY, Authorization: `Bearer ${token}` }, body: '{"title":" \\r\\n "}' }],
      ['POST', '/api/admin/builds', { headers: { ...JSON_BODY, Authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'x'.repeat(301) }) }],
      ['POST', '/api/auth/login', { headers: JSON_BODY, body: '{nope' }],
    ];
    for (const [method, path, init] of refused) {
      logged.length = 0;
      const status = await send(method, path, init);
      const what = `${method} ${path} -> ${status}: ${JSON.stringify(logged)}`;
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(status, what).toBeLessThan(500);
      expect(logged, what).toHaveLength(1);
      expect(loggedLines(), what).toHaveLength(1);
      expect(logged[0], what).toMatch(new RegExp(`^${method} \\S+ ${status} \\d+\\.\\dms$`));
      expect(loggedLines().some((line) => STACK_FRAME.test(line)), what).toBe(false);
      expect(FORBIDDEN.test(logged[0]!), what).toBe(false);
    }
  });

  it('a flood of them writes exactly one line each', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? `/build/x${i}` : i % 3 === 0 ? '/' : '/cerca'));
    const statuses = await Promise.all(paths.map((path) => send('POST', path, { headers: FORM, body: 'a=1' })));
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);
    expect(loggedLines()).toHaveLength(paths.length);
    expect(loggedLines().every((line) => /^POST \/\S* 4\d\d \d+\.\dms$/.test(line))).toBe(true);
  });
});

/** Runs `run` with `table` renamed away: the queries that read it fail as a bug of ours would. */
async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  const db = ctx.database.db;
  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(`${table}_gone`)}`.execute(db);
  try {
    return await run();
  } finally {
    await sql`ALTER TABLE ${sql.table(`${table}_gone`)} RENAME TO ${sql.table(table)}`.execute(db);
  }
}

describe('our own bugs', () => {
  it('a page that fails (500) still logs its error with the stack trace', async () => {
    const status = await withoutTable('build_search', () => send('GET', '/cerca?q=processore'));
    expect(status).toBe(500);
    expect(loggedLines().some((line) => STACK_FRAME.test(line)), JSON.stringify(logged)).toBe(true);
    expect(logged.some((entry) => /build_search/.test(entry))).toBe(true);
    expect(logged).toContainEqual(expect.stringMatching(/^GET \/cerca 500 \d+\.\dms$/));
  });

  it('an API call that fails (500) still logs its error with the stack trace and a log id', async () => {
    const status = await withoutTable('build_revisions', () =>
      fetch(`${base}/api/admin/builds/${buildId}/revisions`, { headers: { Authorization: `Bearer ${token}` } }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(status).toBe(500);
    expect(logged).toContainEqual(expect.stringMatching(/^\[error\] [0-9a-f-]{36} GET \/api\/admin\/builds\/\d+\/revisions: /));
    expect(loggedLines().some((line) => STACK_FRAME.test(line)), JSON.stringify(logged)).toBe(true);
  });
});
