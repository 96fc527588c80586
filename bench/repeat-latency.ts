/**
 * Latency of answers that are asked for again and again, for bench/pages.ts: the sitemap and the build
 * list API. The first request after a content change renders (and, with the cache on, stores); the ones
 * after it are what crawlers and API clients get most of the time. Sequential requests, each on a new
 * connection like a crawler's, so with several processes they go round every worker.
 */
import { percentile, rawGet, REQUEST_HEADERS } from './http';
import type { ServerUnderTest } from './server-under-test';
import { printTable } from './table';

/** The answers measured: the sitemap, the default list, and a filtered, searched page of it. */
export const REPEATED_PATHS = ['/sitemap.xml', '/api/builds', '/api/builds?category=gaming&q=ryzen&limit=100&offset=0'];

export interface RepeatLatency {
  path: string;
  /** PAGE_CACHE_MB of the server measured (0: every answer renders). */
  cacheMb: number;
  /** The first request after the caches were emptied: it renders. */
  firstMs: number;
  firstCache: string;
  /** Every worker's first request (the first one included): each worker renders once. */
  firstPerProcessMs: number[];
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Repeat answers served from the cache (X-Cache HIT). */
  hits: number;
  bytes: number;
}

const HEADERS = { ...REQUEST_HEADERS, accept: '*/*' };

async function timedGet(url: string): Promise<{ ms: number; cache: string; bytes: number }> {
  const response = await rawGet(url, HEADERS);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body.toString('utf8', 0, 300)}`);
  return { ms: response.milliseconds, cache: String(response.headers['x-cache'] ?? '-'), bytes: response.body.length };
}

export async function measureRepeats(server: ServerUnderTest, path: string, count: number): Promise<RepeatLatency> {
  const url = `${server.url}${path}`;
  if (server.cacheMb > 0) await server.emptyCache();
  // One request per process on new connections: the primary hands them to the workers in turn.
  const firsts = [];
  for (let index = 0; index < server.processes; index++) firsts.push(await timedGet(url));
  const repeats = [];
  for (let index = 0; index < count; index++) repeats.push(await timedGet(url));
  const sorted = repeats.map((repeat) => repeat.ms).sort((a, b) => a - b);
  return {
    path,
    cacheMb: server.cacheMb,
    firstMs: firsts[0]!.ms,
    firstCache: firsts[0]!.cache,
    firstPerProcessMs: firsts.map((first) => first.ms),
    count,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    hits: repeats.filter((repeat) => repeat.cache === 'HIT').length,
    bytes: firsts[0]!.bytes,
  };
}

export function printRepeats(results: RepeatLatency[]): void {
  const header = ['answer', 'cache', 'first ms', 'first per process', 'repeats', 'p50 ms', 'p99 ms', 'max ms', 'HIT', 'bytes (br)'];
  const lines = results.map((result) => [
    result.path,
    result.cacheMb > 0 ? `${result.cacheMb} MB` : 'off',
    result.firstMs.toFixed(1),
    result.firstPerProcessMs.map((ms) => ms.toFixed(1)).join(' / '),
    String(result.count),
    result.p50.toFixed(2),
    result.p99.toFixed(2),
    result.max.toFixed(2),
    String(result.hits),
    String(result.bytes),
  ]);
  printTable(header, lines);
}
