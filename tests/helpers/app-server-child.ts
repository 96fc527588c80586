/**
 * Child process: one more instance of the real application (its own process, its own connection or
 * pool) on an existing database, served over HTTP on a free port of 127.0.0.1, for tests of several
 * processes writing to one SQLite file or several instances on one PostgreSQL (tests/helpers/app-servers.ts).
 *
 *   node --import tsx tests/helpers/app-server-child.ts <DATABASE_URL>
 *
 * Prints `LISTENING <url>` once it serves; stops on SIGTERM.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { createApp } from '../../src/server/app';
import { TEST_SCRYPT_COST } from './test-scrypt';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: app-server-child.ts <DATABASE_URL>\n');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', PRICE_SCHEDULER_ENABLED: 'false' });
const database = openDatabase(config.database);
const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
const app = createApp({ config, database, services });

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
  process.stdout.write(`LISTENING http://127.0.0.1:${info.port}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  void database.destroy().finally(() => process.exit(0));
});
