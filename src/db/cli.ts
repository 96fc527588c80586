/** `npm run db:migrate` and `npm run db:seed` against the configured DATABASE_URL. */
import { migrateToLatest } from './migrate';
import { seedDemoContent } from './seed';
import { connectDatabase, exitOnStartupFailure, loadConfigOrExit, runStartupStep } from './startup';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('Uso: tsx src/db/cli.ts migrate|seed');
  process.exit(2);
}

const config = loadConfigOrExit();
// A wrong DATABASE_URL is one line naming it (password masked) and exit code 1, as for the server.
const database = await connectDatabase(config.database).catch(exitOnStartupFailure);
try {
  const { applied } = await runStartupStep(config.database, 'Migrazione del database non riuscita', () => migrateToLatest(database.db, database.dialect));
  console.log(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Database già aggiornato: nessuna migrazione da applicare.');
  if (command === 'seed') {
    const seeded = await runStartupStep(config.database, 'Caricamento dei contenuti dimostrativi non riuscito', () => seedDemoContent(database.db));
    console.log(seeded ? 'Contenuti dimostrativi caricati.' : 'Il database contiene già delle build: nessun contenuto dimostrativo aggiunto.');
  }
} catch (error) {
  await database.destroy();
  exitOnStartupFailure(error);
}
await database.destroy();
