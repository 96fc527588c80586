/**
 * Storing what the retailer answered, in the caller's transaction: the components carrying each ASIN
 * (written by the builds module's one writer of components), the curated alternatives offering it (written
 * by the alternatives module), the price history, the access streaks.
 * Shared by the price refresh, smart replacement, and the tools that seed observations.
 */
import type { Kysely } from 'kysely';
import { euroToCents } from '../../common/money';
import type { Database } from '../../db/tables';
import type { ItemLookup } from '../../integrations/amazon-creators';
import { applyRetailerObservationToAlternatives } from '../alternatives';
import { applyRetailerObservation, bumpBuildVersion, lockBuilds } from '../builds';
import type { Clock } from '../clock';
import { settleAccess } from './access-streaks';
import * as repo from './pricing.repository';
import { classifyLookup, storedAvailability } from './retailer';

/** What Amazon said about one ASIN, to be stored. */
export interface Observation {
  asin: string;
  /** null: no price in the answer, the stored one stays. */
  priceCents: number | null;
  availability: string;
  /** The image Amazon links now; null or absent: the stored one stays. */
  imageUrl?: string | null;
}

/** What a lookup tells us to store about its ASIN (price, availability, image). */
export function observationOf(asin: string, lookup: ItemLookup): Observation {
  const found = lookup.status === 'found' ? lookup : null;
  return {
    asin,
    priceCents: found && found.price !== null ? euroToCents(found.price) : null,
    availability: storedAvailability(lookup),
    imageUrl: found?.image?.url ?? null,
  };
}

/**
 * Writes Amazon's answers to the components and the alternatives carrying these ASINs and to the price
 * history (every ASIN, whoever carries it), in the caller's transaction. The builds concerned are locked first (see lockBuilds), and each one whose
 * price changes gets a new version: an editor form loaded before holds the old price, and saving it
 * would turn it into the author's own 'manual' price; the version makes that save a conflict the author
 * sees instead (decision 006). Availability alone does not: the editor never writes it back.
 */
export async function storeObservations(trx: Kysely<Database>, clock: Clock, observations: Observation[], observedAt: string): Promise<void> {
  if (observations.length === 0) return;
  const asins = observations.map((observation) => observation.asin);
  await lockBuilds(trx, await repo.findBuildIdsWithAsins(trx, asins));
  const newPrice = new Map(observations.map((observation) => [observation.asin, observation.priceCents]));
  const repriced = new Set<number>();
  for (const component of await repo.findComponentsByAsins(trx, asins)) {
    const priceCents = newPrice.get(component.asin!);
    if (priceCents !== null && priceCents !== undefined && priceCents !== component.price_cents) repriced.add(component.build_id);
  }
  for (const buildId of [...repriced].sort((a, b) => a - b)) await bumpBuildVersion(trx, buildId, clock);
  for (const { asin, priceCents, availability, imageUrl } of observations) {
    await applyRetailerObservation(trx, asin, { priceCents, availability, imageUrl, observedAt });
    // The same product offered as an alternative (decision 030): its price follows the same 24-hour rule.
    await applyRetailerObservationToAlternatives(trx, asin, { priceCents, availability, imageUrl, observedAt });
    await repo.recordObservation(trx, asin, { priceCents, availability, observedAt });
  }
}

/**
 * Stores one answer of Amazon (a GetItems batch) in the caller's transaction: the builds holding its
 * ASINs are locked first (as every build writer does, see lockBuilds), then what it says about access is
 * counted (access-streaks.ts), then every reliable observation is written. Returns the lookups as they
 * are to be read: a product refused access on two different days is unavailable (decision 021).
 */
export async function storeAnswer(trx: Kysely<Database>, clock: Clock, lookups: ReadonlyMap<string, ItemLookup>, observedAt: string): Promise<Map<string, ItemLookup>> {
  await lockBuilds(trx, await repo.findBuildIdsWithAsins(trx, [...lookups.keys()]));
  const settled = await settleAccess(trx, lookups, observedAt);
  const observations = [...settled].filter(([, lookup]) => classifyLookup(lookup) !== 'unknown').map(([asin, lookup]) => observationOf(asin, lookup));
  await storeObservations(trx, clock, observations, observedAt);
  return settled;
}

/**
 * For a restore, which writes the observations only: rebuilds the per-day history (price_days) from
 * them, in the caller's transaction.
 */
export function rebuildPriceHistoryDays(trx: Kysely<Database>): Promise<void> {
  return repo.rebuildPriceDays(trx);
}
