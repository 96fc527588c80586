/**
 * Child process: one more instance of the real application (its own process, its own connection or
 * pool) on an existing database, served over HTTP on a free port of 127.0.0.1, for tests of several
 * processes writing to one SQLite file or several instances on one PostgreSQL (tests/helpers/app-servers.ts).
 *
 *   node --import tsx tests/helpers/app-server-child.ts <DATABASE_URL> [--pages]
 *
 * With `--pages` it also renders the pages (the production build made once per run, tests/helpers/page-build.ts)
 * behind the page cache, with cache hits answered straight from Node as the production server does, and
 * trusts one proxy (X-Forwarded-For names the client). Prints `LISTENING <url>` once it serves; on SIGTERM
 * it stops as production does: no new requests, the visits noted in memory written, the database closed.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { createApp, createPublicCache } from '../../src/server/app';
import { createNodeServer } from '../../src/server/node-server';
import { createPageRenderer } from '../../src/server/pages';
import { TEST_SCRYPT_COST } from './test-scrypt';

const url = process.argv[2];
const withPages = process.argv.includes('--pages');
if (!url) {
  process.stderr.write('usage: app-server-child.ts <DATABASE_URL> [--pages]\n');
  process.exit(2);
}

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_REQUESTS: 'false',
  PRICE_SCHEDULER_ENABLED: 'false',
  // Mail delivery, when the parent test configures it (the price alerts' subscribe answers 503 without it).
  ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM ?? 'avvisi@example.test' } : {}),
  ...(withPages ? { TRUST_PROXY: 'true' } : {}),
  // The page cache's size and miss limit, when the parent test sets them (tests/cache/cache-flood-processes.test.ts).
  ...(process.env.PAGE_CACHE_MB ? { PAGE_CACHE_MB: process.env.PAGE_CACHE_MB } : {}),
  ...(process.env.PAGE_CACHE_MISSES_PER_MINUTE ? { PAGE_CACHE_MISSES_PER_MINUTE: process.env.PAGE_CACHE_MISSES_PER_MINUTE } : {}),
  // The alert caps and answer floor, and a proxy to trust, when the parent test sets them.
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('ALERT_') || name === 'TRUST_PROXY')),
});
const database = openDatabase(config.database);
const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
const announce = (port: number) => process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);

let server: Server;
let closePages = async () => {};
if (withPages) {
  const { loadPageBuild } = await import('./page-build');
  const pages = await loadPageBuild();
  closePages = pages.close;
  const pageCache = createPublicCache(config, services);
  const app = createApp({ config, database, services, pageCache, renderPage: createPageRenderer(pages.build, { config, services }) });
  server = createNodeServer(app.fetch, { answerFirst: pageCache.serveFromNode });
  server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
} else {
  const app = createApp({ config, database, services });
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => announce(info.port)) as Server;
}

// This child stops as production does.
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void services.analytics
    .flushVisits()
    .then(() => database.destroy())
    .then(() => closePages())
    .finally(() => process.exit(0));
});
