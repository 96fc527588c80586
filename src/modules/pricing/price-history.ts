/**
 * A build's price history from the observations of its components' ASINs (GET /api/builds/{slug}/price-history).
 *
 * Bounded: the last HISTORY_DAYS days, and one point per component per UTC day (the day's latest
 * observation), so a year of six-hourly refreshes of a 10-component build stays under 4,000 points.
 *
 * The build total, one point per UTC day with at least one observation, dated at that day's latest one:
 * - each component with an ASIN priced at least once in the window counts at its last known price at
 *   that moment (carried forward from its latest observation with a price; a day without a price,
 *   e.g. out of stock, keeps the previous one);
 * - components without an ASIN, or whose ASIN has no priced observation in the window, count at the
 *   price the build shows now (manual prices do not move; no price counts 0);
 * - the series starts on the first day by which every component of the first kind has a known price:
 *   before that, the total of this build as it is composed now was never observed.
 */
import { centsToEuro } from '../../common/money';
import type { ComponentPriceRef } from '../builds';
import type { DailyObservation } from './pricing.repository';
import type { PriceHistory } from './pricing.schema';

export const HISTORY_DAYS = 365;

export function toPriceHistory(components: readonly ComponentPriceRef[], observations: readonly DailyObservation[]): PriceHistory {
  const byAsin = new Map<string, DailyObservation[]>();
  for (const row of observations) {
    const list = byAsin.get(row.asin);
    if (list) list.push(row);
    else byAsin.set(row.asin, [row]);
  }
  const priced = new Set(observations.filter((row) => row.price_cents !== null).map((row) => row.asin));
  const tracked = components.filter((c) => c.asin !== null && priced.has(c.asin));
  const fixedCents = components.filter((c) => !tracked.includes(c)).reduce((sum, c) => sum + (c.priceCents ?? 0), 0);

  const total: PriceHistory['total'] = [];
  const lastKnown = new Map<string, number>();
  // Observations come oldest first: walk them one UTC day at a time.
  for (let start = 0; start < observations.length; ) {
    const day = observations[start]!.observed_at.slice(0, 10);
    let end = start;
    for (; end < observations.length && observations[end]!.observed_at.slice(0, 10) === day; end++) {
      const row = observations[end]!;
      if (row.price_cents !== null) lastKnown.set(row.asin, row.price_cents);
    }
    if (tracked.every((c) => lastKnown.has(c.asin!))) {
      const cents = tracked.reduce((sum, c) => sum + lastKnown.get(c.asin!)!, fixedCents);
      total.push({ at: observations[end - 1]!.observed_at, total: centsToEuro(cents)! });
    }
    start = end;
  }

  return {
    components: components.map((c) => ({
      id: c.id,
      asin: c.asin,
      points: c.asin === null ? [] : (byAsin.get(c.asin) ?? []).map((row) => ({ at: row.observed_at, price: centsToEuro(row.price_cents) })),
    })),
    total,
  };
}
