/**
 * Start-up shared by `npm start`, `npm run dev` and the CLI: configuration, database, migrations,
 * first admin and (on a brand-new database) the demo content, background jobs.
 *
 * With several processes (WEB_CONCURRENCY > 1, server/cluster.ts) the work is split: the primary
 * prepares the database and runs the jobs once; its workers only open the database and serve.
 */
import type { AppConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { seedDemoContent } from '../db/seed';
import { createServices, type AppServices } from '../modules/services';
import { startPriceScheduler } from '../jobs/price-scheduler';
import { startContentSync } from './content-sync';
import { announceFirstAdmin } from './first-admin';

export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  services: AppServices;
  /** Cluster worker id of this process (WEB_CONCURRENCY > 1), reported by /healthz; null in one process. */
  workerId: number | null;
  /** Stops background work (jobs, cross-instance sync) and closes the database. */
  shutdown(): Promise<void>;
}

export interface BootstrapOptions {
  /** Migrations, first admin and demo content (default true). A cluster's workers skip it: their primary did it. */
  prepareDatabase?: boolean;
  /** Background jobs: the price scheduler (default true). In one process of a cluster only. */
  runJobs?: boolean;
  /** Set in a cluster's workers. */
  workerId?: number;
}

/** Schema up to date, the first administrator (its generated password printed once) and the demo content. */
async function prepareDatabase(database: DatabaseHandle, services: AppServices, config: AppConfig): Promise<void> {
  const { applied } = await migrateToLatest(database.db, database.dialect);
  if (applied.length > 0) console.log(`[db] migrazioni applicate: ${applied.join(', ')}`);
  const admin = await services.auth.ensureFirstAdmin(config.admin);
  if (!admin) return;
  // The first boot of a new database: demo content makes the site complete from the first minute.
  if (await seedDemoContent(database.db)) console.log('[db] contenuti dimostrativi caricati');
  announceFirstAdmin(admin);
}

export async function bootstrap(config: AppConfig, options: BootstrapOptions = {}): Promise<Runtime> {
  const { prepareDatabase: prepare = true, runJobs = true, workerId } = options;
  const database = openDatabase(config.database);
  const services = createServices({ db: database.db, config });
  if (prepare) await prepareDatabase(database, services, config);
  const sync = database.pool ? await startContentSync(database.pool, services.events) : null;
  const scheduler =
    runJobs && config.amazon && config.pricing.schedulerEnabled
      ? startPriceScheduler({
          pricing: services.pricing,
          config: config.pricing,
          onUnavailable: (asins) => services.replacements.runScheduledReplacements(asins),
        })
      : null;
  if (runJobs && !config.amazon) console.log('[prezzi] Amazon Creators API non configurata: si usano i prezzi inseriti a mano');
  return {
    config,
    database,
    services,
    workerId: workerId ?? null,
    async shutdown() {
      await scheduler?.stop();
      await sync?.stop();
      await database.destroy();
    },
  };
}
