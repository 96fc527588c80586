/** `npm run db:migrate` against the configured DATABASE_URL (`npm run db:seed` is src/server/seed-cli.ts: it needs the media service for the covers). */
import { migrateToLatest } from './migrate';
import { connectDatabase, exitOnStartupFailure, loadConfigOrExit, runStartupStep } from './startup';

const command = process.argv[2];
if (command !== 'migrate') {
  console.error('Uso: tsx src/db/cli.ts migrate');
  process.exit(2);
}

const config = loadConfigOrExit();
// A wrong DATABASE_URL is one line naming it (password masked) and exit code 1, as for the server.
const database = await connectDatabase(config.database).catch(exitOnStartupFailure);
try {
  const { applied } = await runStartupStep(config.database, 'Migrazione del database non riuscita', () => migrateToLatest(database.db, database.dialect));
  console.log(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Database già aggiornato: nessuna migrazione da applicare.');
} catch (error) {
  await database.destroy();
  exitOnStartupFailure(error);
}
await database.destroy();
