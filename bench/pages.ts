/**
 * Page throughput benchmark (`npm run bench:pages`, see bench/README-pages.md).
 *
 * Starts the production server (built React Router app, page cache) in-process on a fresh SQLite
 * database with the demo content (or, with --processes N, the built server `node build/server/main.js`
 * with WEB_CONCURRENCY=N in its own processes), and loads with autocannon, one after the other:
 *   GET /  and  GET /build/<slug>   served from the page cache (warmed first: every request is a hit);
 *   the same pages served by nginx as static files (the exact bytes our server sends, precompressed);
 *   the same pages bypassing the cache (a unique ?nocache=<n> per request: every request renders).
 * Prints requests/s and latency p50/p99 per target and, for the cached pages, the ratio of our
 * throughput to nginx's against the 25 % target.
 *
 *   npm run build && npx tsx bench/pages.ts [--duration 10] [--connections 20] [--warmup 1] [--workers 1] [--generator wrk]
 *                                           [--processes N]
 *
 * The load generator is autocannon (programmatic, in a worker thread). `--generator wrk` uses wrk
 * (Debian package, C, separate process) instead: it needs far less CPU per request, so on a small
 * machine it shows how far nginx really goes when autocannon is the limit.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type BuiltServer, startBuiltServer } from './built-server';
import { BENCH_USER_AGENT, ensureProductionProcess, freePort, type PublishedBuild, requireProductionBuild, type Site, startSite } from './start-site';

import { autocannon } from './autocannon';

/** Cached-page throughput must be at least this share of nginx's for the same page. */
const TARGET_RATIO = 0.25;
/** The page cache keeps an entry 60 s (src/server/app.ts): a cached run must fit in that window. */
const PAGE_CACHE_TTL_S = 60;
/** $NGINX_BIN / $WRK_BIN replace the default locations (Debian's packages). */
const NGINX_CANDIDATES = process.env.NGINX_BIN ? [process.env.NGINX_BIN] : ['/usr/sbin/nginx', '/usr/bin/nginx'];
const WRK_CANDIDATES = process.env.WRK_BIN ? [process.env.WRK_BIN] : ['/usr/bin/wrk', '/usr/local/bin/wrk'];
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** What a browser sends: the page cache answers br (it prefers br when accepted), nginx likewise. */
const REQUEST_HEADERS = {
  'user-agent': BENCH_USER_AGENT,
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, br',
};

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  /** autocannon worker threads, or wrk threads. */
  workers: number;
  generator: 'autocannon' | 'wrk';
  /** Path of the wrk binary when generator is wrk. */
  wrk?: string;
  /** Run the built server in its own process(es) with WEB_CONCURRENCY=processes; undefined: in this process. */
  processes?: number;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '1' },
      workers: { type: 'string', default: '1' },
      generator: { type: 'string', default: 'autocannon' },
      processes: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npx tsx bench/pages.ts [--duration <s>=10] [--connections <n>=20] [--warmup <s>=1] [--workers <n>=1]\n' +
        '                              [--generator autocannon|wrk] [--processes <n>]\n' +
        '  Needs `npm run build` first. nginx (Debian package) is started from /usr/sbin/nginx, or $NGINX_BIN.\n' +
        '  --workers     load generator threads: autocannon worker threads (0 runs autocannon on the server\'s own\n' +
        '                event loop, which skews the figures), or wrk threads (at least 1)\n' +
        '  --generator   autocannon (default, npm) or wrk (apt-get install -y wrk; needs less CPU per request)\n' +
        '  --processes   benchmark the built server (node build/server/main.js) with WEB_CONCURRENCY=n in its own\n' +
        '                processes, instead of the server started in this process (the default)',
    );
    process.exit(0);
  }
  const number = (name: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      process.exit(2);
    }
    return value;
  };
  if (values.generator !== 'autocannon' && values.generator !== 'wrk') {
    console.error(`--generator must be autocannon or wrk (got "${values.generator}")`);
    process.exit(2);
  }
  const options: Options = {
    duration: number('duration', values.duration, 1, 50),
    connections: number('connections', values.connections, 1),
    warmup: number('warmup', values.warmup, 0, 5),
    workers: number('workers', values.workers, values.generator === 'wrk' ? 1 : 0),
    generator: values.generator,
    ...(values.processes === undefined ? {} : { processes: number('processes', values.processes, 1, 16) }),
  };
  if (options.generator === 'wrk') {
    options.wrk = WRK_CANDIDATES.find((path) => existsSync(path));
    if (!options.wrk) {
      console.error(`wrk not found (looked for ${WRK_CANDIDATES.join(', ')}). Install it from Debian:\n\n  apt-get install -y wrk\n`);
      process.exit(1);
    }
    if (options.connections < options.workers) {
      console.error('--connections must be at least --workers with wrk');
      process.exit(2);
    }
  }
  if (options.duration + options.warmup + 5 > PAGE_CACHE_TTL_S) {
    console.error(`--duration + --warmup must stay under ${PAGE_CACHE_TTL_S - 5} s: cache entries live ${PAGE_CACHE_TTL_S} s`);
    process.exit(2);
  }
  return options;
}

/** Share of all cores' time spent not idle during the next `ms` milliseconds (this process is idle meanwhile). */
async function cpuBusyShare(ms: number): Promise<number> {
  const sample = () =>
    cpus().reduce(
      (sum, cpu) => ({ idle: sum.idle + cpu.times.idle, total: sum.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }),
      { idle: 0, total: 0 },
    );
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

// ---------------------------------------------------------------------------------------------------
// Raw HTTP (fetch would decompress the body; nginx must be given the exact bytes on the wire)

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Without an agent, each request opens its own connection (with several processes: the next worker's). */
function rawGet(url: string, headers: Record<string, string>, agent: Agent | false = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url}: timeout`)));
    req.on('error', reject);
    req.end();
  });
}

async function expectCache(url: string, state: 'HIT' | 'MISS'): Promise<RawResponse> {
  const response = await rawGet(url, REQUEST_HEADERS);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  if (response.headers['x-cache'] !== state) {
    throw new Error(`GET ${url}: expected X-Cache ${state}, got ${String(response.headers['x-cache'])}`);
  }
  return response;
}

/**
 * Fills every process's cache entry for `url` right after the caches were emptied: with N processes,
 * N requests on new connections reach the N workers in turn (the cluster's primary hands each new
 * connection to the next worker), so the first N must all miss (a hit would be a worker that kept its
 * old page) and the next N must all hit. Returns the bodies served from the caches.
 */
async function warmEveryProcess(url: string, processes: number): Promise<Set<string>> {
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
async function stillCached(url: string, processes: number, before: Set<string>): Promise<string | null> {
  for (let index = 0; index < processes; index++) {
    const response = await rawGet(url, REQUEST_HEADERS);
    if (response.headers['x-cache'] !== 'HIT') return `X-Cache ${String(response.headers['x-cache'])} after the run`;
    if (!before.has(response.body.toString('base64'))) return 'a page rendered during the run was served from the cache after it';
  }
  return null;
}

/** The server under test: started in this process (default), or the built server in its own process(es). */
interface ServerUnderTest {
  url: string;
  description: string;
  processes: number;
  builds: PublishedBuild[];
  build: PublishedBuild;
  views(slug: string): Promise<number>;
  /** Empties every process's page cache as a content change does; resolves when they all have. */
  emptyCache(): Promise<void>;
  /** Content changes seen so far when the server runs in this process; null when it runs in others. */
  contentChanges(): number | null;
  /** Temporary directories to remove on an abrupt exit. */
  dirs: string[];
  /** Synchronous stop for an abrupt exit. */
  kill(): void;
  close(): Promise<void>;
}

function inThisProcess(site: Site): ServerUnderTest {
  const events = site.runtime.services.events;
  let changes = 0;
  events.onChange(() => {
    changes += 1;
  });
  return {
    url: site.url,
    description: 'in this process (bootstrap + startHttpServer: one Node process, one JavaScript thread)',
    processes: 1,
    builds: site.builds,
    build: site.build,
    views: site.views,
    emptyCache: () => events.emitChange(),
    contentChanges: () => changes,
    dirs: [site.dir],
    kill: () => undefined,
    close: site.close,
  };
}

function inOwnProcesses(server: BuiltServer): ServerUnderTest {
  return {
    url: server.url,
    description:
      `node build/server/main.js, WEB_CONCURRENCY=${server.processes}` +
      (server.processes > 1 ? ` (a primary and ${server.processes} worker processes on node:cluster)` : ' (one process)'),
    processes: server.processes,
    builds: server.builds,
    build: server.build,
    views: server.views,
    emptyCache: server.emptyCache,
    contentChanges: () => null,
    dirs: [server.dir],
    kill: server.kill,
    close: server.close,
  };
}

interface PageBodies {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Response headers of the cached page to repeat in nginx (everything but framing and encoding). */
  headers: [string, string][];
}

/**
 * The three stored encodings of a cached page, exactly as the page cache sends them: on one keep-alive
 * connection, so with several processes all three come from the same worker's cache entry.
 */
async function capturePage(url: string): Promise<PageBodies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await captureOn(url, agent);
  } finally {
    agent.destroy();
  }
}

async function captureOn(url: string, agent: Agent): Promise<PageBodies> {
  const get = async (encoding: string) => {
    const response = await rawGet(url, { ...REQUEST_HEADERS, 'accept-encoding': encoding }, agent);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const sent = response.headers['content-encoding'] ?? 'identity';
    if (sent !== encoding) throw new Error(`GET ${url} with Accept-Encoding ${encoding} answered ${sent}`);
    return response;
  };
  const identity = await get('identity'); // the first request renders and stores the page
  const gzip = await get('gzip');
  const br = await get('br');
  if (!gunzipSync(gzip.body).equals(identity.body) || !brotliDecompressSync(br.body).equals(identity.body)) {
    throw new Error(`GET ${url}: the compressed bodies do not match the identity body (page re-rendered between requests?)`);
  }
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'content-type', 'vary']);
  const headers = Object.entries(br.headers)
    .filter(([name, value]) => !skip.has(name) && typeof value === 'string' && !/["$\\]/.test(value))
    .map(([name, value]) => [name, value as string] as [string, string]);
  return { identity: identity.body, gzip: gzip.body, br: br.body, headers };
}

// ---------------------------------------------------------------------------------------------------
// nginx

interface Nginx {
  url: string;
  /** Temporary prefix (config, pages, logs); stop() removes it. */
  dir: string;
  /** Synchronous, for an abrupt exit: asks the master to stop (SIGTERM). */
  kill(): void;
  brotli: boolean;
  version: string;
  stop(): Promise<void>;
}

function errorLogTail(dir: string): string {
  const file = join(dir, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-10).join('\n') : '(no error log)';
}

function findNginx(): string | undefined {
  return NGINX_CANDIDATES.find((path) => existsSync(path));
}

/**
 * nginx in the foreground with a temporary prefix: the pages are static files (same paths as on our
 * server) next to their .br and .gz copies, which brotli_static / gzip_static send as they are.
 */
async function startNginx(binary: string, pages: { path: string; bodies: PageBodies }[]): Promise<Nginx> {
  // A directory of its own under the system temp dir: nginx's workers run as "nobody" when the master
  // is root, so it must be readable by all (mkdtemp creates it 0700).
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-bench-nginx-'));
  const www = join(dir, 'www');
  for (const { path, bodies } of pages) {
    const file = path === '/' ? join(www, 'index.html') : join(www, ...path.split('/').filter(Boolean));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, bodies.identity);
    writeFileSync(`${file}.gz`, bodies.gzip);
    writeFileSync(`${file}.br`, bodies.br);
  }
  chmodSync(dir, 0o755);
  spawnSync('chmod', ['-R', 'a+rX', www]);

  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const port = await freePort();
  // Same response headers as the cached page (security headers, Cache-Control, X-Cache), so both
  // servers send about the same bytes.
  const addHeaders = (pages[0]?.bodies.headers ?? []).map(([name, value]) => `      add_header ${name} "${value}";`).join('\n');
  const config = `
${brotli ? `load_module ${BROTLI_STATIC_MODULE};` : ''}
daemon off;
master_process on;
worker_processes auto;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  sendfile on;
  tcp_nopush on;
  open_file_cache max=100;
  keepalive_timeout 65;
  # The load generator keeps its connections open for the whole run, as it does with our server.
  keepalive_requests 10000000;
  types { }
  default_type text/html;
  charset utf-8;
  etag off;
  gzip off;
  gzip_static on;
  gzip_vary on;
  ${brotli ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    index index.html;
    location / {
${addHeaders}
    }
  }
}
`;
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: /, '');
  const child: ChildProcess = spawn(binary, ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // SIGTERM is nginx's fast shutdown: the master stops its workers, then itself.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 5_000;
    for (;;) {
      if (exited) throw new Error(`nginx exited at start-up:\n${errorLogTail(dir)}`);
      let last = 'no answer';
      try {
        const status = (await rawGet(`${url}/`, REQUEST_HEADERS)).status;
        if (status === 200) break;
        last = `status ${status}`;
      } catch (error) {
        last = (error as Error).message; // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer 200 on ${url}/ within 5 s (${last})\n${errorLogTail(dir)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir, kill: killOnExit, brotli, version, stop };
}

// ---------------------------------------------------------------------------------------------------
// Load

interface Row {
  target: string;
  generator: Options['generator'];
  kind: 'cached' | 'nginx' | 'uncached';
  page: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

/** Loaded by autocannon (in its worker thread): a unique query string per request, so the cache never hits. */
const NOCACHE_MODULE = `'use strict';
const { threadId } = require('node:worker_threads');
const prefix = process.pid + '-' + threadId + '-' + Math.random().toString(36).slice(2, 8) + '-';
let counter = 0;
module.exports = function setupRequest(request) {
  counter += 1;
  const separator = request.path.includes('?') ? '&' : '?';
  return { ...request, path: request.path + separator + 'nocache=' + prefix + counter };
};
`;

/**
 * The same for wrk: one Lua state per thread; setup() numbers the threads, init() receives a prefix
 * unique to this wrk invocation (so the measured run does not replay the warm-up's URLs).
 */
const NOCACHE_LUA = `local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
local counter = 0
local prefix = ""
function init(args)
  prefix = args[1] or ""
end
function request()
  counter = counter + 1
  local separator = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. separator .. "nocache=" .. prefix .. "-" .. id .. "-" .. counter)
end
`;

type Label = { target: string; kind: Row['kind']; page: string };
interface NocacheScripts {
  autocannon: string;
  wrk: string;
}

function load(options: Options, label: Label, base: string, path: string, nocache?: NocacheScripts): Promise<Row> {
  return options.generator === 'wrk' ? loadWithWrk(options, label, base, path, nocache) : loadWithAutocannon(options, label, base, path, nocache);
}

function describeRow(row: Row, path: string, nocache: boolean, extra: string) {
  const digits = row.generator === 'wrk' ? 2 : 0;
  console.log(
    `${row.target}  (${path}${nocache ? '?nocache=<unique>' : ''})\n` +
      `  requests/s (avg) ${row.requestsPerSecond.toFixed(1)}   latency p50 ${row.p50.toFixed(digits)} ms   p99 ${row.p99.toFixed(digits)} ms${extra}\n` +
      `  ${row.total} requests, ~${Math.round(row.bytesPerResponse)} bytes/response incl. headers, non-2xx ${row.non2xx}, errors/timeouts ${row.errors}\n`,
  );
}

async function loadWithAutocannon(options: Options, label: Label, base: string, path: string, nocache?: NocacheScripts): Promise<Row> {
  const setupRequest = nocache?.autocannon;
  const result = await autocannon({
    url: `${base}${path}`,
    connections: options.connections,
    duration: options.duration,
    ...(options.workers > 0 ? { workers: options.workers } : {}),
    headers: REQUEST_HEADERS,
    ...(setupRequest ? { requests: [{ method: 'GET', path, setupRequest }] } : {}),
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
  });
  const total = result.requests.total ?? result['2xx'] + result.non2xx;
  const row: Row = {
    ...label,
    generator: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    bytesPerResponse: total > 0 ? (result.throughput.total ?? 0) / total : 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  describeRow(row, path, Boolean(setupRequest), `   (avg ${result.latency.average.toFixed(2)} ms, max ${result.latency.max.toFixed(2)} ms), status codes { ${codes} }`);
  return row;
}

function runWrk(options: Options, seconds: number, url: string, script?: string, prefix?: string): Promise<string> {
  const args = ['-t', String(options.workers), '-c', String(options.connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(REQUEST_HEADERS)) args.push('-H', `${name}: ${value}`);
  if (script) args.push('-s', script);
  args.push(url);
  if (prefix) args.push('--', prefix);
  return new Promise((resolve, reject) => {
    execFile(options.wrk!, args, { timeout: (seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** wrk prints times as 812.00us, 1.20ms or 1.05s. */
function wrkMilliseconds(value: string, unit: string): number {
  const number = Number(value);
  return unit === 'us' ? number / 1000 : unit === 's' ? number * 1000 : unit === 'm' ? number * 60_000 : number;
}

function wrkBytes(value: string, unit: string): number {
  const scale: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };
  return Number(value) * (scale[unit] ?? 1);
}

async function loadWithWrk(options: Options, label: Label, base: string, path: string, nocache?: NocacheScripts): Promise<Row> {
  const url = `${base}${path}`;
  const script = nocache?.wrk;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  if (options.warmup > 0) await runWrk(options, options.warmup, url, script, `${run}w`);
  const output = await runWrk(options, options.duration, url, script, `${run}m`);
  const match = (pattern: RegExp) => output.match(pattern);
  const perSecond = match(/Requests\/sec:\s+([\d.]+)/);
  const p50 = match(/^\s+50%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const p99 = match(/^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const totals = match(/(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB|TB) read/);
  if (!perSecond || !p50 || !p99 || !totals) throw new Error(`could not read wrk's output:\n${output}`);
  const socket = match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const total = Number(totals[1]);
  const row: Row = {
    ...label,
    generator: 'wrk',
    requestsPerSecond: Number(perSecond[1]),
    p50: wrkMilliseconds(p50[1]!, p50[2]!),
    p99: wrkMilliseconds(p99[1]!, p99[2]!),
    total,
    bytesPerResponse: total > 0 ? wrkBytes(totals[2]!, totals[3]!) / total : 0,
    non2xx: Number(match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
  };
  describeRow(row, path, Boolean(script), '');
  return row;
}

function printTable(rows: Row[]) {
  const nginxFor = (page: string) => rows.find((row) => row.kind === 'nginx' && row.page === page);
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'bytes/resp', 'non-2xx', 'errors', 'vs nginx', `>= ${TARGET_RATIO * 100}%`];
  const lines = rows.map((row) => {
    const digits = row.generator === 'wrk' ? 2 : 0;
    const nginx = row.kind === 'nginx' ? undefined : nginxFor(row.page);
    const ratio = nginx && nginx.requestsPerSecond > 0 ? row.requestsPerSecond / nginx.requestsPerSecond : undefined;
    const verdict = row.kind === 'cached' && ratio !== undefined ? (ratio >= TARGET_RATIO ? 'PASS' : 'FAIL') : '';
    return [
      row.target,
      row.requestsPerSecond.toFixed(1),
      row.p50.toFixed(digits),
      row.p99.toFixed(digits),
      String(row.total),
      String(Math.round(row.bytesPerResponse)),
      String(row.non2xx),
      String(row.errors),
      ratio === undefined ? '' : `${(ratio * 100).toFixed(1)} %`,
      verdict,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/pages.ts');
  const options = parseOptions();

  const work = mkdtempSync(join(tmpdir(), 'buildpc-bench-pages-'));
  let site: ServerUnderTest | undefined;
  let nginx: Nginx | undefined;
  const stopAll = () => {
    // Ctrl-C: nginx and the server must not outlive the script, nor the temporary directories.
    nginx?.kill();
    site?.kill();
    for (const dir of [work, nginx?.dir, ...(site?.dirs ?? [])]) if (dir) rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  try {
    site = options.processes === undefined ? inThisProcess(await startSite()) : inOwnProcesses(await startBuiltServer(options.processes));
    const buildPath = `/build/${site.build.slug}`;
    const pages = [
      { label: 'GET /', path: '/' },
      { label: 'GET /build/:slug', path: buildPath },
    ];
    const viewsBefore = await site.views(site.build.slug);

    // The exact bytes the cache sends, for nginx.
    const captured = [];
    for (const page of pages) captured.push({ path: page.path, bodies: await capturePage(`${site.url}${page.path}`) });

    const binary = findNginx();
    if (binary) {
      nginx = await startNginx(binary, captured);
      for (const { path, bodies } of captured) {
        const served = await rawGet(`${nginx.url}${path}`, REQUEST_HEADERS);
        const expected = nginx.brotli ? bodies.br : bodies.gzip;
        if (served.status !== 200 || !served.body.equals(expected)) {
          throw new Error(`nginx ${path}: status ${served.status}, ${served.body.length} bytes, expected the cached ${nginx.brotli ? 'br' : 'gzip'} body (${expected.length} bytes)`);
        }
      }
    }

    const nocache: NocacheScripts = { autocannon: join(work, 'nocache-request.cjs'), wrk: join(work, 'nocache-request.lua') };
    writeFileSync(nocache.autocannon, NOCACHE_MODULE);
    writeFileSync(nocache.wrk, NOCACHE_LUA);

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\nbench:pages: production build, SQLite, ${site.builds.length} published demo builds (build page: ${site.build.slug}, ` +
        `${site.build.component_count} components), node ${process.version}, NODE_ENV=${process.env.NODE_ENV}`,
    );
    console.log(`             server: ${site.description}`);
    console.log(
      `             ${availableParallelism()} cores (${cpu}), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}; ` +
        'server, nginx and load generator share these cores',
    );
    console.log(
      `             ${options.duration} s per target after ${options.warmup} s warm-up, ${options.connections} connections, ` +
        (options.generator === 'wrk'
          ? `wrk (${options.workers} thread(s), separate process)`
          : options.workers === 0
            ? 'autocannon on the main thread'
            : `autocannon in ${options.workers} worker thread(s)`) +
        ', ' +
        `User-Agent "${BENCH_USER_AGENT}", Accept-Encoding "${REQUEST_HEADERS['accept-encoding']}"`,
    );
    // The load average lags by a minute (it still counts a previous run): measure what other work takes now.
    const busy = await cpuBusyShare(1000);
    console.log(`             CPU busy with other work before the runs: ${(busy * 100).toFixed(0)} % of ${availableParallelism()} cores (1 s sample)`);
    if (busy > 0.15) {
      console.log('             WARNING: other work is competing for the CPU: the figures will be low and noisy. Run again on an idle machine.');
    }
    for (const { path, bodies } of captured) {
      console.log(`             ${path}: ${bodies.identity.length} bytes of HTML, ${bodies.br.length} br, ${bodies.gzip.length} gzip`);
    }
    if (nginx) {
      console.log(
        `             nginx ${nginx.version} at ${nginx.url}: static files, ${nginx.brotli ? 'brotli_static + gzip_static (sends the same br bytes)' : 'gzip_static only (brotli module missing: sends the gzip copy)'}, worker_processes auto`,
      );
      if (!nginx.brotli) {
        console.log('             for the same br bytes as our server: apt-get install -y libnginx-mod-http-brotli-static');
      }
    } else {
      console.log(
        '\n  nginx not found (looked for ' + NGINX_CANDIDATES.join(', ') + '): the nginx comparison is SKIPPED.\n' +
          '  Install it from Debian and run again:\n\n    apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-static\n',
      );
    }
    console.log('');

    const rows: Row[] = [];
    const invalid: string[] = [];
    for (const page of pages) {
      // Cached: fresh entries (emptied, then stored by one request per process) live 60 s, longer than
      // the run; nothing else in the run stores or clears entries, so every request is a hit.
      const url = `${site.url}${page.path}`;
      await site.emptyCache();
      const stored = await warmEveryProcess(url, site.processes);
      const changesBefore = site.contentChanges();
      rows.push(await load(options, { target: `${page.label} cached`, kind: 'cached', page: page.path }, site.url, page.path));
      const problem = await stillCached(url, site.processes, stored);
      if (problem) invalid.push(`${page.label} cached: ${problem}`);
      if (site.contentChanges() !== changesBefore) invalid.push(`${page.label} cached: the page cache was emptied during the run (content change)`);
      if (nginx) rows.push(await load(options, { target: `${page.label} nginx static`, kind: 'nginx', page: page.path }, nginx.url, page.path));
    }
    for (const page of pages) {
      const probe = `${page.path}${page.path.includes('?') ? '&' : '?'}nocache=probe-${Date.now()}`;
      await expectCache(`${site.url}${probe}`, 'MISS');
      rows.push(await load(options, { target: `${page.label} uncached`, kind: 'uncached', page: page.path }, site.url, page.path, nocache));
    }

    const viewsAfter = await site.views(site.build.slug);
    console.log(`views of ${site.build.slug}: ${viewsBefore} before, ${viewsAfter} after (bot User-Agent: not counted)\n`);

    console.log(
      `Summary (${options.generator}, ${options.duration} s per target, ${options.connections} connections, ` +
        `${options.processes === undefined ? 'server in-process' : `built server, WEB_CONCURRENCY=${options.processes}`}; ` +
        `latency in ${options.generator === 'wrk' ? 'ms' : 'whole ms (autocannon\'s histogram resolution)'})`,
    );
    printTable(rows);
    const cached = rows.filter((row) => row.kind === 'cached');
    if (nginx) {
      const failed = cached.filter((row) => {
        const reference = rows.find((other) => other.kind === 'nginx' && other.page === row.page);
        return !reference || row.requestsPerSecond < TARGET_RATIO * reference.requestsPerSecond;
      });
      console.log(
        `\nTarget: cached pages at least ${TARGET_RATIO * 100} % of nginx's requests/s for the same page: ` +
          (failed.length === 0 ? 'PASS' : `FAIL (${failed.map((row) => row.target).join(', ')})`),
      );
    } else {
      console.log('\nTarget (cached pages >= 25 % of nginx): NOT CHECKED, nginx is not installed.');
    }
    console.log(
      'All servers and the load generator ran on the same machine and shared its cores: the figures are for comparison on this machine, not capacity.',
    );
    if (options.generator === 'autocannon' && nginx) {
      console.log(
        'nginx answers a static file in microseconds: at these rates the autocannon thread, not nginx, is usually the limit, so the\n' +
          'ratio is an upper bound. Cross-check with `--generator wrk` (apt-get install -y wrk), which needs far less CPU per request.',
      );
    }
    console.log(`Load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    for (const row of rows) if (row.non2xx > 0 || row.errors > 0) invalid.push(`${row.target}: ${row.non2xx} non-2xx, ${row.errors} errors`);
    if (viewsAfter !== viewsBefore) invalid.push(`the view counter moved (${viewsBefore} -> ${viewsAfter})`);
    if (invalid.length > 0) {
      console.error(`\nbench:pages: the figures above are not valid:\n  ${invalid.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await nginx?.stop();
    await site?.close();
    rmSync(work, { recursive: true, force: true });
    process.removeListener('SIGINT', stopAll);
    process.removeListener('SIGTERM', stopAll);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
