/**
 * Discovery benchmark (`npm run bench:discovery`, see bench/README-discovery.md): does a page cost the
 * same with 3,000 builds as with the demo's 7? The target (decision 034): the home, a category page, /cerca and
 * /api/builds with the big catalogue serve at least 70 % of their rate with the small one.
 *
 *   1. Two SQLite databases are prepared in this process (bench-database.ts): the demo content, and the
 *      demo content plus --builds N generated published builds (generated-builds.ts).
 *   2. Two production servers are started in this process, one per database, page cache off
 *      (PAGE_CACHE_MB=0): every request renders (or queries) and compresses.
 *   3. Each row is loaded on the small catalogue, then at once on the big one, before the next row: the
 *      two figures of a row are measured a few seconds apart, so work of other programs on the machine
 *      weighs on both alike and the ratio stays meaningful even when the absolute figures are noisy.
 *      The server not being loaded is idle.
 *
 * A path that answers 404 on either server (a route this build does not have) is printed as "not
 * available" instead of failing the run.
 *
 *   npm run build && npm run bench:discovery -- [--duration 5] [--builds 3000] [--json out.json]
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { HOME_PAGE_SIZE } from '../src/common/home-query';
import { type BenchDatabase, prepareBenchDatabase } from './bench-database';
import { rawGet, REQUEST_HEADERS } from './http';
import { load, type LoadOptions, type Row } from './load';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { ensureProductionProcess, requireProductionBuild } from './start-site';
import { printTable } from './table';

/** The big catalogue's rate must be at least this share of the small one's. */
const TARGET_RATIO = 0.7;
/** The "later home page" row: this page of the big catalogue (the small one has a single page). */
const LATER_PAGE = 100;

interface Options extends LoadOptions {
  builds: number;
  json?: string;
}

const USAGE = `Usage: npx tsx bench/discovery.ts [--duration <s>=5] [--connections <n>=10] [--warmup <s>=1] [--workers <n>=1]
                                  [--builds <n>=3000] [--json <file>]
  Needs \`npm run build\` first. Every row runs twice (small and big catalogue): about 2 x (duration + warmup) s a row.`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      workers: { type: 'string', default: '1' },
      builds: { type: 'string', default: '3000' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name} must be an integer between ${min} and ${max} (got "${raw}")\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  return {
    duration: number('duration', values.duration, 1, 60),
    connections: number('connections', values.connections, 1, 1000),
    warmup: number('warmup', values.warmup, 0, 10),
    workers: number('workers', values.workers, 0, 8),
    generator: 'autocannon',
    builds: number('builds', values.builds, 1, 100_000),
    ...(values.json === undefined ? {} : { json: values.json }),
  };
}

interface Target {
  label: string;
  /** The path on a catalogue of `published` builds. */
  path(published: number): string;
  /** Pages go through the page cache middleware, which must say MISS (it is off); the API is not checked. */
  page: boolean;
  /**
   * Set on a row whose answer holds the whole small catalogue but 100 builds of the big one (the API's
   * default limit): its ratio measures the answer's size, not the catalogue's cost, so it is printed for
   * information, with the like-for-like row at 12 a page beside it deciding.
   */
  answerGrows?: true;
}

const TARGETS: Target[] = [
  { label: 'home', path: () => '/', page: true },
  { label: 'category page', path: () => '/?categoria=gaming', page: true },
  {
    label: `later home page (${LATER_PAGE} or the last)`,
    // Page 1 is spelled without ?pagina; the small catalogue's last page is its first.
    path: (published) => {
      const page = Math.min(LATER_PAGE, Math.max(1, Math.ceil(published / HOME_PAGE_SIZE)));
      return page === 1 ? '/' : `/?pagina=${page}`;
    },
    page: true,
  },
  { label: 'search page', path: () => '/cerca?q=rtx+5070+editing', page: true },
  // A word found in a third of the big catalogue: ranking and counting cost one step per match.
  { label: 'search page, broad word', path: () => '/cerca?q=gaming', page: true },
  { label: 'API list, 12 a page', path: () => '/api/builds?limit=12', page: false },
  { label: 'API category, 12 a page', path: () => '/api/builds?category=gaming&limit=12', page: false },
  { label: 'API search, 12 a page', path: () => '/api/builds?q=rtx+5070&limit=12', page: false },
  { label: 'API list, default limit', path: () => '/api/builds', page: false, answerGrows: true },
  { label: 'API category, default limit', path: () => '/api/builds?category=gaming', page: false, answerGrows: true },
  { label: 'API search, default limit', path: () => '/api/builds?q=rtx+5070', page: false, answerGrows: true },
];

interface Side {
  path: string;
  row: Row | null;
  /** Why the row was not loaded (the route answers 404), or null. */
  unavailable: string | null;
}

interface Result {
  target: string;
  small: Side;
  big: Side;
  ratio: number | null;
  verdict: 'PASS' | 'FAIL' | 'not available' | 'answer grows';
}

/** A first request: 404 means the route is not in this build; anything else but 200 stops the run. */
async function probe(server: ServerUnderTest, target: Target, path: string): Promise<string | null> {
  const response = await rawGet(`${server.url}${path}`, REQUEST_HEADERS);
  if (response.status === 404) return `${path} answers 404`;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  if (target.page && response.headers['x-cache'] !== undefined && response.headers['x-cache'] !== 'MISS') {
    throw new Error(`GET ${path}: X-Cache ${String(response.headers['x-cache'])} with the page cache off`);
  }
  return null;
}

async function measureSide(options: Options, server: ServerUnderTest, target: Target, published: number, name: string): Promise<Side> {
  const path = target.path(published);
  const unavailable = await probe(server, target, path);
  if (unavailable) return { path, row: null, unavailable };
  const row = await load(options, { target: `${target.label} (${name})`, kind: 'uncached', page: path }, server.url);
  return { path, row, unavailable: null };
}

function describeDatabase(name: string, database: BenchDatabase): string {
  const { catalogue } = database;
  return `${name}: ${catalogue.published.length} published builds (${catalogue.generated} generated, inserted in ${database.insertSeconds.toFixed(1)} s), ${catalogue.byCategory.gaming} gaming`;
}

const stoppers = new Set<() => void>();

async function main(): Promise<void> {
  ensureProductionProcess();
  requireProductionBuild('bench:discovery');
  const options = parseOptions();
  console.log(
    `bench:discovery: production build, SQLite, node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ` +
      `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, started ${new Date().toISOString()}`,
  );
  console.log(`  ${options.duration} s per row and catalogue after ${options.warmup} s warm-up, ${options.connections} connections, autocannon in ${options.workers} worker thread(s), PAGE_CACHE_MB=0`);

  const small = await prepareBenchDatabase(0);
  const big = await prepareBenchDatabase(options.builds);
  const servers: ServerUnderTest[] = [];
  process.once('SIGINT', () => {
    for (const stop of stoppers) stop();
    small.remove();
    big.remove();
    process.exit(130);
  });
  try {
    console.log(describeDatabase('small', small));
    console.log(describeDatabase('big  ', big));
    for (const database of [small, big]) {
      const server = await startServerUnderTest({ databaseFile: database.file, cacheMb: 0 });
      servers.push(server);
      stoppers.add(server.kill);
    }
    const [smallServer, bigServer] = servers as [ServerUnderTest, ServerUnderTest];
    const results: Result[] = [];
    for (const target of TARGETS) {
      console.log(`\n== ${target.label}`);
      const smallSide = await measureSide(options, smallServer, target, small.catalogue.published.length, `${small.catalogue.published.length} builds`);
      const bigSide = await measureSide(options, bigServer, target, big.catalogue.published.length, `${big.catalogue.published.length} builds`);
      const available = smallSide.row && bigSide.row;
      const ratio = available ? bigSide.row!.requestsPerSecond / smallSide.row!.requestsPerSecond : null;
      results.push({
        target: target.label,
        small: smallSide,
        big: bigSide,
        ratio,
        verdict: ratio === null ? 'not available' : target.answerGrows ? 'answer grows' : ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      });
      if (!available) console.log(`  not available: ${smallSide.unavailable ?? bigSide.unavailable}`);
    }

    const smallCount = small.catalogue.published.length;
    const bigCount = big.catalogue.published.length;
    console.log(`\nSummary (page cache off; ratio = req/s with ${bigCount} builds / req/s with ${smallCount}; target >= ${TARGET_RATIO * 100} %)\n`);
    // Bytes per answer (br, with headers) show when a row's answer itself grows (more cards, more JSON rows).
    const figures = (side: Side) =>
      side.row ? [side.row.requestsPerSecond.toFixed(0), side.row.p50.toFixed(0), side.row.p99.toFixed(0), String(Math.round(side.row.bytesPerResponse))] : ['-', '-', '-', '-'];
    printTable(
      ['row', 'path (big)', `req/s ${smallCount}`, 'p50', 'p99', 'bytes', `req/s ${bigCount}`, 'p50', 'p99', 'bytes', 'ratio', 'verdict'],
      results.map((result) => [
        result.target,
        result.big.path,
        ...figures(result.small),
        ...figures(result.big),
        result.ratio === null ? '-' : `${(result.ratio * 100).toFixed(0)} %`,
        result.verdict,
      ]),
    );
    console.log(
      '\np50/p99 in ms; bytes: per answer, brotli, with headers. "not available": the route answers 404 in this build.\n' +
        '"answer grows": the API\'s default limit (100) returns the whole small catalogue but 100 builds of the big one; for information, the row at 12 a page decides.',
    );
    if (options.json) writeFileSync(options.json, `${JSON.stringify({ options, smallCount, bigCount, results }, null, 2)}\n`);
    process.exitCode = results.some((result) => result.verdict === 'FAIL') ? 1 : 0;
  } finally {
    for (const server of servers) {
      await server.close();
      stoppers.delete(server.kill);
    }
    small.remove();
    big.remove();
  }
}

await main();
