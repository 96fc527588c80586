/**
 * Memory of the built server after every public page has been asked for, for bench/pages.ts: a fresh
 * `node build/server/main.js` (WEB_CONCURRENCY=N, the default page cache bound) is crawled page by page
 * (every build page, every home page of the unfiltered list and of each category, the sitemap), and the
 * resident memory (RSS) of each of its processes is read from /proc/<pid>/status before and after.
 *
 * Every worker keeps its own cache, so every worker is made to render and store every page: one
 * keep-alive connection per worker (the cluster's primary hands new connections to the workers in turn;
 * checked: each connection's first request must be a MISS), all crawling the same list at once. That is
 * the worst case for the per-process bound: with 3,000 builds the pages weigh several times the bound,
 * so the LRU must evict.
 *
 * The app exposes no cache counter, so the bytes the cache holds are estimated from the answers: what
 * the page cache counts per entry (the identity body, the br copy and a fixed overhead), summed over
 * the crawl, capped by the bound (the LRU evicts beyond it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { BuiltServer } from './built-server';
import { rawGet, REQUEST_HEADERS } from './http';
import { printTable } from './table';

/** ENTRY_OVERHEAD_BYTES of src/server/middleware/page-cache.ts: what an entry counts on top of its bodies. */
const ENTRY_OVERHEAD_BYTES = 2048;
const MB = 1024 * 1024;

export interface ProcessMemory {
  pid: number;
  role: 'primary' | 'worker' | 'single process';
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Peak RSS of the process's life (VmHWM). */
  peakMb: number;
}

export interface CrawlReport {
  /** Distinct paths crawled (each by every worker). */
  pages: number;
  requests: number;
  seconds: number;
  failures: string[];
  /** Sum of what the cache would count for every crawled answer, without a bound. */
  unboundedCacheBytes: number;
  /** PAGE_CACHE_MB in bytes. */
  boundBytes: number;
  /** Estimate of what each worker's cache holds at the end: min(unbounded, bound). */
  estimatedCacheBytes: number;
  processes: ProcessMemory[];
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Child processes of `pid`, from /proc/<n>/stat (field 4 is the parent; the name in field 2 may hold spaces). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we listed /proc.
    }
  }
  return children.sort((a, b) => a - b);
}

function serverProcesses(server: BuiltServer): { pid: number; role: ProcessMemory['role'] }[] {
  if (server.processes === 1) return [{ pid: server.pid, role: 'single process' }];
  const workers = childrenOf(server.pid);
  if (workers.length !== server.processes) throw new Error(`expected ${server.processes} worker processes under ${server.pid}, found ${workers.length}`);
  return [{ pid: server.pid, role: 'primary' }, ...workers.map((pid) => ({ pid, role: 'worker' as const }))];
}

/** One keep-alive connection per worker; each first request must render (a HIT would be a worker already reached). */
async function connectionPerWorker(server: BuiltServer): Promise<Agent[]> {
  const agents: Agent[] = [];
  for (let index = 0; index < server.processes; index++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const response = await rawGet(`${server.url}/robots.txt`, REQUEST_HEADERS, agent);
    if (response.headers['x-cache'] !== 'MISS') {
      agents.forEach((open) => open.destroy());
      throw new Error(`connection ${index + 1} of ${server.processes} reached a worker another connection already reached (X-Cache ${String(response.headers['x-cache'])})`);
    }
  }
  return agents;
}

/** Crawls `paths` in order on one connection; returns the cache weight of each answer (from the first connection only). */
async function crawlOn(base: string, paths: string[], agent: Agent, failures: string[], weigh: boolean): Promise<number> {
  let bytes = 0;
  for (const path of paths) {
    const response = await rawGet(`${base}${path}`, REQUEST_HEADERS, agent);
    if (response.status !== 200) {
      failures.push(`${path}: ${response.status}`);
      continue;
    }
    if (!weigh) continue;
    const identity = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body).length : response.body.length;
    const compressed = response.headers['content-encoding'] === 'br' ? response.body.length : 0;
    bytes += identity + compressed + ENTRY_OVERHEAD_BYTES;
  }
  return bytes;
}

export async function crawlForMemory(server: BuiltServer, paths: string[], cacheMb: number): Promise<CrawlReport> {
  if (!existsSync('/proc/self/status')) throw new Error('no /proc: the memory figures need Linux');
  const processes = serverProcesses(server);
  const before = new Map(processes.map(({ pid }) => [pid, memoryOf(pid)]));
  const agents = await connectionPerWorker(server);
  const failures: string[] = [];
  const started = performance.now();
  let unbounded = 0;
  try {
    const weights = await Promise.all(agents.map((agent, index) => crawlOn(server.url, paths, agent, failures, index === 0)));
    unbounded = weights[0] ?? 0;
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  const seconds = (performance.now() - started) / 1000;
  const boundBytes = cacheMb * MB;
  return {
    pages: paths.length,
    requests: paths.length * agents.length,
    seconds,
    failures,
    unboundedCacheBytes: unbounded,
    boundBytes,
    estimatedCacheBytes: Math.min(unbounded, boundBytes),
    processes: processes.map(({ pid, role }) => {
      const after = memoryOf(pid);
      return { pid, role, rssBeforeMb: before.get(pid)!.rss, rssAfterMb: after.rss, peakMb: after.peak };
    }),
  };
}

export function printCrawl(report: CrawlReport): void {
  console.log(
    `${report.pages} pages crawled by every worker (${report.requests} requests, ${report.seconds.toFixed(1)} s), ` +
      `${report.failures.length} failures${report.failures.length ? `: ${report.failures.slice(0, 5).join(', ')}` : ''}`,
  );
  console.log(
    `cache per worker: the crawled answers weigh ${(report.unboundedCacheBytes / MB).toFixed(1)} MB as the cache counts them ` +
      `(identity + br + ${ENTRY_OVERHEAD_BYTES} B each); bound ${(report.boundBytes / MB).toFixed(0)} MB; ` +
      `held at the end ≈ ${(report.estimatedCacheBytes / MB).toFixed(1)} MB (estimate)`,
  );
  printTable(
    ['process', 'pid', 'RSS at start MB', 'RSS after crawl MB', 'growth MB', 'peak RSS MB'],
    report.processes.map((process) => [
      process.role,
      String(process.pid),
      process.rssBeforeMb.toFixed(1),
      process.rssAfterMb.toFixed(1),
      (process.rssAfterMb - process.rssBeforeMb).toFixed(1),
      process.peakMb.toFixed(1),
    ]),
  );
}
