/**
 * The page cache under a hostile visitor with two processes on one database (two workers on one SQLite
 * file, two instances on one PostgreSQL), each with its own page cache and its own miss limit, served over
 * real HTTP with cache hits answered straight from Node (decision 035): one address's misses sent to both
 * at once are limited in each, exactly; a flood of junk, each request from a new address, over both leaves every
 * base page a hit in each. Both give the same ETag to the same page (decision 040).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServers, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const MISSES_PER_MINUTE = 20;
// A count, not a duration: enough junk pages to fill each 1 MB cache many times over however slow the
// machine (a timed flood sent fewer requests on a loaded machine and failed on its count).
const FLOOD_REQUESTS = 600;
const FLOOD_CONCURRENCY = 8;

let ctx: TestContext;
let servers: AppServers | null = null;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC conteso' }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  slug = created.body.build.slug;
  servers = await startAppServers(ctx.databaseUrl, 2, { pages: true, env: { PAGE_CACHE_MB: '1', PAGE_CACHE_MISSES_PER_MINUTE: String(MISSES_PER_MINUTE) } });
}, 240_000);
afterAll(async () => {
  await servers?.stop();
  await ctx?.close();
});

async function get(url: string, address: string): Promise<{ status: number; cache: string | null; retryAfter: string | null }> {
  const response = await fetch(url, { headers: { 'User-Agent': 'curl/8.5.0', 'X-Forwarded-For': address }, redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('X-Cache'), retryAfter: response.headers.get('Retry-After') };
}

describe(`the page cache with two processes on one database (${testDialect})`, () => {
  it('gives the same ETag to the same answer in both processes, and either answers 304 to the other’s tag (decision 040)', async () => {
    const [one, two] = servers!.urls;
    const tagged = async (url: string, path: string, ifNoneMatch?: string) => {
      const response = await fetch(`${url}${path}`, { headers: { 'User-Agent': 'curl/8.5.0', 'X-Forwarded-For': '203.0.113.50', ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) } });
      await response.arrayBuffer();
      return { status: response.status, etag: response.headers.get('ETag') };
    };
    for (const path of ['/', `/build/${slug}`, '/feed.xml', '/sitemap.xml', '/api/builds']) {
      const first = await tagged(one!, path);
      const second = await tagged(two!, path);
      expect(first.etag, path).toMatch(/^W\/"[\w-]{22}"$/);
      expect(second.etag, path).toBe(first.etag);
      expect((await tagged(two!, path, first.etag!)).status, path).toBe(304);
      expect((await tagged(one!, path, second.etag!)).status, path).toBe(304);
    }
  });

  it("limits one address's misses in each process, exactly, when they arrive at both at once", async () => {
    const urls = servers!.urls;
    const perProcess = MISSES_PER_MINUTE + 10;
    const answers = await Promise.all(
      urls.map((url, process) => Promise.all(Array.from({ length: perProcess }, (_, n) => get(`${url}/cerca?q=limite-${process}-${n}`, '203.0.113.9')))),
    );
    for (const inProcess of answers) {
      expect(inProcess.filter((answer) => answer.status === 200)).toHaveLength(MISSES_PER_MINUTE);
      const refused = inProcess.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(perProcess - MISSES_PER_MINUTE);
      for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Another address is not limited by it, in either process.
    for (const url of urls) expect((await get(`${url}/cerca?q=altro`, '203.0.113.10')).status).toBe(200);
  }, 60_000);

  it('leaves every base page a cache hit in each process after a flood of junk, a new address per request', async () => {
    const urls = servers!.urls;
    const basePages = ['/', '/?categoria=gaming', `/build/${slug}`, '/cerca', '/feed.xml', '/sitemap.xml', '/api/builds', `/api/builds/${slug}/price-history`];
    let address = 0;
    const fresh = () => {
      address += 1;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    };
    for (const url of urls) {
      for (const path of basePages) {
        expect((await get(`${url}${path}`, fresh())).status, path).toBe(200);
        expect((await get(`${url}${path}`, fresh())).cache, path).toBe('HIT');
      }
    }
    const junk = (n: number) =>
      [`/build/${slug}?budget=${1 + n}`, `/build/${slug}?scegli=1:B0${String(n).padStart(8, '0')}`, `/build/${slug}?scegli=ATTENZIONE-${n}`, `/cerca?q=zz${n}`, `/api/builds?q=ryzen${n}`][n % 5]!;
    let sent = 0;
    const statuses = new Set<number>();
    async function flooder() {
      while (sent < FLOOD_REQUESTS) {
        const n = sent++;
        statuses.add((await get(`${urls[n % 2]}${junk(n)}`, fresh())).status);
      }
    }
    await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, flooder));
    expect(sent).toBe(FLOOD_REQUESTS);
    expect([...statuses]).toEqual([200]);
    for (const url of urls) {
      for (const path of basePages) expect((await get(`${url}${path}`, fresh())).cache, `${url}${path}`).toBe('HIT');
    }
  }, 120_000);
});
