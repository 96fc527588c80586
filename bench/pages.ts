/**
 * Public page benchmark (`npm run bench:pages`, see bench/README-pages.md): the page performance
 * targets in one run, each next to its target with PASS/FAIL.
 *
 *   1. A database is prepared in this process: migrations, the demo content and, with --builds N, N more
 *      published builds (bench-database.ts, generated-builds.ts).
 *   2. Cached phase: the server with the page cache on (PAGE_CACHE_MB, default 64) loads `/` and the
 *      heaviest demo build page, each served from the cache, then nginx serving the same br bytes as
 *      static files; then the latency of repeated sitemap and /api/builds answers.
 *   3. Uncached phase: the same server restarted with PAGE_CACHE_MB=0 on the same database, so every
 *      request renders (and compresses); the same two pages, and the same repeated answers.
 *   4. Memory phase: a fresh built server (WEB_CONCURRENCY=--processes, or 2) is crawled over every public
 *      page by every worker; RSS per process before and after (crawl.ts).
 *
 * The servers run one after the other, never side by side: an idle server still takes memory and timers,
 * and on a small machine every measurement should have the cores to itself (with the load generator).
 *
 *   npm run build && npx tsx bench/pages.ts [--generator wrk] [--processes 2] [--builds 3000] [--json out.json]
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchDatabase, type Catalogue, homePages, prepareBenchDatabase } from './bench-database';
import { startBuiltServer } from './built-server';
import { type CrawlReport, crawlForMemory, printCrawl } from './crawl';
import { rawGet, REQUEST_HEADERS } from './http';
import { type LoadOptions, load, type Row, WRK_CANDIDATES } from './load';
import { capturePage, findNginx, type Nginx, NGINX_CANDIDATES, type PageBodies, startNginx } from './nginx';
import { measureRepeats, printRepeats, REPEATED_PATHS, type RepeatLatency } from './repeat-latency';
import { expectNoCache, type ServerUnderTest, startServerUnderTest, stillCached, warmEveryProcess } from './server-under-test';
import { BENCH_USER_AGENT, ensureProductionProcess, REPO_ROOT, requireProductionBuild } from './start-site';
import { printTable } from './table';

/** The page performance targets (bench/README-pages.md). */
const TARGETS = {
  /** Cached page req/s, share of nginx's for the same bytes. */
  cachedVsNginx: 0.5,
  /** Uncached (rendered) page req/s, share of nginx's cached figure for the same page. */
  uncachedVsNginx: 0.04,
  /** Uncached home req/s per serving process: with the demo content, and with generated builds (set for 3,000). */
  uncachedHomePerProcess: { demo: 1000, withBuilds: 300 },
  /** Home HTML, identity bytes (set for 3,000 builds; checked whatever the catalogue). 120 KB read as 120,000 bytes. */
  homeHtmlMaxBytes: 120_000,
  /** p99 of repeated sitemap and /api/builds answers on the cached server. */
  repeatP99Ms: 150,
};
/** The page cache keeps an entry 60 s (src/server/app.ts): a cached run must fit in that window. */
const PAGE_CACHE_TTL_S = 60;
const DEFAULT_CACHE_MB = 64;

interface Options extends LoadOptions {
  /** The built server with WEB_CONCURRENCY=processes; undefined: the server in this process. */
  processes?: number;
  builds: number;
  cacheMb: number;
  repeats: number;
  json?: string;
}

const USAGE = `Usage: npx tsx bench/pages.ts [--duration <s>=10] [--connections <n>=20] [--warmup <s>=1] [--workers <n>=1]
                              [--generator autocannon|wrk] [--processes <n>] [--builds <n>=0] [--cache-mb <n>=64]
                              [--repeats <n>=50] [--json <file>]
  Needs \`npm run build\` first. nginx (Debian package) is started from /usr/sbin/nginx, or $NGINX_BIN.
  --workers     load generator threads: autocannon worker threads (0 runs autocannon on this process's
                event loop, which skews the figures), or wrk threads (at least 1)
  --generator   autocannon (default, npm) or wrk (apt-get install -y wrk; needs less CPU per request)
  --processes   benchmark the built server (node build/server/main.js) with WEB_CONCURRENCY=n in its own
                processes, instead of the server started in this process (the default); the memory phase
                always runs the built server, with WEB_CONCURRENCY=n (default 2)
  --builds      add n generated published builds to the demo content before measuring
  --cache-mb    PAGE_CACHE_MB of the cached server and of the memory phase (the uncached server has 0)
  --repeats     sequential requests per repeated answer (sitemap, /api/builds) after the first
  --json        also write every figure and verdict to this file`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '1' },
      workers: { type: 'string', default: '1' },
      generator: { type: 'string', default: 'autocannon' },
      processes: { type: 'string' },
      builds: { type: 'string', default: '0' },
      'cache-mb': { type: 'string', default: String(DEFAULT_CACHE_MB) },
      repeats: { type: 'string', default: '50' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  const number = (name: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    return value;
  };
  if (values.generator !== 'autocannon' && values.generator !== 'wrk') fail(`--generator must be autocannon or wrk (got "${values.generator}")`);
  const generator = values.generator as Options['generator'];
  const options: Options = {
    duration: number('duration', values.duration, 1, 50),
    connections: number('connections', values.connections, 1),
    warmup: number('warmup', values.warmup, 0, 5),
    workers: number('workers', values.workers, generator === 'wrk' ? 1 : 0),
    generator,
    ...(values.processes === undefined ? {} : { processes: number('processes', values.processes, 1, 16) }),
    builds: number('builds', values.builds, 0, 100_000),
    cacheMb: number('cache-mb', values['cache-mb'], 1, 4096),
    repeats: number('repeats', values.repeats, 1, 10_000),
    ...(values.json === undefined ? {} : { json: values.json }),
  };
  if (options.generator === 'wrk') {
    options.wrk = WRK_CANDIDATES.find((path) => existsSync(path));
    if (!options.wrk) {
      console.error(`wrk not found (looked for ${WRK_CANDIDATES.join(', ')}). Install it from Debian:\n\n  apt-get install -y wrk\n`);
      process.exit(1);
    }
    if (options.connections < options.workers) fail('--connections must be at least --workers with wrk');
  }
  if (options.duration + options.warmup + 5 > PAGE_CACHE_TTL_S) fail(`--duration + --warmup must stay under ${PAGE_CACHE_TTL_S - 5} s: cache entries live ${PAGE_CACHE_TTL_S} s`);
  return options;
}

// ---------------------------------------------------------------------------------------------------
// Machine state and the command line, printed first so a figure can always be traced to its run.

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

/** The command as typed from the repository root (the re-execution with NODE_ENV=production keeps the arguments). */
function commandLine(): string {
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);
  return ['npx tsx', relative(REPO_ROOT, process.argv[1] ?? 'bench/pages.ts'), ...process.argv.slice(2).map(quote)].join(' ');
}

interface Machine {
  cores: number;
  cpu: string;
  node: string;
  loadAverageStart: number[];
  loadAverageEnd?: number[];
  busyBefore: number;
}

function describeGenerator(options: Options): string {
  if (options.generator === 'wrk') return `wrk (${options.workers} thread(s), separate process)`;
  return options.workers === 0 ? 'autocannon on the main thread' : `autocannon in ${options.workers} worker thread(s)`;
}

async function printHeader(options: Options): Promise<Machine> {
  const machine: Machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    node: process.version,
    loadAverageStart: loadavg(),
    busyBefore: 0,
  };
  console.log(`command: ${commandLine()}`);
  console.log(`bench:pages: production build, SQLite, node ${machine.node}, NODE_ENV=${process.env.NODE_ENV}, started ${new Date().toISOString()}`);
  console.log(
    `             ${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverageStart.map((value) => value.toFixed(2)).join(' ')}; ` +
      'server, nginx and load generator share these cores',
  );
  console.log(
    `             ${options.duration} s per target after ${options.warmup} s warm-up, ${options.connections} connections, ${describeGenerator(options)}, ` +
      `User-Agent "${BENCH_USER_AGENT}", Accept-Encoding "${REQUEST_HEADERS['accept-encoding']}"`,
  );
  // The load average lags by a minute (it still counts a previous run): measure what other work takes now.
  machine.busyBefore = await cpuBusyShare(1000);
  console.log(`             CPU busy with other work before the runs: ${(machine.busyBefore * 100).toFixed(0)} % of ${machine.cores} cores (1 s sample)`);
  if (machine.busyBefore > 0.15) console.log('             WARNING: other work is competing for the CPU: the figures will be low and noisy. Run again on an idle machine.');
  return machine;
}

// ---------------------------------------------------------------------------------------------------
// Ctrl-C: servers and nginx must not outlive the script, nor the temporary directories.

const stoppers = new Set<() => void>();
function onInterrupt() {
  for (const stop of stoppers) stop();
  process.exit(130);
}

/** Runs `use` with a started server, stopping it afterwards (and on Ctrl-C meanwhile). */
async function withServer<T>(server: ServerUnderTest, use: (server: ServerUnderTest) => Promise<T>): Promise<T> {
  stoppers.add(server.kill);
  try {
    return await use(server);
  } finally {
    await server.close();
    stoppers.delete(server.kill);
  }
}

// ---------------------------------------------------------------------------------------------------
// Phases

interface Page {
  label: string;
  path: string;
}

interface CachedPhase {
  server: string;
  rows: Row[];
  /** The bytes our cache sends, per page path (nginx serves the same). */
  captured: Map<string, PageBodies>;
  nginx: { version: string; brotli: boolean } | null;
  repeats: RepeatLatency[];
  invalid: string[];
}

/** Starts nginx on the captured pages and checks it sends the very bytes our cache does. */
async function startCheckedNginx(captured: Map<string, PageBodies>): Promise<Nginx | null> {
  const binary = findNginx();
  if (!binary) {
    console.log(
      `\n  nginx not found (looked for ${NGINX_CANDIDATES.join(', ')}): the nginx comparison is SKIPPED.\n` +
        '  Install it from Debian and run again:\n\n    apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-static\n',
    );
    return null;
  }
  const nginx = await startNginx(binary, [...captured].map(([path, bodies]) => ({ path, bodies })));
  for (const [path, bodies] of captured) {
    const served = await rawGet(`${nginx.url}${path}`);
    const expected = nginx.brotli ? bodies.br : bodies.gzip;
    if (served.status !== 200 || !served.body.equals(expected)) {
      await nginx.stop();
      throw new Error(`nginx ${path}: status ${served.status}, ${served.body.length} bytes, expected the cached ${nginx.brotli ? 'br' : 'gzip'} body (${expected.length} bytes)`);
    }
  }
  console.log(
    `nginx ${nginx.version} at ${nginx.url}: static files, ${nginx.brotli ? 'brotli_static + gzip_static (sends the same br bytes)' : 'gzip_static only (brotli module missing: sends the gzip copy; apt-get install -y libnginx-mod-http-brotli-static)'}, worker_processes auto\n`,
  );
  return nginx;
}

/**
 * One cached page: fresh entries (emptied, then stored by one request per process) live 60 s, longer
 * than the run; nothing else in the run stores or clears entries, so every request is a hit. Checked
 * after the run: every process still serves the page it stored before it.
 */
async function loadCachedPage(options: Options, server: ServerUnderTest, page: Page, invalid: string[]): Promise<Row> {
  const url = `${server.url}${page.path}`;
  await server.emptyCache();
  const stored = await warmEveryProcess(url, server.processes);
  const changesBefore = server.contentChanges();
  const row = await load(options, { target: `${page.label} cached`, kind: 'cached', page: page.path }, server.url);
  const problem = await stillCached(url, server.processes, stored);
  if (problem) invalid.push(`${page.label} cached: ${problem}`);
  if (server.contentChanges() !== changesBefore) invalid.push(`${page.label} cached: the page cache was emptied during the run (content change)`);
  return row;
}

async function cachedPhase(options: Options, database: BenchDatabase, pages: Page[]): Promise<CachedPhase> {
  const server = await startServerUnderTest({ processes: options.processes, databaseFile: database.file, cacheMb: options.cacheMb });
  return withServer(server, async () => {
    console.log(`\n== Cached phase: ${server.description}, PAGE_CACHE_MB=${server.cacheMb}, ${server.url}`);
    const invalid: string[] = [];
    const buildSlug = database.catalogue.buildPage.slug;
    const viewsBefore = await server.views(buildSlug);
    const captured = new Map<string, PageBodies>();
    for (const page of pages) captured.set(page.path, await capturePage(`${server.url}${page.path}`));
    for (const [path, bodies] of captured) console.log(`${path}: ${bodies.identity.length} bytes of HTML, ${bodies.br.length} br, ${bodies.gzip.length} gzip`);

    const nginx = await startCheckedNginx(captured);
    if (nginx) stoppers.add(nginx.kill);
    const rows: Row[] = [];
    try {
      for (const page of pages) {
        rows.push(await loadCachedPage(options, server, page, invalid));
        if (nginx) rows.push(await load(options, { target: `${page.label} nginx static`, kind: 'nginx', page: page.path }, nginx.url));
      }
    } finally {
      await nginx?.stop();
      if (nginx) stoppers.delete(nginx.kill);
    }
    const repeats = [];
    for (const path of REPEATED_PATHS) repeats.push(await measureRepeats(server, path, options.repeats));
    for (const repeat of repeats) if (repeat.hits !== repeat.count) invalid.push(`${repeat.path}: ${repeat.count - repeat.hits} of ${repeat.count} repeats were not served from the cache`);
    const viewsAfter = await server.views(buildSlug);
    if (viewsAfter !== viewsBefore) invalid.push(`cached phase: the view counter moved (${viewsBefore} -> ${viewsAfter})`);
    return { server: server.description, rows, captured, nginx: nginx ? { version: nginx.version, brotli: nginx.brotli } : null, repeats, invalid };
  });
}

interface UncachedPhase {
  server: string;
  processes: number;
  rows: Row[];
  repeats: RepeatLatency[];
  invalid: string[];
}

/** The same server with PAGE_CACHE_MB=0 on the same database: every request renders and compresses. */
async function uncachedPhase(options: Options, database: BenchDatabase, pages: Page[]): Promise<UncachedPhase> {
  const server = await startServerUnderTest({ processes: options.processes, databaseFile: database.file, cacheMb: 0 });
  return withServer(server, async () => {
    console.log(`\n== Uncached phase: ${server.description}, PAGE_CACHE_MB=0, ${server.url}`);
    const invalid: string[] = [];
    const buildSlug = database.catalogue.buildPage.slug;
    const viewsBefore = await server.views(buildSlug);
    const rows: Row[] = [];
    for (const page of pages) {
      await expectNoCache(`${server.url}${page.path}`);
      rows.push(await load(options, { target: `${page.label} uncached`, kind: 'uncached', page: page.path }, server.url));
    }
    const repeats = [];
    for (const path of REPEATED_PATHS) repeats.push(await measureRepeats(server, path, options.repeats));
    const viewsAfter = await server.views(buildSlug);
    if (viewsAfter !== viewsBefore) invalid.push(`uncached phase: the view counter moved (${viewsBefore} -> ${viewsAfter})`);
    return { server: server.description, processes: server.processes, rows, repeats, invalid };
  });
}

/** Every public page: each build page, each home page (unfiltered and per category), the sitemap. */
function publicPages(catalogue: Catalogue): string[] {
  return [...homePages(catalogue), ...catalogue.published.map((slug) => `/build/${encodeURIComponent(slug)}`), '/sitemap.xml'];
}

async function memoryPhase(options: Options, database: BenchDatabase): Promise<CrawlReport> {
  const processes = options.processes ?? 2;
  // The crawl is one client rendering every page: the per-address miss limit (bench/cache-flood.ts) is off.
  const server = await startBuiltServer(processes, { databaseUrl: database.file, env: { PAGE_CACHE_MB: String(options.cacheMb), PAGE_CACHE_MISSES_PER_MINUTE: '0' } });
  stoppers.add(server.kill);
  try {
    console.log(`\n== Memory phase: node build/server/main.js, WEB_CONCURRENCY=${processes}, PAGE_CACHE_MB=${options.cacheMb}, ${server.url}`);
    const report = await crawlForMemory(server, publicPages(database.catalogue), options.cacheMb);
    console.log(`${report.pages} pages crawled by every worker in ${report.seconds.toFixed(1)} s (RSS in the summary below)`);
    return report;
  } finally {
    await server.close();
    stoppers.delete(server.kill);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

type Verdict = 'PASS' | 'FAIL' | 'NOT CHECKED' | 'REPORT';

interface TargetLine {
  figure: string;
  measured: string;
  target: string;
  verdict: Verdict;
  value: number | null;
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(0)}`;
/** Small ratios (uncached against nginx) need more digits to be told apart. */
const percentText = (value: number) => `${(value * 100).toFixed(value < 0.01 ? 2 : 1)} %`;
const verdictOf = (pass: boolean): Verdict => (pass ? 'PASS' : 'FAIL');

const ratioOf = (rows: Row[], row: Row | undefined) => {
  const nginx = rows.find((other) => other.kind === 'nginx' && other.page === row?.page);
  return row && nginx && nginx.requestsPerSecond > 0 ? row.requestsPerSecond / nginx.requestsPerSecond : undefined;
};

function printRows(rows: Row[]) {
  printTable(
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'bytes/resp', 'non-2xx', 'errors', 'vs nginx'],
    rows.map((row) => {
      const digits = row.generator === 'wrk' ? 2 : 0;
      const ratio = row.kind === 'nginx' ? undefined : ratioOf(rows, row);
      return [
        row.target,
        row.requestsPerSecond.toFixed(1),
        row.p50.toFixed(digits),
        row.p99.toFixed(digits),
        String(row.total),
        String(Math.round(row.bytesPerResponse)),
        String(row.non2xx),
        String(row.errors),
        ratio === undefined ? '' : percentText(ratio),
      ];
    }),
  );
}


/** The nginx-ratio target of one row (cached or uncached page). */
function ratioTarget(rows: Row[], row: Row | undefined, minimum: number): TargetLine {
  const ratio = ratioOf(rows, row);
  const figure = `${row?.target ?? '?'} vs nginx (req/s)`;
  if (!row || ratio === undefined) return { figure, measured: 'nginx not run', target: `>= ${minimum * 100} %`, verdict: 'NOT CHECKED', value: null };
  return { figure, measured: `${percentText(ratio)} (${row.requestsPerSecond.toFixed(0)} req/s)`, target: `>= ${minimum * 100} %`, verdict: verdictOf(ratio >= minimum), value: ratio };
}

interface Results {
  options: Options;
  catalogue: Catalogue;
  pages: Page[];
  cached: CachedPhase;
  uncached: UncachedPhase;
  memory: CrawlReport;
}

function targetLines({ options, pages, cached, uncached, memory }: Results): TargetLine[] {
  const rows = [...cached.rows, ...uncached.rows];
  const find = (kind: Row['kind'], path: string) => rows.find((row) => row.kind === kind && row.page === path);
  const lines: TargetLine[] = [];
  for (const page of pages) lines.push(ratioTarget(rows, find('cached', page.path), TARGETS.cachedVsNginx));
  for (const page of pages) lines.push(ratioTarget(rows, find('uncached', page.path), TARGETS.uncachedVsNginx));

  const home = find('uncached', '/');
  const perProcessTarget = options.builds === 0 ? TARGETS.uncachedHomePerProcess.demo : TARGETS.uncachedHomePerProcess.withBuilds;
  const perProcess = home ? home.requestsPerSecond / uncached.processes : 0;
  lines.push({
    figure: `GET / uncached req/s per process (${uncached.processes} process${uncached.processes > 1 ? 'es' : ''})`,
    measured: perProcess.toFixed(0),
    target: `>= ${perProcessTarget} (${options.builds === 0 ? 'demo content' : 'set for 3,000 builds'})`,
    verdict: verdictOf(perProcess >= perProcessTarget),
    value: perProcess,
  });

  const homeBytes = cached.captured.get('/')?.identity.length ?? 0;
  lines.push({
    figure: 'GET / HTML size (identity bytes)',
    measured: String(homeBytes),
    target: `<= ${TARGETS.homeHtmlMaxBytes} (set for 3,000 builds)`,
    verdict: verdictOf(homeBytes > 0 && homeBytes <= TARGETS.homeHtmlMaxBytes),
    value: homeBytes,
  });

  for (const repeat of cached.repeats) {
    lines.push({
      figure: `${repeat.path} repeat answers p99 (cached server)`,
      measured: `${repeat.p99.toFixed(1)} ms (p50 ${repeat.p50.toFixed(1)}, first ${repeat.firstMs.toFixed(1)} ms)`,
      target: `< ${TARGETS.repeatP99Ms} ms`,
      verdict: verdictOf(repeat.p99 < TARGETS.repeatP99Ms),
      value: repeat.p99,
    });
  }

  for (const process of memory.processes) {
    lines.push({
      figure: `RSS after crawl, ${process.role} ${process.pid}`,
      measured: `${process.rssAfterMb.toFixed(0)} MB (${signed(process.rssAfterMb - process.rssBeforeMb)} MB during the crawl)`,
      target: `report (cache bound ${options.cacheMb} MB)`,
      verdict: 'REPORT',
      value: process.rssAfterMb,
    });
  }
  return lines;
}

function printTargets(lines: TargetLine[]) {
  printTable(
    ['figure', 'measured', 'target', 'verdict'],
    lines.map((line) => [line.figure, line.measured, line.target, line.verdict]),
  );
}

function writeJson(file: string, results: Results, lines: TargetLine[], machine: Machine, invalid: string[]) {
  const { options, catalogue, cached, uncached, memory } = results;
  const json = {
    command: commandLine(),
    finishedAt: new Date().toISOString(),
    machine,
    options: { ...options, wrk: undefined },
    catalogue: { published: catalogue.published.length, generated: catalogue.generated, byCategory: catalogue.byCategory, buildPage: catalogue.buildPage },
    servers: { cached: cached.server, uncached: uncached.server },
    nginx: cached.nginx,
    pages: [...cached.captured].map(([path, bodies]) => ({ path, identityBytes: bodies.identity.length, brBytes: bodies.br.length, gzipBytes: bodies.gzip.length })),
    rows: [...cached.rows, ...uncached.rows].map((row) => ({ ...row, vsNginx: row.kind === 'nginx' ? null : ratioOf([...cached.rows, ...uncached.rows], row) ?? null })),
    repeats: [...cached.repeats, ...uncached.repeats],
    memory,
    targets: lines,
    valid: invalid.length === 0,
    invalid,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/pages.ts');
  const options = parseOptions();
  const machine = await printHeader(options);
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);

  const database = await prepareBenchDatabase(options.builds);
  const removeDatabase = () => rmSync(database.dir, { recursive: true, force: true });
  stoppers.add(removeDatabase);
  try {
    const { catalogue } = database;
    console.log(
      `database: ${catalogue.published.length} published builds (${catalogue.generated} generated by --builds${catalogue.generated ? `, inserted in ${database.insertSeconds.toFixed(1)} s` : ''}); ` +
        `build page: ${catalogue.buildPage.slug} (${catalogue.buildPage.components} components, the heaviest demo build)`,
    );
    const pages: Page[] = [
      { label: 'GET /', path: '/' },
      { label: 'GET /build/:slug', path: `/build/${catalogue.buildPage.slug}` },
    ];
    const cached = await cachedPhase(options, database, pages);
    const uncached = await uncachedPhase(options, database, pages);
    const memory = await memoryPhase(options, database);
    const results: Results = { options, catalogue, pages, cached, uncached, memory };
    machine.loadAverageEnd = loadavg();

    console.log(
      `\nSummary (${options.generator}, ${options.duration} s per target, ${options.connections} connections, ` +
        `${options.processes === undefined ? 'server in-process' : `built server, WEB_CONCURRENCY=${options.processes}`}; ` +
        `latency in ${options.generator === 'wrk' ? 'ms' : "whole ms (autocannon's histogram resolution)"})`,
    );
    printRows([...cached.rows, ...uncached.rows]);
    console.log(`\nRepeated answers (${options.repeats} sequential requests after each process's first, new connection each)`);
    printRepeats([...cached.repeats, ...uncached.repeats]);
    console.log('');
    printCrawl(memory);

    const lines = targetLines(results);
    console.log(`\nTargets (bench/README-pages.md), ${catalogue.published.length} published builds`);
    printTargets(lines);
    console.log('All servers and the load generator ran on the same machine and shared its cores: the figures are for comparison on this machine, not capacity.');
    if (options.generator === 'autocannon' && cached.nginx) {
      console.log(
        'nginx answers a static file in microseconds: at these rates the autocannon thread, not nginx, is usually the limit, so the\n' +
          'ratios are upper bounds. Use `--generator wrk` for the figures that count: it needs far less CPU per request.',
      );
    }
    console.log(`Load average at the end: ${machine.loadAverageEnd.map((value) => value.toFixed(2)).join(' ')}`);

    const invalid = [...cached.invalid, ...uncached.invalid, ...memory.failures.map((failure) => `crawl: ${failure}`)];
    for (const row of [...cached.rows, ...uncached.rows]) if (row.non2xx > 0 || row.errors > 0) invalid.push(`${row.target}: ${row.non2xx} non-2xx, ${row.errors} errors`);
    if (options.json) {
      writeJson(options.json, results, lines, machine, invalid);
      console.log(`JSON written to ${options.json}`);
    }
    if (invalid.length > 0) {
      console.error(`\nbench:pages: the figures above are not valid:\n  ${invalid.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    removeDatabase();
    stoppers.delete(removeDatabase);
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onInterrupt);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
