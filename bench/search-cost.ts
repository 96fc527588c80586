/**
 * Search cost benchmark (`npm run bench:search-cost`, see bench/README-discovery.md): at the same catalogue
 * (the demo content plus --builds N generated builds), does /cerca on a word every build matches render at
 * least half as fast as the home? Both on SQLite and on PostgreSQL, in one run.
 *
 *   1. Per database: a new database (a SQLite file, or a new database on the test PostgreSQL,
 *      TEST_POSTGRES_URL), migrated and seeded by the server's own start-up, plus the generated builds;
 *      on PostgreSQL then VACUUM ANALYZE, as autovacuum leaves a settled catalogue.
 *   2. The built server (`node build/server/main.js`, one process) on it, page cache off (PAGE_CACHE_MB=0):
 *      every request renders.
 *   3. Each search row is loaded right after a load of the home, --rounds times (home, row, home, row…), so
 *      the two figures of a pair are a few seconds apart and other work on the shared machine weighs on
 *      both alike. A row's ratio is the median of its rounds' ratios (row / home); the rates shown are the
 *      medians of each side.
 *   4. On a shared machine the rates say as much about the neighbours as about the code, so the run also
 *      counts the CPU time each answer cost: the server process's, plus on PostgreSQL its database
 *      sessions' (/proc/<pid>/stat, utime + stime). "CPU rate" = answers per CPU second: the rate one free
 *      core would serve. Its ratio (home's CPU per answer / the row's) is the figure that holds under load.
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
import { readFileSync } from 'node:fs';
import { type BuiltServer, startBuiltServer } from './built-server';
import { ADMIN, ensureProductionProcess, requireProductionBuild } from './start-site';
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
  // The last word as a prefix (decision 041): "gam" begins "gaming" and "game".
  { label: 'search, a prefix', path: '/cerca?q=gam', decides: false },
  // A misspelling: nothing found, the correction against the vocabulary, then the corrected search.
  { label: 'search, misspelt and corrected', path: '/cerca?q=gamign', decides: false },
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
      warmup: { type: 'string', default: '0' },
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

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 for one that is gone. */
function cpuSeconds(pid: number): number {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The processes whose CPU an answer costs: the server, and on PostgreSQL its sessions on the bench database. */
async function servingProcesses(server: BuiltServer, postgres: pg.Client | null, database: string): Promise<number[]> {
  if (!postgres) return [server.pid];
  const { rows } = await postgres.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return [server.pid, ...rows.map((row) => row.pid)];
}

interface Measured {
  requestsPerSecond: number;
  p50: number;
  /** Answers per CPU second of the serving processes. */
  cpuRate: number;
}

async function measure(options: Options, server: BuiltServer, postgres: pg.Client | null, database: string, label: string, path: string): Promise<Measured> {
  const pids = await servingProcesses(server, postgres, database);
  const before = pids.map(cpuSeconds);
  const row = await load(options, { target: label, kind: 'uncached', page: path }, server.url);
  // Sessions opened during the load are counted from their start; none closes (the pool keeps them).
  const after = await servingProcesses(server, postgres, database);
  let spent = 0;
  for (const pid of after) spent += cpuSeconds(pid) - (before[pids.indexOf(pid)] ?? 0);
  // The warm-up's answers cost CPU too: count them at the measured rate.
  const answers = row.total + row.requestsPerSecond * options.warmup;
  return { requestsPerSecond: row.requestsPerSecond, p50: row.p50, cpuRate: spent > 0 ? answers / spent : 0 };
}

async function expectRendered(site: { url: string }, path: string): Promise<void> {
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
    const site = await startBuiltServer(1, { databaseUrl: database.url, env: { PAGE_CACHE_MB: '0' } });
    const databaseName = dialect === 'postgres' ? new URL(database.url).pathname.slice(1) : '';
    const postgres = dialect === 'postgres' ? new pg.Client({ connectionString: database.url }) : null;
    await postgres?.connect();
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
        const homeCpu: number[] = [];
        const searchCpu: number[] = [];
        const cpuRatios: number[] = [];
        for (let round = 0; round < options.rounds; round++) {
          const home = await measure(options, site, postgres, databaseName, `home (${dialect})`, HOME);
          const search = await measure(options, site, postgres, databaseName, `${row.label} (${dialect})`, row.path);
          homes.push(home.requestsPerSecond);
          searches.push(search.requestsPerSecond);
          ratios.push(search.requestsPerSecond / home.requestsPerSecond);
          p50s.push(search.p50);
          homeCpu.push(home.cpuRate);
          searchCpu.push(search.cpuRate);
          cpuRatios.push(search.cpuRate / home.cpuRate);
        }
        const ratio = median(cpuRatios);
        const verdict = row.decides ? (ratio >= TARGET_RATIO ? 'PASS' : 'FAIL') : '';
        if (verdict === 'FAIL') failed = true;
        lines.push([
          dialect,
          row.path,
          median(homes).toFixed(0),
          median(searches).toFixed(0),
          String(median(p50s)),
          `${(median(ratios) * 100).toFixed(0)} %`,
          median(homeCpu).toFixed(0),
          median(searchCpu).toFixed(0),
          cpuRatios.map((value) => `${(value * 100).toFixed(0)}`).join('/'),
          `${(ratio * 100).toFixed(0)} %`,
          verdict,
        ]);
      }
    } finally {
      await postgres?.end();
      await site.close();
      await database.drop();
    }
  }
  console.log(
    `\nSummary (page cache off; medians of ${options.rounds} rounds of home then row. req/s: as served on this (shared) machine; ` +
      `CPU rate: answers per CPU second of the server and its database sessions. Verdict on the CPU ratio of the first row, target >= ${TARGET_RATIO * 100} %)\n`,
  );
  printTable(['database', 'row', 'home req/s', 'row req/s', 'row p50 ms', 'req/s ratio', 'home CPU rate', 'row CPU rate', 'rounds %', 'CPU ratio', 'verdict'], lines);
  process.exitCode = failed ? 1 : 0;
}

await main();
