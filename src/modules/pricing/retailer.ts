/** The retailer (Amazon Creators API) as the services see it: a client, or null when not configured. */
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import { createCreatorsClient, type CreatorsClient, creatorsApiSettingsMissing, isCreatorsApiError, type ItemLookup } from '../../integrations/amazon-creators';
import { budgetAccountKey, createDatabaseRateQueue, type DatabaseRateQueue } from './rate-budget';

export type Retailer = CreatorsClient | null;

/**
 * The request budget of the configured account, kept in the database so that every process and
 * instance shares it; null when the retailer is not configured.
 */
export function createRetailerBudget(config: Pick<AppConfig, 'amazon' | 'database'>, db: Kysely<Database>): DatabaseRateQueue | null {
  if (!config.amazon) return null;
  return createDatabaseRateQueue({
    db,
    dialect: config.database.dialect,
    account: budgetAccountKey(config.amazon),
    requestsPerSecond: config.amazon.requestsPerSecond,
    requestsPerDay: config.amazon.requestsPerDay,
  });
}

/** A Creators client whose every request draws from `budget`. */
export function createRetailer(config: Pick<AppConfig, 'amazon'>, budget: DatabaseRateQueue | null): Retailer {
  return config.amazon && budget ? createCreatorsClient(config.amazon, { queue: budget }) : null;
}

/** 503 with an Italian message naming the settings to configure; nothing is changed. */
export function requireRetailer(retailer: Retailer, config: Pick<AppConfig, 'amazon'>): CreatorsClient {
  if (retailer) return retailer;
  throw new AppError('SERVICE_UNAVAILABLE', creatorsApiSettingsMissing(config) ?? 'Amazon Creators API non configurata');
}

/**
 * What a lookup says about availability. Only an answer from Amazon about the item counts as
 * "unavailable": a throttle, a network error or an auth failure never does (those throw instead).
 */
export type Availability = 'available' | 'unavailable' | 'unknown';

const UNAVAILABLE_TYPES = new Set(['OUT_OF_STOCK', 'UNAVAILABLE']);

/** Amazon's code for an item its API will not show: often a product withdrawn from sale, sometimes a passing state. */
export const NOT_ACCESSIBLE = 'ItemNotAccessible';
/**
 * Not Amazon's code but ours (access-streaks.ts): the item was answered ItemNotAccessible on this many
 * different Europe/Rome days in a row, with no answer showing it in between, and is taken as unavailable
 * (decision 021).
 */
export const NOT_ACCESSIBLE_ON_DAYS = 'ItemNotAccessibleOnDays';
export const NOT_ACCESSIBLE_DAYS = 2;

/**
 * Amazon says this very item does not exist (any more), or kept refusing access to it over days. One
 * ItemNotAccessible alone does not prove unavailability (it counts towards NOT_ACCESSIBLE_ON_DAYS), and a
 * whole-request 404 (ResourceNotFoundException) names no item: the same ASIN would get a different
 * answer depending on the other ASINs in its request, so it neither proves nor counts.
 */
const GONE_CODES = new Set(['InvalidParameterValue', NOT_ACCESSIBLE_ON_DAYS]);

export function classifyLookup(lookup: ItemLookup | undefined): Availability {
  if (!lookup) return 'unknown';
  if (lookup.status === 'not_found') return GONE_CODES.has(lookup.code) ? 'unavailable' : 'unknown';
  if (UNAVAILABLE_TYPES.has(lookup.availability)) return 'unavailable';
  return lookup.availability === 'UNKNOWN' ? 'unknown' : 'available';
}

/** Stored availability value for a lookup (components.availability). */
export function storedAvailability(lookup: ItemLookup): string {
  if (lookup.status === 'found') return lookup.availability;
  return GONE_CODES.has(lookup.code) ? 'UNAVAILABLE' : 'UNKNOWN';
}

/** Italian text for a retailer failure, for job records and API answers. */
export function describeRetailerError(error: unknown): string {
  if (isCreatorsApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Maps a retailer failure to the API's 502/503 (never a 500, never "unavailable"). */
export function toRetailerAppError(error: unknown): AppError {
  if (isCreatorsApiError(error)) {
    const code = error.kind === 'throttled' || error.kind === 'forbidden' || error.kind === 'auth' ? 'SERVICE_UNAVAILABLE' : 'UPSTREAM_ERROR';
    return new AppError(code, error.message, error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {});
  }
  return new AppError('UPSTREAM_ERROR', 'Errore nella comunicazione con Amazon. Riprova più tardi.');
}
