/**
 * Child process for tests/builds/concurrent-creates.test.ts: boots the real application on DATABASE_URL
 * (as one worker or instance would) and, once told to go, sends <count> build creates with one title
 * at once, then prints the status and slug of each as one JSON line.
 *
 *   node --import tsx tests/helpers/create-burst.ts <DATABASE_URL> <count> <title>
 *
 * Prints READY when booted and waits for a line on stdin, so two processes can start their bursts together.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { createApp } from '../../src/server/app';
import { ADMIN, sampleBuild } from './test-app';
import { TEST_SCRYPT_COST } from './test-scrypt';

const [url, count, title] = process.argv.slice(2);
if (!url || !count || !title) {
  process.stderr.write('usage: create-burst.ts <DATABASE_URL> <count> <title>\n');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false' });
const database = openDatabase(config.database);
const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
const app = createApp({ config, database, services });

const login = await app.request('/api/auth/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'User-Agent': 'vitest' },
  body: JSON.stringify(ADMIN),
});
const { token } = (await login.json()) as { token: string };

process.stdout.write('READY\n');
await new Promise<void>((resolve) => {
  const input = createInterface({ input: process.stdin });
  input.once('line', () => {
    input.close(); // stdin would keep the process alive
    resolve();
  });
});

const results = await Promise.all(
  Array.from({ length: Number(count) }, async () => {
    const response = await app.request('/api/admin/builds', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'vitest', Authorization: `Bearer ${token}` },
      body: JSON.stringify(sampleBuild({ title })),
    });
    const body = (await response.json()) as { build?: { slug: string } };
    return { status: response.status, slug: body.build?.slug ?? null };
  }),
);
process.stdout.write(`${JSON.stringify(results)}\n`);
await database.destroy();
