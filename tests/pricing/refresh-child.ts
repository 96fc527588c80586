/**
 * Child process for tests/pricing/two-processes.test.ts: one app process (real configuration, real
 * services, its own database connection) that refreshes the prices of the given ASINs against the
 * fake Creators API, drawing from the request budget in the database like every other process.
 *
 *   node --import tsx tests/pricing/refresh-child.ts <DATABASE_URL> <fake API URL> <fake token URL> <requests per second> <warm-up ASIN> <ASIN,ASIN,...>
 *
 * It first refreshes the warm-up ASIN (one request, through the budget like any other), so that it
 * is a running process with its token, connections and code paths warm, as a site's processes are;
 * then it prints READY, waits for a line on stdin (so the parent can release two children at the
 * same instant), refreshes the ASINs, prints `DONE <summary as JSON>` and exits. Anything unexpected
 * goes to stderr with exit code 1.
 *
 * It calls refreshAsins (what a tier or build refresh runs) directly: the price-work lease would let
 * only one tier refresh run at a time, but imports, smart replacements and the lookups of other
 * instances run beside it, and the budget must hold whoever calls.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { DEFAULT_FAKE_CREDENTIALS } from '../fakes/creators-api';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const [url, apiUrl, tokenUrl, requestsPerSecond, warmUpAsin, asinList] = process.argv.slice(2);
if (!url || !apiUrl || !tokenUrl || !requestsPerSecond || !warmUpAsin || !asinList) {
  process.stderr.write('usage: refresh-child.ts <DATABASE_URL> <API URL> <token URL> <requests per second> <warm-up ASIN> <ASIN,...>\n');
  process.exit(2);
}

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_REQUESTS: 'false',
  AMAZON_CREDENTIAL_ID: DEFAULT_FAKE_CREDENTIALS.id,
  AMAZON_CREDENTIAL_SECRET: DEFAULT_FAKE_CREDENTIALS.secret,
  AMAZON_CREDENTIAL_VERSION: '3.2',
  AMAZON_API_BASE_URL: apiUrl,
  AMAZON_TOKEN_URL: tokenUrl,
  AMAZON_PARTNER_TAG: 'buildpc-21',
  AMAZON_REQUESTS_PER_SECOND: requestsPerSecond,
  PRICE_SCHEDULER_ENABLED: 'false',
});
const database = openDatabase(config.database);
try {
  const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
  const warmUp = await services.pricing.refreshAsins([warmUpAsin]);
  if (warmUp.summary.failed > 0) throw new Error(`warm-up failed: ${JSON.stringify(warmUp.results)}`);
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
  const outcome = await services.pricing.refreshAsins(asinList.split(','));
  process.stdout.write(`DONE ${JSON.stringify({ summary: outcome.summary, requests: outcome.requests })}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
