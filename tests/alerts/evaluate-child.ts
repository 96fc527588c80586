/**
 * Child process for tests/alerts/alert-firing.test.ts: one app process (real configuration, real services,
 * its own database connection) that evaluates the alerts of some ASINs, as the pricing job does after a
 * refresh. Two of them released at the same instant are two instances evaluating at once (two handles on
 * one SQLite file inside one process would only wait on each other: decision 009).
 *
 *   node --import tsx tests/alerts/evaluate-child.ts <DATABASE_URL> <ASIN,ASIN,...>
 *
 * It warms up (one read of the alerts), prints READY, waits for a line on stdin, evaluates, prints
 * `DONE <outcome as JSON>` and exits. Anything unexpected goes to stderr with exit code 1.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const [url, asinList] = process.argv.slice(2);
if (!url || !asinList) {
  process.stderr.write('usage: evaluate-child.ts <DATABASE_URL> <ASIN,...>\n');
  process.exit(2);
}

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_REQUESTS: 'false',
  PUBLIC_BASE_URL: 'http://localhost:3000',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'avvisi@example.test',
  PRICE_SCHEDULER_ENABLED: 'false',
});
const database = openDatabase(config.database);
try {
  const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST, retailer: null });
  await services.alerts.stats();
  process.stdout.write('READY\n');
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: process.stdin });
    let released = false;
    lines.once('line', () => {
      released = true;
      resolve();
      lines.close();
    });
    lines.once('close', () => {
      if (!released) reject(new Error('stdin closed before the go signal'));
    });
  });
  process.stdin.destroy();
  const outcome = await services.alerts.evaluateForAsins(asinList.split(','));
  process.stdout.write(`DONE ${JSON.stringify(outcome)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
