/**
 * Subscribe answer timing (`npm run bench:alerts-timing`, decision 036): does the time of `POST /api/alerts`
 * tell an attacker what happened? The real application over real HTTP on a fresh database (SQLite by
 * default, PostgreSQL with --postgres) answers --requests requests of each outcome, one at a time:
 *   - sent: a new mailbox, a pending alert and its confirmation mail enqueued;
 *   - reused: the same build and mailbox again (nothing sent, nothing counted);
 *   - limited: the client's network past its 10 requests an hour;
 *   - honeypot: the hidden field filled.
 * Once with the answer floor off (ALERT_ANSWER_MIN_MS=0: what the paths cost) and once with the default
 * floor. The figure to read is the spread of the medians within one floor: near 0 with the floor on.
 *
 *   npx tsx bench/alerts-timing.ts [--requests 40] [--floor 250] [--postgres]
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createServices } from '../src/modules/services';
import { createApp } from '../src/server/app';
import { createTestDatabase } from '../tests/helpers/test-database';
import { positiveInteger } from './cli-args';
import { printTable } from './table';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string' },
    floor: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('npx tsx bench/alerts-timing.ts [--requests 40] [--floor 250] [--postgres]');
  process.exit(0);
}
const REQUESTS = positiveInteger('requests', args.requests, 40);
const FLOOR = positiveInteger('floor', args.floor, 250);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measure(floorMs: number): Promise<string[][]> {
  const testDb = await createTestDatabase(args.postgres ? 'postgres' : 'sqlite');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: testDb.url,
    LOG_REQUESTS: 'false',
    PUBLIC_BASE_URL: 'https://example.test',
    TRUST_PROXY: 'true',
    // Mails are only enqueued: no sender runs in this process, so no SMTP server is needed.
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'avvisi@example.test',
    PRICE_SCHEDULER_ENABLED: 'false',
    ALERT_ANSWER_MIN_MS: String(floorMs),
    // The caps out of the way: every "sent" request must really send.
    ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '1000000',
    ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY: '1000000',
    ALERT_CONFIRMATIONS_PER_HOUR: '1000000',
    ALERT_CONFIRMATIONS_PER_DAY: '1000000',
  });
  const database = openDatabase(config.database);
  let server: Server | null = null;
  try {
    await migrateToLatest(database.db, database.dialect);
    const services = createServices({ db: database.db, config, retailer: null });
    const now = new Date().toISOString();
    const build = await database.db
      .insertInto('builds')
      .values({ slug: 'pc-tempi', title: 'PC dei tempi', status: 'published', published_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('components')
      .values({ build_id: build.id, type: 'CPU', name: 'CPU', price_cents: 20_000, amazon_link: 'https://www.amazon.it/dp/B0TEMPI001', asin: 'B0TEMPI001', position: 0, price_source: 'manual', created_at: now, updated_at: now })
      .execute();
    const app = createApp({ config, database, services });
    const url = await new Promise<string>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`)) as Server;
    });

    let ip = 0;
    const timed = async (body: Record<string, unknown>, clientIp = `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.1`) => {
      const started = performance.now();
      const response = await fetch(`${url}/api/alerts`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientIp }, body: JSON.stringify({ build: 'pc-tempi', ...body }) });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`answer ${response.status}`);
      return performance.now() - started;
    };
    // Warm up (first queries, the limit secret), not measured.
    for (let i = 0; i < 5; i++) await timed({ email: `riscaldamento${i}@example.test` });

    const times: Record<string, number[]> = { sent: [], reused: [], limited: [], honeypot: [] };
    for (let i = 0; i < 10; i++) await timed({ email: `rete${i}@example.test` }, '192.0.2.1'); // the network's hour used up
    for (let i = 0; i < REQUESTS; i++) {
      times.sent!.push(await timed({ email: `nuovo${i}@example.test` }));
      times.reused!.push(await timed({ email: `nuovo${i}@example.test` }));
      times.limited!.push(await timed({ email: `bloccato${i}@example.test` }, '192.0.2.1'));
      times.honeypot!.push(await timed({ email: `bot${i}@example.test`, website: 'http://spam.example' }));
    }
    const sentMails = Number((await database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    if (sentMails !== REQUESTS + 15) throw new Error(`expected ${REQUESTS + 15} mails enqueued, found ${sentMails}`);
    const medians = Object.fromEntries(Object.entries(times).map(([outcome, values]) => [outcome, median(values)]));
    const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
    return [[`floor ${floorMs} ms`, ...['sent', 'reused', 'limited', 'honeypot'].map((o) => ms(medians[o]!)), ms(spread)]];
  } finally {
    if (server) await new Promise((resolve) => (server as Server).close(resolve));
    await database.destroy();
    await testDb.drop();
  }
}

async function main() {
  const lines = [...(await measure(0)), ...(await measure(FLOOR))];
  console.log(`\nPOST /api/alerts on ${args.postgres ? 'postgres' : 'sqlite'}: median of ${REQUESTS} answers per outcome, over HTTP\n`);
  printTable(['answer floor', 'sent', 'reused', 'limited', 'honeypot', 'spread of medians'], lines);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
