/** Every migration in order. Migrations are frozen in time: they never import application code. */
import type { Kysely } from 'kysely';
import * as initial from './0001-initial';
import * as jobs from './0002-jobs';
import * as mediaBlobs from './0003-media-blobs';
import * as retailerRateBudget from './0004-retailer-rate-budget';
import * as loginAttempts from './0005-login-attempts';

export interface Migration {
  readonly name: string;
  up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void>;
}

export const migrations: readonly Migration[] = [
  { name: '0001-initial', up: initial.up },
  { name: '0002-jobs', up: jobs.up },
  { name: '0003-media-blobs', up: mediaBlobs.up },
  { name: '0004-retailer-rate-budget', up: retailerRateBudget.up },
  { name: '0005-login-attempts', up: loginAttempts.up },
];
