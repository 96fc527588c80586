/**
 * Read-path benchmark of the JSON API (`npm run bench`, see bench/README.md).
 *
 * Boots the real application on a brand-new database (SQLite by default, PostgreSQL with --postgres)
 * with the demo content, serves it on 127.0.0.1 with @hono/node-server and loads, one after the other,
 *   GET /api/builds            the public list
 *   GET /api/builds/<slug>     one published demo build (components, cart link, rendered Markdown)
 * with autocannon, then prints requests/s, latency p50/p99 and the non-2xx count, closes the server
 * and drops the database.
 *
 *   npx tsx bench/api.ts [--duration 10] [--connections 20] [--workers 1] [--postgres]
 */
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { loadConfig } from '../src/config/env';
import { bootstrap, type Runtime } from '../src/server/bootstrap';
import { createApp } from '../src/server/app';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../tests/helpers/test-database';

import { autocannon } from './autocannon';

/** isbot() classifies this as a bot: the detail endpoint serves the build without counting a view. */
const BENCH_USER_AGENT = 'bench/1.0';
const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' };

interface Options {
  duration: number;
  connections: number;
  workers: number;
  warmup: number;
  postgres: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      workers: { type: 'string', default: '1' },
      warmup: { type: 'string', default: '1' },
      postgres: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npx tsx bench/api.ts [--duration <s>=10] [--connections <n>=20] [--workers <n>=1] [--warmup <s>=1] [--postgres]\n' +
        '  --workers 0 runs autocannon on the main thread, sharing the event loop with the server (not recommended).',
    );
    process.exit(0);
  }
  const number = (name: string, raw: string, min: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      console.error(`--${name} must be an integer >= ${min} (got "${raw}")`);
      process.exit(2);
    }
    return value;
  };
  return {
    duration: number('duration', values.duration, 1),
    connections: number('connections', values.connections, 1),
    workers: number('workers', values.workers, 0),
    warmup: number('warmup', values.warmup, 0),
    postgres: values.postgres,
  };
}

interface Row {
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

function listen(app: ReturnType<typeof createApp>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    // autocannon's keep-alive sockets are gone by now; closeAllConnections covers an aborted run.
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close(() => resolve());
  });
}

async function expectOk(url: string): Promise<any> {
  const response = await fetch(url, { headers: { 'User-Agent': BENCH_USER_AGENT } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** Latencies are whole milliseconds: autocannon records them in a 1 ms-resolution histogram. */
function printTable(rows: Row[]) {
  const header = ['endpoint', 'req/s (avg)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'];
  const lines = rows.map((row) => [
    row.endpoint,
    fixed(row.requestsPerSecond),
    String(row.p50),
    String(row.p99),
    String(row.total),
    String(row.non2xx),
    String(row.errors),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const options = parseOptions();
  const dialect = options.postgres ? 'postgres' : 'sqlite';
  let testDb: TestDatabase | undefined;
  let runtime: Runtime | undefined;
  let server: ServerType | undefined;
  try {
    testDb = await createTestDatabase(dialect);
    runtime = await bootstrap(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: testDb.url,
        LOG_REQUESTS: 'false',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      }),
    );
    const app = createApp(runtime);
    const listening = await listen(app);
    server = listening.server;
    const base = `http://127.0.0.1:${listening.port}`;

    const list = await expectOk(`${base}/api/builds`);
    const published = list.builds as { slug: string; views: number; component_count: number }[];
    if (published.length === 0) throw new Error('the demo seed produced no published build');
    const target = published.reduce((best, build) => (build.component_count > best.component_count ? build : best));
    const viewsBefore = (await expectOk(`${base}/api/builds/${target.slug}`)).build.views as number;

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    const load = loadavg().map((value) => value.toFixed(2)).join(' ');
    console.log(
      `\nbench: ${dialect}${options.postgres ? ` (${new URL(POSTGRES_ADMIN_URL).host})` : ''}, ${published.length} published demo builds, ` +
        `node ${process.version}, ${availableParallelism()} cores (${cpu}), load average ${load}`,
    );
    console.log(
      `       ${options.duration} s per endpoint after ${options.warmup} s warm-up, ${options.connections} connections, ` +
        `${options.workers === 0 ? 'load generator on the main thread' : `${options.workers} autocannon worker thread(s)`}, User-Agent "${BENCH_USER_AGENT}"\n`,
    );

    const endpoints = [
      { label: 'GET /api/builds', path: '/api/builds' },
      { label: 'GET /api/builds/:slug', path: `/api/builds/${target.slug}` },
    ];
    const rows: Row[] = [];
    for (const endpoint of endpoints) {
      const result = await autocannon({
        url: `${base}${endpoint.path}`,
        connections: options.connections,
        duration: options.duration,
        ...(options.workers > 0 ? { workers: options.workers } : {}),
        headers: { 'user-agent': BENCH_USER_AGENT, accept: 'application/json' },
        ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
      });
      const row: Row = {
        endpoint: endpoint.label,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total ?? result['2xx'] + result.non2xx,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      rows.push(row);
      const codes = Object.entries(result.statusCodeStats)
        .map(([code, { count }]) => `${code}: ${count}`)
        .join(', ');
      console.log(
        `${endpoint.label.includes(':slug') ? `${endpoint.label}  (${endpoint.path})` : endpoint.label}\n` +
          `  requests/s (avg) ${fixed(row.requestsPerSecond)}   latency p50 ${row.p50} ms   p99 ${row.p99} ms` +
          `   (avg ${fixed(result.latency.average, 2)} ms, max ${fixed(result.latency.max, 2)} ms)\n` +
          `  ${row.total} requests, non-2xx ${row.non2xx}, errors/timeouts ${row.errors}, status codes { ${codes} }\n`,
      );
    }

    // The bot User-Agent keeps the view counter out of the measured path: the counter must not have moved.
    const viewsAfter = (await expectOk(`${base}/api/builds/${target.slug}`)).build.views as number;
    console.log(`views of ${target.slug}: ${viewsBefore} before, ${viewsAfter} after (bot User-Agent: not counted)\n`);

    console.log(`Summary (${dialect}, ${options.duration} s, ${options.connections} connections)`);
    printTable(rows);
    const failed = rows.some((row) => row.non2xx > 0 || row.errors > 0) || viewsAfter !== viewsBefore;
    if (failed) {
      console.error('\nbench: some requests failed or the view counter moved; the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    if (server) await closeServer(server);
    // shutdown(), not database.destroy(): on PostgreSQL the LISTEN client of content-sync holds a pool
    // connection, and pool.end() would wait for it forever.
    await runtime?.shutdown();
    await testDb?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
