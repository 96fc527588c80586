/**
 * Child process for tests/revenue/revenue-processes.test.ts: one app process (real configuration, real
 * services, its own database connection) that imports one report file. Two of them released at the same
 * instant are two instances importing the same report at once.
 *
 *   node --import tsx tests/revenue/import-child.ts <DATABASE_URL> <report file>
 *
 * It reads the file, prints READY, waits for a line on stdin, imports, prints `DONE <result as JSON>` and
 * exits. Anything unexpected goes to stderr with exit code 1.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { createServices } from '../../src/modules/services';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const [url, file] = process.argv.slice(2);
if (!url || !file) {
  process.stderr.write('usage: import-child.ts <DATABASE_URL> <report file>\n');
  process.exit(2);
}

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', PUBLIC_BASE_URL: 'http://localhost:3000', DEFAULT_AFFILIATE_TAG: 'buildpc-21', PRICE_SCHEDULER_ENABLED: 'false' });
const database = openDatabase(config.database);
try {
  const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST, retailer: null });
  const bytes = new Uint8Array(await readFile(file));
  await services.revenue.listImports();
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
  const result = await services.revenue.importReport({ fileName: basename(file), bytes, mapping: {}, importedBy: 'admin' });
  process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
