/**
 * Visits counted by two processes on one database (two workers on one SQLite file, two instances on one
 * PostgreSQL), each serving the real pages behind its own page cache (decision 025): the same reader
 * sent to both at once counts once, whatever its User-Agent; N readers sent to both at once count N.
 * Each process writes its visits every few seconds, and the last ones when it stops (SIGTERM).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLUSH_INTERVAL_MS } from '../../src/modules/analytics';
import { type AppServers, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-User': '?1' };
const userAgent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + (n % 12)}.0.0.0 Safari/537.36`;

let ctx: TestContext;
let servers: AppServers | null = null;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
}, 60_000);
afterAll(async () => {
  await servers?.stop();
  await ctx?.close();
});

async function createBuild(title: string): Promise<{ id: number; slug: string }> {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title }) });
  expect(response.status).toBe(201);
  return response.body.build;
}

async function open(baseUrl: string, slug: string, ip: string, agent: string): Promise<void> {
  const response = await fetch(`${baseUrl}/build/${slug}`, { headers: { ...NAVIGATION, 'User-Agent': agent, 'X-Forwarded-For': ip } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

/**
 * The stored total of each build, checked against its days' counts. Both are read by ONE statement, so
 * from one snapshot on either database: a process's flush writes the total and the day in one
 * transaction, and two separate reads could straddle its commit (the first without it, the second with).
 */
async function views(...ids: number[]): Promise<number[]> {
  const rows = await ctx.database.db
    .selectFrom('builds')
    .select((eb) => [
      'builds.id',
      'builds.views',
      eb
        .selectFrom('build_daily_stats')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('build_daily_stats.views'), inner.lit(0)).as('daily'))
        .whereRef('build_daily_stats.build_id', '=', 'builds.id')
        .as('daily'),
    ])
    .where('builds.id', 'in', ids)
    .execute();
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id)!;
    expect(Number(row.daily), "the days' views add up to the total").toBe(Number(row.views));
    return Number(row.views);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`visits with two processes on one database (${testDialect})`, () => {
  it('one reader sent to both at once counts once, 30 readers sent to both at once count 30; written within seconds and at shutdown', async () => {
    const one = await createBuild('Un solo lettore');
    const many = await createBuild('Trenta lettori');
    servers = await startAppServers(ctx.databaseUrl, 2, { pages: true });
    const [a, b] = servers.urls as [string, string];
    // Warm both page caches, as an anonymous tool would (not a visit: no User-Agent of a browser).
    for (const url of [a, b]) for (const build of [one, many]) expect((await fetch(`${url}/build/${build.slug}`, { headers: { 'User-Agent': 'curl/8.5.0' } })).status).toBe(200);

    // The same reader (one address, a different browser each time) 20 times on each process, and 30
    // readers each sent to both processes, all at once.
    await Promise.all([
      ...Array.from({ length: 40 }, (_, n) => open(n % 2 ? a : b, one.slug, '198.51.100.50', userAgent(n))),
      ...Array.from({ length: 30 }, (_, n) => [a, b].map((url) => open(url, many.slug, `203.0.113.${n + 1}`, userAgent(n)))).flat(),
    ]);
    // Nothing was written per request; each process writes within FLUSH_INTERVAL_MS of its first visit.
    const deadline = Date.now() + 4 * FLUSH_INTERVAL_MS;
    while ((await views(one.id, many.id)).join() !== '1,30' && Date.now() < deadline) await sleep(200);
    await sleep(FLUSH_INTERVAL_MS + 1_000); // both processes have written by now: nothing more may arrive
    expect(await views(one.id, many.id)).toEqual([1, 30]);

    // Ten more readers and the thirty again, then both processes stop at once: the new ones are written
    // by the shutdown, the others are not counted twice.
    await Promise.all([
      ...Array.from({ length: 40 }, (_, n) => [a, b].map((url) => open(url, many.slug, `203.0.113.${n + 1}`, userAgent(n + 5)))).flat(),
      open(a, one.slug, '198.51.100.50', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ]);
    await servers.stop();
    servers = null;
    expect(await views(one.id, many.id)).toEqual([1, 40]);
  }, 240_000);
});
