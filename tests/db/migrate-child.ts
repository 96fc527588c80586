/**
 * Child process for tests/db/migrate.test.ts: migrates the database named on the command line and
 * prints the applied migrations as one JSON line.
 *
 *   node --import tsx tests/db/migrate-child.ts <DATABASE_URL> [--barrier]
 *
 * With --barrier it opens the database (and, on PostgreSQL, a connection) first, prints READY and
 * waits for a line on stdin before migrating, so the parent can release two children at the same instant.
 */
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: migrate-child.ts <DATABASE_URL> [--barrier]\n');
  process.exit(2);
}
const barrier = process.argv.includes('--barrier');

const database = openDatabase(parseDatabaseUrl(url));
try {
  if (barrier) {
    await sql`select 1`.execute(database.db);
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
  }
  const { applied } = await migrateToLatest(database.db, database.dialect);
  process.stdout.write(`${JSON.stringify({ applied })}\n`);
} finally {
  await database.destroy();
}
