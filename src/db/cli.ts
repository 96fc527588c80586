/** `npm run db:migrate` and `npm run db:seed` against the configured DATABASE_URL. */
import { loadConfigOrExit } from '../server/start';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { seedDemoContent } from './seed';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('Uso: tsx src/db/cli.ts migrate|seed');
  process.exit(2);
}

const config = loadConfigOrExit();
const database = openDatabase(config.database);
try {
  const { applied } = await migrateToLatest(database.db, database.dialect);
  console.log(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Database già aggiornato: nessuna migrazione da applicare.');
  if (command === 'seed') {
    const seeded = await seedDemoContent(database.db);
    console.log(seeded ? 'Contenuti dimostrativi caricati.' : 'Il database contiene già delle build: nessun contenuto dimostrativo aggiunto.');
  }
} finally {
  await database.destroy();
}
