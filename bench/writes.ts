/**
 * Write-path benchmark: many build creates through the admin API of the built server
 * (`node build/server/main.js`) with several processes sharing one database, as in production with
 * WEB_CONCURRENCY > 1. Reports how many answered 201 and how many failed (by status), the throughput
 * and the latency, and checks that every acknowledged build is in the database afterwards.
 *
 *   npm run build && npx tsx bench/writes.ts [--creates 3000] [--concurrency 10] [--processes 2]
 *       [--synchronous FULL|NORMAL] [--postgres] [--same-title]
 *
 * --synchronous compares SQLite's durability settings (SQLITE_SYNCHRONOUS); --postgres runs the
 * server on a new PostgreSQL database instead; --same-title gives every build the same title, so every
 * create races for the next free slug.
 */
import { parseArgs } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-database';
import { startBuiltServer } from './built-server';
import { ADMIN, BENCH_USER_AGENT, requireProductionBuild } from './start-site';

const { values } = parseArgs({
  options: {
    creates: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '10' },
    processes: { type: 'string', default: '2' },
    synchronous: { type: 'string', default: 'FULL' },
    postgres: { type: 'boolean', default: false },
    'same-title': { type: 'boolean', default: false },
  },
});
const creates = Number(values.creates);
const concurrency = Number(values.concurrency);
const processes = Number(values.processes);
const synchronous = values.synchronous.toUpperCase();
if (synchronous !== 'FULL' && synchronous !== 'NORMAL') throw new Error('--synchronous: FULL or NORMAL');

requireProductionBuild('bench/writes.ts');

function buildBody(n: number) {
  const title = values['same-title'] ? 'Build di prova concorrente' : `Build di prova ${n}`;
  return {
    title,
    description: `Descrizione ${n}`,
    content: `## Build ${n}\n\nTesto dell'articolo.`,
    budget: 900 + (n % 500),
    category: 'gaming',
    status: n % 2 ? 'published' : 'draft',
    components: ['CPU', 'GPU', 'RAM', 'SSD'].map((type, position) => ({
      type,
      name: `${type} ${n}`,
      price: 100 + position + (n % 100) / 100,
      amazon_link: `https://www.amazon.it/dp/B0BENCH${String(position).padStart(3, '0')}`,
    })),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

let postgres: TestDatabase | undefined;
if (values.postgres) postgres = await createTestDatabase('postgres');
const server = await startBuiltServer(processes, {
  databaseUrl: postgres?.url,
  env: { SQLITE_SYNCHRONOUS: synchronous },
});
try {
  const headers = { 'User-Agent': BENCH_USER_AGENT, 'Content-Type': 'application/json' };
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const acknowledged: number[] = [];
  let next = 0;
  const started = performance.now();
  async function lane() {
    while (next < creates) {
      const n = next++;
      const t0 = performance.now();
      const response = await fetch(`${server.url}/api/admin/builds`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${token}` },
        body: JSON.stringify(buildBody(n)),
      });
      const body = (await response.json()) as { build?: { id: number } };
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201 && body.build) acknowledged.push(body.build.id);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  // Every acknowledged create is there (read back through the API, one list request).
  const list = await fetch(`${server.url}/api/admin/builds`, { headers: { ...headers, Authorization: `Bearer ${token}` } });
  const stored = new Set(((await list.json()) as { builds: { id: number }[] }).builds.map((build) => build.id));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;

  const database = postgres ? 'PostgreSQL' : `SQLite synchronous=${synchronous}`;
  console.log(`\nbench/writes: ${creates} creates, ${concurrency} at a time, ${processes} processes, ${database}`);
  console.log(`  statuses: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  console.log(`  errors: ${creates - (statuses.get(201) ?? 0)}, acknowledged but missing: ${lost}`);
  console.log(`  ${(creates / seconds).toFixed(0)} creates/s over ${seconds.toFixed(1)} s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
} finally {
  await server.close();
  await postgres?.drop();
}
