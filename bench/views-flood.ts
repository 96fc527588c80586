/**
 * A flood of visits on one build page (decision 025): for a bounded time every request comes from a new
 * reader (a new address each, Sec-Fetch-Dest: document, a browser's User-Agent), so every one is a visit
 * to count, the worst case for the database. Reports requests per second, the visits counted, and the
 * database's write statements per second (on the visit table, and in all), counted by a Kysely plugin on
 * the server's own database handle. After the flood the server stops as production does (the visits
 * still in memory written) and the stored count must equal the pages served.
 *
 *   npx tsx bench/views-flood.ts [--seconds 10] [--connections 50] [--workers 1] [--postgres]
 *
 * The server is the real one in this process (page cache, cache hits answered from Node, the pages compiled
 * by Vite as in the tests, so no production build is needed); autocannon runs in worker threads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoContent } from '../src/db/seed';
import { createServices } from '../src/modules/services';
import { FLUSH_INTERVAL_MS } from '../src/modules/analytics';
import { createApp, createPublicCache } from '../src/server/app';
import { createNodeServer } from '../src/server/node-server';
import { createPageRenderer } from '../src/server/pages';
import { loadPageBuild } from '../tests/helpers/page-build';
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-database';
import { autocannon } from './autocannon';
import { positiveInteger } from './cli-args';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string' },
    workers: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
const seconds = positiveInteger('seconds', values.seconds, 10);
const connections = positiveInteger('connections', values.connections, 50);
const workers = positiveInteger('workers', values.workers, 1);
const VISITOR_MODULE = fileURLToPath(new URL('./views-flood-visitor.cjs', import.meta.url));
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Counts the write statements the server sends, by table (what a flood costs the database). */
class WriteCounter implements KyselyPlugin {
  readonly byTable = new Map<string, number>();
  total = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(node);
    if (table !== null) {
      this.total++;
      this.byTable.set(table, (this.byTable.get(table) ?? 0) + 1);
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  reset(): void {
    this.total = 0;
    this.byTable.clear();
  }
}

function tableName(node: OperationNode | undefined): string {
  const table = node as { table?: { identifier?: { name?: string } } } | undefined;
  return table?.table?.identifier?.name ?? '?';
}

function writtenTable(node: RootOperationNode): string | null {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableName(node.into);
    case 'UpdateQueryNode':
      return tableName(node.table);
    case 'DeleteQueryNode':
      return tableName(node.from.froms[0]);
    default:
      return null;
  }
}

let postgres: TestDatabase | undefined;
let dir: string | undefined;
let url: string;
if (values.postgres) {
  postgres = await createTestDatabase('postgres');
  url = postgres.url;
} else {
  dir = mkdtempSync(join(tmpdir(), 'buildpc-views-flood-'));
  url = join(dir, 'views.sqlite');
}

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', TRUST_PROXY: '1', PRICE_SCHEDULER_ENABLED: 'false' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
await seedDemoContent(database.db);
const build = await database.db.selectFrom('builds').select(['id', 'slug']).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();

const writes = new WriteCounter();
const services = createServices({ db: database.db.withPlugin(writes), config });
const pages = await loadPageBuild();
const pageCache = createPublicCache(config, services);
const app = createApp({ config, database, services, pageCache, renderPage: createPageRenderer(pages.build, { config, services }) });
const server = createNodeServer(app.fetch, { answerFirst: pageCache.serveFromNode });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// The page rendered once and in the cache: the flood measures the visits, not the first render.
const warm = await fetch(`${base}/build/${build.slug}`, { headers: { 'User-Agent': 'bench/1.0' } });
if (warm.status !== 200) throw new Error(`/build/${build.slug}: ${warm.status}`);
await warm.arrayBuffer();
const viewsOf = async () => (await database.db.selectFrom('builds').select('views').where('id', '=', build.id).executeTakeFirstOrThrow()).views;
const before = await viewsOf();
writes.reset();

console.log(
  `Flood of /build/${build.slug} on ${database.dialect}: ${seconds} s, ${connections} connections, ${workers} autocannon worker thread(s), ` +
    `a new reader per request (visits written every ${FLUSH_INTERVAL_MS / 1000} s and at shutdown)`,
);
const started = performance.now();
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  workers,
  headers: { 'user-agent': CHROME_UA, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'accept-encoding': 'br' },
  requests: [{ method: 'GET', path: `/build/${build.slug}`, setupRequest: VISITOR_MODULE }],
});
const elapsed = (performance.now() - started) / 1000;
const duringFlood = { total: writes.total, visits: writes.byTable.get('keyed_counters') ?? 0, byTable: new Map(writes.byTable) };

// Stop as production does: no new requests, then the visits still in memory written.
await new Promise<void>((resolve) => server.close(() => resolve()));
await services.analytics.flushVisits();
const counted = (await viewsOf()) - before;
const served = result['2xx'];
// Requests still in flight when autocannon stops are answered (and counted) but not in its figures.
const countedRight = counted >= served && counted <= result.requests.sent;
const batches = duringFlood.byTable.get('builds') ?? 0;

const perSecond = (n: number) => (n / elapsed).toFixed(1);
console.log('');
console.log(`requests: ${result.requests.sent} sent, ${served} answered 200, ${result.non2xx} other, ${result.errors} errors`);
console.log(`throughput: ${result.requests.average.toFixed(0)} requests/s (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`);
console.log(`visits counted: ${counted} (one per page served, in-flight ones at the end included: ${countedRight ? 'yes' : 'NO'})`);
console.log(
  `database write statements during the flood: ${duringFlood.total} in ${elapsed.toFixed(1)} s = ${perSecond(duringFlood.total)}/s; ` +
    `on keyed_counters ${duringFlood.visits} = ${perSecond(duringFlood.visits)}/s (one INSERT per 500 visitors)`,
);
console.log(`  visit batches written (one transaction per build): ${batches} = ${perSecond(batches)}/s`);
console.log(`  by table: ${[...duringFlood.byTable].map(([table, n]) => `${table} ${n}`).join(', ') || 'none'}`);
console.log(`  after the flood (shutdown write and purge): ${writes.total - duringFlood.total} more`);
console.log(`  one write per counted visit, as before decision 025, would have been ${perSecond(served)} transactions/s (${perSecond(2 * served)} statements/s)`);

await database.destroy();
await pages.close();
await postgres?.drop();
if (dir) rmSync(dir, { recursive: true, force: true });
process.exit(countedRight && result.errors === 0 ? 0 : 1);
