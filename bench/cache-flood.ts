/**
 * The page cache under a flood (`npm run bench:cache-flood`, see bench/README-cache-flood.md): the built
 * server (`node build/server/main.js`, WEB_CONCURRENCY=--processes, one trusted proxy, the demo content)
 * serves its base pages (home and category homes, every build page, the search and comparison forms, feed,
 * sitemap, robots.txt, the build list, price histories) at a measured rate:
 *
 *   1. before: the base pages alone, every one cached in every worker;
 *   2. during: the same load while a second generator floods junk variants and searches (a budget per euro,
 *      made-up choices and texts, new searches, comparisons of made-up builds), each from a new address
 *      (bench/cache-flood-junk.cjs); the workers' memory (RSS) sampled meanwhile;
 *   3. after: the base pages' cache hit rate (each page asked of every worker), then the base load again.
 *
 *   npm run build && npm run bench:cache-flood -- [--seconds 10] [--connections 20] [--flood-connections 40] [--processes 2]
 *                                                  [--cache-mb 64] [--addresses 0]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { autocannon, type AutocannonResult } from './autocannon';
import { startBuiltServer } from './built-server';
import { rawGet, REQUEST_HEADERS } from './http';
import { getJson, requireProductionBuild } from './start-site';
import { printTable } from './table';

const JUNK_MODULE = fileURLToPath(new URL('./cache-flood-junk.cjs', import.meta.url));
/** The hit rate the base pages must keep after the flood. */
const TARGET_HIT_RATE = 1;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'flood-connections': { type: 'string', default: '40' },
    processes: { type: 'string', default: '2' },
    'cache-mb': { type: 'string', default: '64' },
    addresses: { type: 'string', default: '0' },
  },
});
function positiveInteger(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} must be an integer from 1 to ${max} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}
const seconds = positiveInteger('seconds', values.seconds, 60);
const connections = positiveInteger('connections', values.connections, 500);
const floodConnections = positiveInteger('flood-connections', values['flood-connections'], 500);
const processes = positiveInteger('processes', values.processes, 8);
const cacheMb = positiveInteger('cache-mb', values['cache-mb'], 4096);
/** 0: every junk request from a new address; N: from N addresses in turn (the per-address miss limit then bites). */
const addresses = values.addresses === '0' ? 0 : positiveInteger('addresses', values.addresses, 1_000_000);

requireProductionBuild('bench/cache-flood.ts');

/** The serving processes: the cluster's workers (children of the primary), or the one process. */
function servingPids(primary: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The parent pid is the fourth field, after the command name in parentheses.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === primary;
      } catch {
        return false;
      }
    })
    .map(Number);
  return children.length > 0 ? children : [primary];
}

function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const server = await startBuiltServer(processes, { env: { TRUST_PROXY: 'true', PAGE_CACHE_MB: String(cacheMb) } });
try {
  const slugs = server.builds.map((build) => build.slug);
  const categories = [...new Set((await getJson(`${server.url}/api/builds`)).builds.map((build: { category: string | null }) => build.category).filter(Boolean))] as string[];
  const basePages = [
    '/',
    ...categories.map((category) => `/?categoria=${category}`),
    ...slugs.map((slug) => `/build/${slug}`),
    '/cerca',
    '/confronta',
    '/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/api/builds',
    ...slugs.map((slug) => `/api/builds/${slug}/price-history`),
  ];
  const target = server.build;
  const component = (await getJson(`${server.url}/api/builds/${target.slug}`)).build.components[0].id as number;
  process.env.CACHE_FLOOD_SLUG = target.slug;
  process.env.CACHE_FLOOD_COMPONENT = String(component);
  process.env.CACHE_FLOOD_ADDRESSES = String(addresses);

  /** Each base page asked of every worker (a new connection each: the cluster hands them out in turn). */
  async function hitRate(): Promise<{ hits: number; asked: number; missed: string[] }> {
    let hits = 0;
    let asked = 0;
    const missed = new Set<string>();
    for (const path of basePages) {
      for (let index = 0; index < 2 * processes; index++) {
        const response = await rawGet(`${server.url}${path}`, REQUEST_HEADERS);
        asked++;
        if (response.headers['x-cache'] === 'HIT') hits++;
        else missed.add(path);
      }
    }
    return { hits, asked, missed: [...missed] };
  }

  const baseLoad = () =>
    autocannon({ url: server.url, connections, duration: seconds, workers: 1, headers: REQUEST_HEADERS, requests: basePages.map((path) => ({ method: 'GET', path })) });

  const pids = servingPids(server.pid);
  console.log(
    `${processes} process(es) (pids ${pids.join(', ')}), PAGE_CACHE_MB=${cacheMb}, ${basePages.length} base pages, ` +
      `${seconds} s per phase, ${connections} connections on base pages, ${floodConnections} flooding from ${addresses || 'a new address per request'}${addresses ? ' address(es)' : ''}; ` +
      `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  // Warm: every base page in every worker.
  await hitRate();
  await hitRate();
  const warmed = await hitRate();
  const rssBefore = pids.map(rssMb);

  const before = await baseLoad();

  const peak = pids.map(rssMb);
  const sampler = setInterval(() => pids.forEach((pid, index) => (peak[index] = Math.max(peak[index]!, rssMb(pid)))), 250);
  const [during, flood] = await Promise.all([
    baseLoad(),
    autocannon({
      url: server.url,
      connections: floodConnections,
      duration: seconds,
      workers: 1,
      headers: REQUEST_HEADERS,
      requests: [{ method: 'GET', path: '/', setupRequest: JUNK_MODULE }],
    }),
  ]);
  clearInterval(sampler);
  const rssAfterFlood = pids.map(rssMb);

  const afterHits = await hitRate();
  const after = await baseLoad();

  const rate = (result: AutocannonResult) => result.requests.average.toFixed(0);
  const latency = (result: AutocannonResult) => `${result.latency.p50} / ${result.latency.p99}`;
  const statuses = (result: AutocannonResult) =>
    Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
  const mb = (values: number[]) => values.map((value) => value.toFixed(0)).join(' / ');
  console.log('');
  printTable(
    ['Phase', 'Base pages req/s', 'Base p50 / p99 ms', 'Base statuses', 'Junk req/s', 'Junk statuses', 'RSS per worker (MB)'],
    [
      ['before', rate(before), latency(before), statuses(before), '–', '–', mb(rssBefore)],
      ['during the flood', rate(during), latency(during), statuses(during), rate(flood), statuses(flood), `${mb(peak)} (peak), ${mb(rssAfterFlood)} (end)`],
      ['after', rate(after), latency(after), statuses(after), '–', '–', mb(pids.map(rssMb))],
    ],
  );
  const share = afterHits.hits / afterHits.asked;
  console.log('');
  console.log(`base pages cached before the flood: ${warmed.hits} of ${warmed.asked} requests were hits`);
  console.log(
    `base pages' hit rate after the flood: ${afterHits.hits} of ${afterHits.asked} (${(share * 100).toFixed(1)} %; target ${TARGET_HIT_RATE * 100} %)` +
      (afterHits.missed.length > 0 ? `; missed: ${afterHits.missed.join(', ')}` : ''),
  );
  console.log(`junk requests sent: ${flood.requests.sent}, errors ${flood.errors}, timeouts ${flood.timeouts}`);
  process.exitCode = share >= TARGET_HIT_RATE && before.errors + during.errors + after.errors === 0 ? 0 : 1;
} finally {
  await server.close();
}
