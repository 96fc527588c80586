/**
 * Price alert benchmark (`npm run bench:alerts`).
 *
 * A brand-new database (SQLite by default, PostgreSQL with --postgres) holds 100 published builds × 10
 * components (1,000 components, 1,000 distinct ASINs, priced and in stock) and --alerts active price
 * alerts spread over the builds. Measured, the retailer not involved:
 *   1. evaluating the alerts after a refresh of every ASIN when none fires (targets under the totals):
 *      the cost every refresh pays;
 *   2. the same when every alert fires: one transaction per alert (delete + outbox mail);
 *   3. mails per second through the outbox: --mails mails enqueued, then `sendDue()` until all are
 *      sent over real SMTP to the fake server of the tests (tests/fakes/smtp-server.ts, 127.0.0.1).
 * The setup (database, builds, alerts) is not measured.
 *
 *   npx tsx bench/alerts.ts [--alerts 1000] [--mails 500] [--postgres]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createServices } from '../src/modules/services';
import { startFakeSmtpServer } from '../tests/fakes/smtp-server';
import { createTestDatabase } from '../tests/helpers/test-database';
import { positiveInteger } from './cli-args';
import { printTable } from './table';

const BUILDS = 100;
const COMPONENTS_PER_BUILD = 10;
const COMPONENT_CENTS = 10_000; // every build totals 1.000,00 €
const BUILD_TOTAL_CENTS = COMPONENT_CENTS * COMPONENTS_PER_BUILD;
const TYPES = ['CPU', 'Cooler', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Case', 'Other', 'Other'];

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string' },
    mails: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('npx tsx bench/alerts.ts [--alerts 1000] [--mails 500] [--postgres]');
  process.exit(0);
}
const ALERTS = positiveInteger('alerts', args.alerts, 1000);
const MAILS = positiveInteger('mails', args.mails, 500);

/** 10 characters (B0AL + 6 digits). */
const asin = (n: number) => `B0AL${String(n).padStart(6, '0')}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

async function main() {
  const testDb = await createTestDatabase(args.postgres ? 'postgres' : 'sqlite');
  const smtp = await startFakeSmtpServer();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: testDb.url,
    LOG_REQUESTS: 'false',
    DEFAULT_AFFILIATE_TAG: 'buildpc-21',
    PUBLIC_BASE_URL: 'https://example.test',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'avvisi@example.test',
    PRICE_SCHEDULER_ENABLED: 'false',
  });
  const database = openDatabase(config.database);
  const db = database.db;
  try {
    await migrateToLatest(db, database.dialect);
    const services = createServices({ db, config, retailer: null });
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();

    // --- setup (not measured)
    const buildIds: number[] = [];
    const asins: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < BUILDS; b++) {
        const build = await trx
          .insertInto('builds')
          .values({ slug: `build-avvisi-${b + 1}`, title: `Build avvisi ${b + 1}`, status: 'published', published_at: now, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        buildIds.push(build.id);
        const rows = Array.from({ length: COMPONENTS_PER_BUILD }, (_, p) => {
          const code = asin(b * COMPONENTS_PER_BUILD + p);
          asins.push(code);
          return {
            build_id: build.id,
            type: TYPES[p]!,
            name: `Componente ${b * COMPONENTS_PER_BUILD + p}`,
            price_cents: COMPONENT_CENTS,
            amazon_link: `https://www.amazon.it/dp/${code}`,
            asin: code,
            position: p,
            price_source: 'amazon',
            price_updated_at: now,
            availability: 'IN_STOCK',
            created_at: now,
            updated_at: now,
          };
        });
        await trx.insertInto('components').values(rows).execute();
      }
    });
    async function insertAlerts(maxTotalCents: number) {
      const rows = Array.from({ length: ALERTS }, (_, i) => ({
        build_id: buildIds[i % BUILDS]!,
        component_id: null,
        email: `lettore${i}@example.test`,
        max_total_cents: maxTotalCents,
        status: 'active',
        confirm_token_hash: randomBytes(32).toString('hex'),
        unsubscribe_token_hash: randomBytes(32).toString('hex'),
        created_at: now,
        confirmed_at: now,
        expires_at: expires,
      }));
      for (let start = 0; start < rows.length; start += 200) await db.insertInto('price_alerts').values(rows.slice(start, start + 200)).execute();
    }
    const count = async (table: 'price_alerts' | 'mail_outbox') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    const lines: string[][] = [];
    // --- 1. nothing fires: every target a euro under the total.
    await insertAlerts(BUILD_TOTAL_CENTS - 100);
    let start = performance.now();
    const quiet = await services.alerts.evaluateForAsins(asins);
    let ms = performance.now() - start;
    lines.push([`evaluate ${asins.length} ASINs, none fires`, `${quiet.evaluated}`, `${quiet.fired}`, seconds(ms), `${Math.round(quiet.evaluated / (ms / 1000))}`]);
    if (quiet.fired !== 0 || (await count('price_alerts')) !== ALERTS) throw new Error('alerts fired under their targets');

    // --- 2. everything fires: every target at the total.
    await db.deleteFrom('price_alerts').execute();
    await insertAlerts(BUILD_TOTAL_CENTS);
    start = performance.now();
    const loud = await services.alerts.evaluateForAsins(asins);
    ms = performance.now() - start;
    lines.push([`evaluate ${asins.length} ASINs, all fire`, `${loud.evaluated}`, `${loud.fired}`, seconds(ms), `${Math.round(loud.evaluated / (ms / 1000))}`]);
    if (loud.fired !== ALERTS || (await count('price_alerts')) !== 0 || (await count('mail_outbox')) !== ALERTS) throw new Error('not one mail per alert');

    // --- 3. mails/s through the outbox to real SMTP.
    await db.deleteFrom('mail_outbox').execute();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAILS; i++) {
        await services.mail.enqueue(trx, { kind: 'alert', to: `lettore${i}@example.test`, subject: `Avviso ${i}`, text: 'Testo '.repeat(200), html: '<p>Testo</p>'.repeat(50) }, now);
      }
    });
    start = performance.now();
    let sent = 0;
    while (sent < MAILS) {
      const round = await services.mail.sendDue();
      if (round.sent === 0) throw new Error(`sendDue sent nothing (${JSON.stringify(round)})`);
      sent += round.sent;
    }
    ms = performance.now() - start;
    lines.push([`send ${MAILS} mails over SMTP (sendDue)`, '', `${sent}`, seconds(ms), `${Math.round(sent / (ms / 1000))}`]);
    if (smtp.received.length !== MAILS) throw new Error(`the fake SMTP server received ${smtp.received.length} mails`);
    services.mail.close();

    console.log(`\nPrice alerts on ${database.dialect}: ${BUILDS} builds × ${COMPONENTS_PER_BUILD} components, ${ALERTS} active alerts\n`);
    printTable(['step', 'evaluated', 'fired/sent', 'time', 'per second'], lines);
  } finally {
    await database.destroy();
    await smtp.close();
    await testDb.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
