/**
 * Start-up shared by `npm start`, `npm run dev` and the CLI: configuration, database, migrations,
 * first admin and (on a brand-new database) the demo content, background jobs.
 *
 * With several processes (WEB_CONCURRENCY > 1, server/cluster.ts) the work is split: the primary
 * prepares the database and runs the jobs once; its workers only open the database and serve.
 */
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { addDemoCovers } from '../db/demo-covers';
import { seedDemoContent } from '../db/seed';
import { connectDatabase, runStartupStep } from '../db/startup';
import { createServices, type AppServices } from '../modules/services';
import { describeMailTarget } from '../config/env';
import { startHousekeepingScheduler } from '../schedulers/housekeeping-scheduler';
import { startDealPostsScheduler } from '../schedulers/deal-posts-scheduler';
import { startMailScheduler } from '../schedulers/mail-scheduler';
import { startPriceScheduler } from '../schedulers/price-scheduler';
import { startPublishScheduler } from '../schedulers/publish-scheduler';
import { type ContentSync, startContentSync } from './content-sync';
import { announceFirstAdmin } from './first-admin';

export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  services: AppServices;
  /** Cluster worker id of this process (WEB_CONCURRENCY > 1), reported by /healthz; null in one process. */
  workerId: number | null;
  /** Stops background work (jobs, cross-instance sync), writes the visits noted in memory and closes the database. */
  shutdown(): Promise<void>;
}

export interface BootstrapOptions {
  /** Migrations, first admin and demo content (default true). A cluster's workers skip it: their primary did it. */
  prepareDatabase?: boolean;
  /** Background jobs: the price scheduler, the housekeeping, the scheduled publishing and the mail sender (default true). In one process of a cluster only. */
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
  if (await seedDemoContent(database.db)) {
    console.log('[db] contenuti dimostrativi caricati');
    // Through the editor's upload path, into the configured storage (directory or database).
    const covers = await addDemoCovers(database.db, (bytes) => services.media.saveUploadedImage(bytes));
    console.log(`[db] copertine dimostrative caricate: ${covers}`);
  }
  announceFirstAdmin(admin);
}

/**
 * A database that cannot be reached or prepared rejects with a DatabaseStartupError (one line naming
 * DATABASE_URL, for db/startup.ts's exitOnStartupFailure), after closing what was opened.
 */
export async function bootstrap(config: AppConfig, options: BootstrapOptions = {}): Promise<Runtime> {
  const { prepareDatabase: prepare = true, runJobs = true, workerId } = options;
  const database = await connectDatabase(config.database);
  const services = createServices({ db: database.db, config });
  const pool = database.pool;
  let sync: ContentSync | null = null;
  try {
    if (prepare) await runStartupStep(config.database, 'Preparazione del database non riuscita', () => prepareDatabase(database, services, config));
    if (pool) sync = await runStartupStep(config.database, 'Ascolto delle modifiche (LISTEN) non riuscito', () => startContentSync(pool, services.events));
  } catch (error) {
    await database.destroy().catch(() => undefined);
    throw error;
  }
  const scheduler =
    runJobs && config.amazon && config.pricing.schedulerEnabled
      ? startPriceScheduler({
          pricing: services.pricing,
          config: config.pricing,
          onUnavailable: (asins) => services.replacements.runScheduledReplacements(asins),
          // After any replacement: the totals are final for this round.
          onRefreshed: () => services.drift.record(),
        })
      : null;
  const housekeeping = runJobs ? startHousekeepingScheduler(services.housekeeping) : null;
  const publishing = runJobs ? startPublishScheduler(services.publishing) : null;
  const mailer = runJobs && config.mail ? startMailScheduler(services.mail) : null;
  // The deals' channel (decision 046): off unless TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set.
  const dealPoster = runJobs && config.deals.telegram ? startDealPostsScheduler(services.deals) : null;
  if (runJobs) {
    console.log(
      config.mail === null
        ? '[posta] SMTP_URL non impostato: nessuna email viene inviata e i moduli degli avvisi sono nascosti'
        : config.mail.kind === 'files'
          ? `[posta] le email non vengono inviate: sono scritte come ${describeMailTarget(config.mail)}`
          : `[posta] invio tramite ${describeMailTarget(config.mail)}`,
    );
  }
  if (runJobs && !config.amazon) console.log('[prezzi] Amazon Creators API non configurata: si usano i prezzi inseriti a mano');
  return {
    config,
    database,
    services,
    workerId: workerId ?? null,
    async shutdown() {
      await scheduler?.stop();
      await housekeeping?.stop();
      await publishing?.stop();
      await mailer?.stop();
      await dealPoster?.stop();
      await sync?.stop();
      // After the server has stopped taking requests (main.ts): the last seconds' visits are not lost.
      await services.analytics.flushVisits();
      await database.destroy();
    },
  };
}
