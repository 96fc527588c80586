/**
 * What a deal is (decision 046), the one rule: a price that is fresh (at most 24 hours old), from the
 * retailer, of a product not known to be unavailable, and at least `minDropPercent` below the lowest
 * price our own history recorded for the ASIN in the 30 Europe/Rome days before today. No price in
 * those days, no claim: every "−N %" is measured against the previous 30-day low (the Omnibus rule
 * for announced reductions). Pure: the refresh job feeds it stored rows.
 */
import { isKnownUnavailable } from '../../common/availability';
import { isPriceStale } from '../../common/price-freshness';
import { addDays, romeDay } from '../../common/rome-day';
import { romeLocalToIso } from '../../common/rome-time';

/** The days before today whose lowest price a deal is measured against. */
export const PREVIOUS_LOW_DAYS = 30;

/** A price as a build page shows it: the component's (or the offered alternative's) stored price. */
export interface ShownPrice {
  priceCents: number | null;
  /** 'amazon' (from the retailer) or 'manual' (typed by the author: never a deal). */
  priceSource: string | null;
  priceUpdatedAt: string | null;
  availability: string | null;
}

export interface DealVerdict {
  /** The drop in hundredths of a percent (1500: 15 %), rounded down so a shown "−15 %" is never more than true. */
  dropBasisPoints: number;
}

/**
 * The window of the previous 30-day low for an instant: from Rome's midnight 30 days before today up to
 * (not including) today's Rome midnight, as ISO instants comparable with stored timestamps.
 */
export function previousLowWindow(now: Date): { from: string; until: string } {
  const today = romeDay(now);
  return { from: romeLocalToIso(`${addDays(today, -PREVIOUS_LOW_DAYS)}T00:00`)!, until: romeLocalToIso(`${today}T00:00`)! };
}

/** The deal this price makes against `previousLowCents` (null: no price in the window), or null. */
export function dealOf(shown: ShownPrice, previousLowCents: number | null, now: Date, minDropPercent: number): DealVerdict | null {
  const price = shown.priceCents;
  if (price === null || price <= 0 || shown.priceSource !== 'amazon') return null;
  if (isPriceStale(shown.priceUpdatedAt, now.getTime()) || isKnownUnavailable(shown.availability)) return null;
  if (previousLowCents === null || previousLowCents <= 0) return null;
  const dropBasisPoints = Math.floor(((previousLowCents - price) * 10_000) / previousLowCents);
  // Compared in basis points, integers both: 10 % of 200 € is exactly 20 €, no float rounding at the edge.
  return dropBasisPoints >= Math.round(minDropPercent * 100) ? { dropBasisPoints } : null;
}

/** Whether a deal is still one when read: its price is still the one shown and still fresh and available. */
export function isStillFresh(shown: ShownPrice, dealPriceCents: number, now: Date): boolean {
  return shown.priceCents === dealPriceCents && shown.priceSource === 'amazon' && !isPriceStale(shown.priceUpdatedAt, now.getTime()) && !isKnownUnavailable(shown.availability);
}

/** Whether the channel may post this ASIN's deal: never posted, a new low since, or 7 days since the last post. */
export const REPOST_AFTER_MS = 7 * 86_400_000;

export function shouldPost(lastPost: { lowCents: number; postedAt: string } | null, priceCents: number, now: Date): boolean {
  if (lastPost === null) return true;
  return priceCents < lastPost.lowCents || now.getTime() - Date.parse(lastPost.postedAt) >= REPOST_AFTER_MS;
}
