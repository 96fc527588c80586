/**
 * `npm run db:seed`: migrate, then, if the database has no builds, the demo content with its covers,
 * exactly as a new site's first start loads them (bootstrap.ts). The covers go through the editor's
 * upload path into the configured storage, so this lives with the server, which knows the services;
 * `src/db/cli.ts` keeps the schema-only `db:migrate`.
 */
import { formatQuantity } from '../common/format';
import { addDemoCovers } from '../db/demo-covers';
import { migrateToLatest } from '../db/migrate';
import { seedDemoContent } from '../db/seed';
import { connectDatabase, exitOnStartupFailure, loadConfigOrExit, runStartupStep } from '../db/startup';
import { createServices } from '../modules/services';

const config = loadConfigOrExit();
// A wrong DATABASE_URL is one line naming it (password masked) and exit code 1, as for the server.
const database = await connectDatabase(config.database).catch(exitOnStartupFailure);
try {
  const { applied } = await runStartupStep(config.database, 'Migrazione del database non riuscita', () => migrateToLatest(database.db, database.dialect));
  console.log(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Database già aggiornato: nessuna migrazione da applicare.');
  const seeded = await runStartupStep(config.database, 'Caricamento dei contenuti dimostrativi non riuscito', () => seedDemoContent(database.db));
  if (seeded) {
    const services = createServices({ db: database.db, config });
    const covers = await addDemoCovers(database.db, (bytes) => services.media.saveUploadedImage(bytes));
    console.log(`Contenuti dimostrativi caricati, con ${formatQuantity(covers, 'copertina', 'copertine')}.`);
  } else {
    console.log('Il database contiene già delle build: nessun contenuto dimostrativo aggiunto.');
  }
} catch (error) {
  await database.destroy();
  exitOnStartupFailure(error);
}
await database.destroy();
