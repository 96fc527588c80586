/**
 * Start-up shared by `npm start`, `npm run dev` and the CLI: configuration, database, migrations,
 * first admin and (on a brand-new database) the demo content.
 */
import type { AppConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { seedDemoContent } from '../db/seed';
import { createServices, type AppServices } from '../modules/services';
import { startPriceScheduler } from '../jobs/price-scheduler';
import { startContentSync } from './content-sync';

export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  services: AppServices;
  /** Stops background work (cross-instance sync) and closes the database. */
  shutdown(): Promise<void>;
}

export async function bootstrap(config: AppConfig): Promise<Runtime> {
  const database = openDatabase(config.database);
  const { applied } = await migrateToLatest(database.db, database.dialect);
  if (applied.length > 0) console.log(`[db] migrazioni applicate: ${applied.join(', ')}`);
  const services = createServices({ db: database.db, config });

  const admin = await services.auth.ensureFirstAdmin(config.admin);
  if (admin) {
    // The first boot of a new database: demo content makes the site complete from the first minute.
    if (await seedDemoContent(database.db)) console.log('[db] contenuti dimostrativi caricati');
    if (admin.generated) {
      // Printed once, on the boot that created the account; it is stored only as a hash.
      console.log(
        `\n  Account amministratore creato.\n  Username: ${admin.username}\n  Password: ${admin.password}\n` +
          '  Conservala ora: non verrà mostrata di nuovo (puoi cambiarla da /admin/change-password).\n',
      );
    } else {
      console.log(`[auth] account amministratore "${admin.username}" creato da ADMIN_USERNAME/ADMIN_PASSWORD`);
    }
  }
  const sync = database.pool ? await startContentSync(database.pool, services.events) : null;
  const scheduler =
    config.amazon && config.pricing.schedulerEnabled
      ? startPriceScheduler({
          pricing: services.pricing,
          config: config.pricing,
          onUnavailable: (asins) => services.replacements.runScheduledReplacements(asins),
        })
      : null;
  if (!config.amazon) console.log('[prezzi] Amazon Creators API non configurata: si usano i prezzi inseriti a mano');
  return {
    config,
    database,
    services,
    async shutdown() {
      await scheduler?.stop();
      await sync?.stop();
      await database.destroy();
    },
  };
}
