/** The application's services wired to one database: shared by the JSON API, page loaders and jobs. */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/tables';
import { createAlertsService } from './alerts';
import { createAlternativesService } from './alternatives';
import { createAnalyticsService, keepAnalyticsOfDeletedBuild } from './analytics';
import { createDriftService } from './drift';
import { bumpBuildVersion, createBuildsService, createRevisionsService } from './builds';
import { createAuthService, type ScryptCost } from './auth';
import { type Clock, systemClock } from './clock';
import { createContentEvents } from './content-events';
import { createHousekeepingService } from './housekeeping';
import { createImporterService } from './importer';
import { createJobsService } from './jobs';
import { createMailService } from './mail';
import { createMediaService, createUploadStorage } from './media';
import { createPersonalizationService } from './personalization';
import { createCompareService } from './compare';
import { createPricingService, createRetailer, createRetailerBudget, type Retailer } from './pricing';
import { createPublishingService } from './publishing';
import { createReplacementsService, reconcileReplacementRecords } from './replacements';
import { createRetailerItemsService } from './retailer-items';
import { createSearchService, createSynonymsService } from './search';
import { createSeoService } from './seo';
import { createFeedService } from './feed';
import { createRevenueService } from './revenue';
import { createDealsService } from './deals';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: AppConfig;
  clock?: Clock;
  /**
   * Defaults to a Creators API client when the configuration has credentials, else null. Its requests
   * draw from the account's request budget in `db`, shared by every process and instance.
   */
  retailer?: Retailer;
  /** Cost of new password hashes: production's by default; tests pass a cheap one (auth.service.ts). */
  scryptCost?: ScryptCost;
}

export function createServices({ db, config, clock = systemClock, ...deps }: ServiceDeps) {
  const retailerBudget = createRetailerBudget(config, db);
  const retailer = deps.retailer === undefined ? createRetailer(config, retailerBudget) : deps.retailer;
  const events = createContentEvents();
  const jobs = createJobsService({ db, clock });
  const alternatives = createAlternativesService({ db, clock, events });
  const synonyms = createSynonymsService({ db, clock, events });
  const auth = createAuthService({ db, clock, sessionTtlHours: config.sessionTtlHours, scryptCost: deps.scryptCost });
  const personalization = createPersonalizationService({ alternatives });
  const builds = createBuildsService({ db, clock, defaultAffiliateTag: config.defaultAffiliateTag, personalization, events, keepDeletedAnalytics: keepAnalyticsOfDeletedBuild });
  const analytics = createAnalyticsService({ db, clock, personalization });
  const mail = createMailService({ db, clock, config });
  const alerts = createAlertsService({ db, clock, config, builds, mail });
  const deals = createDealsService({ db, clock, config, jobs, events });
  // Inside the refresh's job: the deals first (they log their own failure and never throw), then the alerts.
  const afterRefresh = async (asins: string[]) => {
    await deals.recordForAsins(asins);
    return alerts.evaluateForAsins(asins);
  };
  const pricing = createPricingService({ db, clock, config, retailer, retailerBudget, builds, jobs, events, afterRefresh });
  return {
    /** The clock every service reads (the page cache times scheduled publications with it). */
    clock,
    events,
    jobs,
    auth,
    housekeeping: createHousekeepingService({ auth, analytics, alerts, jobs, clock }),
    alerts,
    deals,
    builds,
    search: createSearchService({ db, clock, builds, synonyms: synonyms.groupsForSearch, rankLimit: config.searchRankLimit }),
    synonyms,
    publishing: createPublishingService({ builds, jobs }),
    analytics,
    alternatives,
    personalization,
    pricing,
    compare: createCompareService({ db, clock, builds, pricing }),
    importer: createImporterService({ retailer, config }),
    retailerItems: createRetailerItemsService({ db, clock, config, retailer }),
    revisions: createRevisionsService({
      db,
      clock,
      events,
      bumpVersion: (trx, buildId) => bumpBuildVersion(trx, buildId, clock),
      reconcileReplacements: reconcileReplacementRecords,
    }),
    drift: createDriftService({ db, clock, thresholdPercent: config.budgetDriftPercent }),
    replacements: createReplacementsService({ db, clock, config, retailer, alternatives, builds, jobs, events }),
    seo: createSeoService({ db, clock, publicBaseUrl: config.publicBaseUrl }),
    feed: createFeedService({ db, clock, builds, publicBaseUrl: config.publicBaseUrl, siteName: config.siteName }),
    mail,
    revenue: createRevenueService({ db, clock, defaultAffiliateTag: config.defaultAffiliateTag }),
    media: createMediaService({ config, storage: createUploadStorage({ config, db, clock }) }),
  };
}

export type AppServices = ReturnType<typeof createServices>;
