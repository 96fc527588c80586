/**
 * Child process for tests/backup/backup-consistency.test.ts: another process saving builds while the
 * parent takes backups. Each round creates a build with five components, deletes the oldest one and
 * swaps all five components of the new one, each in one transaction, then prints `ROUND n`.
 *
 *   node --import tsx tests/backup/writer-child.ts <DATABASE_URL>
 *
 * Prints READY once it has its connection; stops after the current round when stdin closes.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { buildInputSchema } from '../../src/modules/builds/builds.schema';
import { createServices } from '../../src/modules/services';
import { sampleBuild } from '../helpers/test-app';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

export const COMPONENTS_PER_BUILD = 5;

export function buildWith(title: string, generation: number) {
  return buildInputSchema.parse(
    sampleBuild({
      title,
      components: Array.from({ length: COMPONENTS_PER_BUILD }, (_, i) => ({ type: 'Other', name: `Parte ${generation}-${i}`, price: 10 + i })),
    }),
  );
}

async function main(url: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false' });
  const database = openDatabase(config.database);
  const builds = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST }).builds;
  const ids = (await database.db.selectFrom('builds').select('id').orderBy('id').execute()).map((row) => row.id);
  let running = true;
  process.stdin.on('data', () => undefined).on('end', () => (running = false));
  process.stdout.write('READY\n');
  for (let round = 1; running; round++) {
    const created = await builds.create(buildWith(`Nuova ${round}`, round));
    ids.push(created.id);
    await builds.remove(ids.shift()!);
    await builds.update(created.id, buildWith(`Nuova ${round}`, round + 1_000_000));
    process.stdout.write(`ROUND ${round}\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await database.destroy();
}

// Run only as the child process, not when the test imports buildWith from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv[2]!);
