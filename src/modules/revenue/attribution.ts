/**
 * Which build a sale belongs to (decision 045). Pure: the rows and what the catalogue and the click counts
 * say, in; each row's shares, out. The shares of a row add up to it exactly (commissions and revenue in
 * cents by largest remainder), so the figures always sum to the report.
 *
 * - 'esatto': the row's tracking ID is the `affiliate_tag` of exactly one build.
 * - 'stimato': the tag is shared (the default one): the row goes to the builds with that tag that hold the
 *   ASIN (a component, or an alternative a visitor's swap was clicked to), in proportion to our clicks for
 *   that ASIN on each in the CLICK_WINDOW_DAYS up to the day shipped, or equally without clicks.
 * - 'non_attribuito' (no build): a tag no build uses, or an ASIN none of the tag's builds holds.
 */
import { addDays } from '../../common/rome-day';

/** A sale ships days after the click that led to it: the clicks counted are those of this many days up to the day shipped. */
export const CLICK_WINDOW_DAYS = 30;

export type ShareMethod = 'esatto' | 'stimato' | 'non_attribuito';

export interface AttributedRow {
  day: string;
  trackingId: string;
  asin: string;
  itemsShipped: number;
  returns: number;
  revenueCents: number;
  feesCents: number;
}

export interface Share {
  buildId: number | null;
  method: ShareMethod;
  weight: number;
  itemsShipped: number;
  returns: number;
  revenueCents: number;
  feesCents: number;
}

export interface Catalogue {
  /** Each tracking ID and the builds that use it (a build without its own tag uses the default one). */
  buildsByTag: ReadonlyMap<string, readonly number[]>;
  /** Each ASIN and the builds that hold it (a component, or a clicked alternative). */
  holdersOf: ReadonlyMap<string, ReadonlySet<number>>;
  /** Builds visitors can reach now (published): a draft holding an ASIN gets no equal share. */
  live: ReadonlySet<number>;
  /** Our clicks for `asin` on `buildId` from `from` to `to` (days, inclusive). */
  clicks(buildId: number, asin: string, from: string, to: string): number;
}

/** Splits `total` (integer) by `weights` (sum > 0) into integers that add up to it: largest remainder. */
export function splitInteger(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const exact = weights.map((weight) => (magnitude * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = magnitude - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - parts[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]!++;
    left--;
  }
  return parts.map((part) => part * sign);
}

function sharesOf(row: AttributedRow, buildIds: readonly (number | null)[], weights: readonly number[], method: ShareMethod): Share[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const fees = splitInteger(row.feesCents, weights);
  const revenue = splitInteger(row.revenueCents, weights);
  return buildIds.map((buildId, index) => {
    const weight = weights[index]! / sum;
    return {
      buildId,
      method,
      weight,
      itemsShipped: row.itemsShipped * weight,
      returns: row.returns * weight,
      revenueCents: revenue[index]!,
      feesCents: fees[index]!,
    };
  });
}

export function attributeRow(row: AttributedRow, catalogue: Catalogue): Share[] {
  const tagged = catalogue.buildsByTag.get(row.trackingId) ?? [];
  if (tagged.length === 1) return sharesOf(row, [tagged[0]!], [1], 'esatto');
  const holders = catalogue.holdersOf.get(row.asin);
  const from = addDays(row.day, 1 - CLICK_WINDOW_DAYS);
  const candidates = tagged
    .filter((buildId) => holders?.has(buildId))
    .map((buildId) => ({ buildId, clicks: catalogue.clicks(buildId, row.asin, from, row.day) }))
    .filter((candidate) => candidate.clicks > 0 || catalogue.live.has(candidate.buildId));
  if (candidates.length === 0) return sharesOf(row, [null], [1], 'non_attribuito');
  const clicked = candidates.filter((candidate) => candidate.clicks > 0);
  if (clicked.length > 0) return sharesOf(row, clicked.map((candidate) => candidate.buildId), clicked.map((candidate) => candidate.clicks), 'stimato');
  return sharesOf(row, candidates.map((candidate) => candidate.buildId), candidates.map(() => 1), 'stimato');
}
