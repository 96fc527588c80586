/**
 * Search cost benchmark (`npm run bench:search-cost`, see bench/README-discovery.md): at the same catalogue
 * (the demo content plus --builds N generated builds), does /cerca on a word every build matches render at
 * least half as fast as the home? Both on SQLite and on PostgreSQL, in one run.
 *
 *   1. Per database: a new database (a SQLite file, or a new database on the test PostgreSQL,
 *      TEST_POSTGRES_URL), migrated and seeded by the server's own start-up, plus the generated builds;
 *      on PostgreSQL then VACUUM ANALYZE, as autovacuum leaves a settled catalogue.
 *   2. A production server in this process on it, page cache off (PAGE_CACHE_MB=0): every request renders.
 *   3. Each search row is loaded right after a load of the home, --rounds times (home, row, home, row…), so
 *      the two figures of a pair are a few seconds apart and other work on the shared machine weighs on
 *      both alike. A row's ratio is the median of its rounds' ratios (row / home); the rates shown are the
 *      medians of each side.
 *
 *   npm run build && npm run bench:search-cost -- [--duration 3] [--rounds 3] [--builds 3000] [--databases sqlite,postgres]
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../tests/helpers/test-database';
import { generateBuilds, insertGeneratedBuilds } from './generated-builds';
import { rawGet, REQUEST_HEADERS } from './http';
import { load, type LoadOptions } from './load';
import { ADMIN, ensureProductionProcess, requireProductionBuild, type Site, startSite } from './start-site';
import { printTable } from './table';

/** /cerca on the broad word must serve at least this share of the home's rate. */
const TARGET_RATIO = 0.5;

const HOME = '/';
/** Requests to each path before any measurement. */
const WARM_REQUESTS = 30;
const ROWS = [
  // "pc" is in every generated build's title: the search matches the whole catalogue.
  { label: 'search, every build matches', path: '/cerca?q=pc', decides: true },
  { label: 'search, a word in a third of them', path: '/cerca?q=gaming', decides: false },
  { label: 'search, selective', path: '/cerca?q=rtx+5070+editing', decides: false },
  { label: 'API search, every build, 12 a page', path: '/api/builds?q=pc&limit=12', decides: false },
];

interface Options extends LoadOptions {
  rounds: number;
  builds: number;
  databases: TestDialect[];
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      builds: { type: 'string', default: '3000' },
      databases: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const number = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    return value;
  };
  const databases = values.databases.split(',').map((name) => name.trim());
  for (const name of databases) if (name !== 'sqlite' && name !== 'postgres') throw new Error(`--databases: sqlite and/or postgres (got "${name}")`);
  return {
    duration: number('duration', values.duration, 1, 60),
    warmup: number('warmup', values.warmup, 0, 10),
    rounds: number('rounds', values.rounds, 1, 20),
    connections: number('connections', values.connections, 1, 1000),
    workers: 1,
    generator: 'autocannon',
    builds: number('builds', values.builds, 1, 100_000),
    databases: databases as TestDialect[],
  };
}

/** A migrated, seeded database with `builds` generated builds; on PostgreSQL vacuumed and analysed. */
async function prepare(dialect: TestDialect, builds: number): Promise<TestDatabase> {
  const [{ loadConfig }, { bootstrap }] = await Promise.all([import('../src/config/env'), import('../src/server/bootstrap')]);
  const database = await createTestDatabase(dialect);
  const runtime = await bootstrap(
    loadConfig({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_REQUESTS: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    { runJobs: false },
  );
  try {
    await insertGeneratedBuilds(runtime.database.db, generateBuilds(builds));
  } finally {
    await runtime.shutdown();
  }
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('VACUUM ANALYZE');
    } finally {
      await client.end();
    }
  }
  return database;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function expectRendered(site: Site, path: string): Promise<void> {
  const response = await rawGet(`${site.url}${path}`, REQUEST_HEADERS);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  if (response.headers['x-cache'] !== undefined && response.headers['x-cache'] !== 'MISS') throw new Error(`GET ${path}: X-Cache ${String(response.headers['x-cache'])} with the page cache off`);
}

async function main(): Promise<void> {
  ensureProductionProcess();
  requireProductionBuild('bench:search-cost');
  const options = parseOptions();
  console.log(
    `bench:search-cost: production build, node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ` +
      `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, started ${new Date().toISOString()}`,
  );
  console.log(`  ${options.duration} s per row after ${options.warmup} s warm-up, ${options.connections} connections, PAGE_CACHE_MB=0, demo + ${options.builds} generated builds`);
  const lines: string[][] = [];
  let failed = false;
  for (const dialect of options.databases) {
    const started = performance.now();
    const database = await prepare(dialect, options.builds);
    console.log(`\n== ${dialect}: prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const site = await startSite({ databaseFile: database.url, env: { PAGE_CACHE_MB: '0' } });
    try {
      // A first render of every path, and of each a few more: the server's code is compiled before any figure.
      for (const row of [{ path: HOME }, ...ROWS]) {
        await expectRendered(site, row.path);
        for (let n = 0; n < WARM_REQUESTS; n++) await rawGet(`${site.url}${row.path}`, REQUEST_HEADERS);
      }
      for (const row of ROWS) {
        const homes: number[] = [];
        const searches: number[] = [];
        const ratios: number[] = [];
        const p50s: number[] = [];
        for (let round = 0; round < options.rounds; round++) {
          const home = await load(options, { target: `home (${dialect})`, kind: 'uncached', page: HOME }, site.url);
          const search = await load(options, { target: `${row.label} (${dialect})`, kind: 'uncached', page: row.path }, site.url);
          homes.push(home.requestsPerSecond);
          searches.push(search.requestsPerSecond);
          ratios.push(search.requestsPerSecond / home.requestsPerSecond);
          p50s.push(search.p50);
        }
        const ratio = median(ratios);
        const verdict = row.decides ? (ratio >= TARGET_RATIO ? 'PASS' : 'FAIL') : '';
        if (verdict === 'FAIL') failed = true;
        lines.push([
          dialect,
          row.path,
          median(homes).toFixed(0),
          median(searches).toFixed(0),
          String(median(p50s)),
          ratios.map((value) => `${(value * 100).toFixed(0)}`).join('/'),
          `${(ratio * 100).toFixed(0)} %`,
          verdict,
        ]);
      }
    } finally {
      await site.close();
      await database.drop();
    }
  }
  console.log(
    `\nSummary (page cache off; ratio = the row's req/s / the home's req/s measured just before it, median of ${options.rounds} rounds; ` +
      `target >= ${TARGET_RATIO * 100} % for the first row)\n`,
  );
  printTable(['database', 'row', 'home req/s', 'row req/s', 'row p50 ms', 'rounds %', 'ratio', 'verdict'], lines);
  process.exitCode = failed ? 1 : 0;
}

await main();
