/** The application's services wired to one database: shared by the JSON API, page loaders and jobs. */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/schema';
import { createAlternativesService } from './alternatives/alternatives.service';
import { createAuthService } from './auth/auth.service';
import { createBuildsService } from './builds/builds.service';
import { type Clock, systemClock } from './clock';
import { createContentEvents } from './content-events';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: AppConfig;
  clock?: Clock;
}

export function createServices({ db, config, clock = systemClock }: ServiceDeps) {
  const events = createContentEvents();
  return {
    events,
    auth: createAuthService({ db, clock, sessionTtlHours: config.sessionTtlHours }),
    builds: createBuildsService({ db, clock, defaultAffiliateTag: config.defaultAffiliateTag, events }),
    alternatives: createAlternativesService({ db, clock }),
  };
}

export type AppServices = ReturnType<typeof createServices>;
