/**
 * The server bench/pages.ts measures, one interface for its two forms: started in the script's own
 * process (bootstrap + startHttpServer, one JavaScript thread), or the built server `node
 * build/server/main.js` in its own process(es) with WEB_CONCURRENCY=N. Either way on the database that
 * bench-database.ts prepared, with the page cache size given (PAGE_CACHE_MB; 0 = off).
 */
import { Agent } from 'node:http';
import { type BuiltServer, startBuiltServer } from './built-server';
import { expectCache, rawGet, REQUEST_HEADERS } from './http';
import { type Site, startSite } from './start-site';

export interface ServerUnderTest {
  url: string;
  description: string;
  /** Processes serving HTTP (the cluster's workers; 1 for one process). */
  processes: number;
  /** The process started, for --processes; null when the server runs in this process. */
  pid: number | null;
  /** PAGE_CACHE_MB of every serving process. */
  cacheMb: number;
  views(slug: string): Promise<number>;
  /** Empties every process's page cache as a content change does; resolves when they all have. */
  emptyCache(): Promise<void>;
  /** Content changes seen so far when the server runs in this process; null when it runs in others. */
  contentChanges(): number | null;
  /** Synchronous stop for an abrupt exit. */
  kill(): void;
  close(): Promise<void>;
}

export interface ServerChoice {
  /** undefined: in this process; a number: the built server with WEB_CONCURRENCY=processes. */
  processes?: number;
  databaseFile: string;
  cacheMb: number;
}

function inThisProcess(site: Site, cacheMb: number): ServerUnderTest {
  const events = site.runtime.services.events;
  let changes = 0;
  events.onChange(() => {
    changes += 1;
  });
  return {
    url: site.url,
    description: 'in this process (bootstrap + startHttpServer: one Node process, one JavaScript thread)',
    processes: 1,
    pid: null,
    cacheMb,
    views: site.views,
    emptyCache: () => events.emitChange(),
    contentChanges: () => changes,
    kill: () => undefined,
    close: site.close,
  };
}

function inOwnProcesses(server: BuiltServer, cacheMb: number): ServerUnderTest {
  return {
    url: server.url,
    description:
      `node build/server/main.js, WEB_CONCURRENCY=${server.processes}` +
      (server.processes > 1 ? ` (a primary and ${server.processes} worker processes on node:cluster)` : ' (one process)'),
    processes: server.processes,
    pid: server.pid,
    cacheMb,
    views: server.views,
    emptyCache: server.emptyCache,
    contentChanges: () => null,
    kill: server.kill,
    close: server.close,
  };
}

export async function startServerUnderTest({ processes, databaseFile, cacheMb }: ServerChoice): Promise<ServerUnderTest> {
  // One load generator on one address renders every page it warms: the per-address miss limit is for
  // hostile visitors (bench/cache-flood.ts measures it), not for a bench's own warm-up.
  const env = { PAGE_CACHE_MB: String(cacheMb), PAGE_CACHE_MISSES_PER_MINUTE: '0' };
  return processes === undefined
    ? inThisProcess(await startSite({ databaseFile, env }), cacheMb)
    : inOwnProcesses(await startBuiltServer(processes, { databaseUrl: databaseFile, env }), cacheMb);
}

/**
 * Fills every process's cache entry for `url` right after the caches were emptied: with N processes,
 * N requests on new connections reach the N workers in turn (the cluster's primary hands each new
 * connection to the next worker), so the first N must all miss (a hit would be a worker that kept its
 * old page) and the next N must all hit. Returns the bodies served from the caches.
 */
export async function warmEveryProcess(url: string, processes: number): Promise<Set<string>> {
  const hint = processes > 1 ? ` (${processes} processes: every worker must have dropped its page and then stored it)` : '';
  try {
    for (let index = 0; index < processes; index++) await expectCache(url, 'MISS');
    const bodies = new Set<string>();
    for (let index = 0; index < processes; index++) bodies.add((await expectCache(url, 'HIT')).body.toString('base64'));
    return bodies;
  } catch (error) {
    throw new Error(`${(error as Error).message}${hint}`);
  }
}

/**
 * After a cached run: every process still answers from its cache, with the page it stored before the
 * run. A build page embeds the time it was rendered, so a re-render during the run would show.
 */
export async function stillCached(url: string, processes: number, before: Set<string>): Promise<string | null> {
  for (let index = 0; index < processes; index++) {
    const response = await rawGet(url, REQUEST_HEADERS);
    if (response.headers['x-cache'] !== 'HIT') return `X-Cache ${String(response.headers['x-cache'])} after the run`;
    if (!before.has(response.body.toString('base64'))) return 'a page rendered during the run was served from the cache after it';
  }
  return null;
}

/**
 * The server really renders every request: the same URL twice on one connection (one process) is a
 * MISS both times. With the cache on the second would be a HIT.
 */
export async function expectNoCache(url: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await expectCache(url, 'MISS', REQUEST_HEADERS, agent);
    await expectCache(url, 'MISS', REQUEST_HEADERS, agent);
  } finally {
    agent.destroy();
  }
}
