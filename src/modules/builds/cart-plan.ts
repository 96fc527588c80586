/** What a build's components add up to: the Amazon cart, the total, the age of the prices shown. */
import { isKnownUnavailable } from '../../common/availability';
import { isAmazonLink } from '../../common/amazon-hosts';
import { buildCartUrl, isValidAsin } from '../../common/asin';
import type { ComponentRow } from '../../db/tables';
import type { CartExclusion } from './builds.types';

/**
 * Cart link of the components Amazon can take, and which ones were left out and why. A component whose
 * link goes elsewhere than Amazon (amazon-hosts.ts) is an ordinary external product, whatever ASIN it
 * carries (one stored before the host list, say): it stays out of the cart.
 */
export function planCart(components: ComponentRow[], tag: string): { url: string | null; excluded: CartExclusion[] } {
  const asins: string[] = [];
  const excluded: CartExclusion[] = [];
  for (const c of components) {
    if (c.amazon_link && !isAmazonLink(c.amazon_link)) excluded.push({ id: c.id, name: c.name, reason: 'external_link' });
    else if (!c.asin || !isValidAsin(c.asin)) excluded.push({ id: c.id, name: c.name, reason: 'missing_asin' });
    else if (isKnownUnavailable(c.availability)) excluded.push({ id: c.id, name: c.name, reason: 'unavailable' });
    else asins.push(c.asin);
  }
  return { url: buildCartUrl(asins, tag), excluded };
}

/** The build's total in cents: a component without a price counts 0. */
export function sumCents(components: ComponentRow[]): number {
  return components.reduce((total, c) => total + (c.price_cents ?? 0), 0);
}

/** Date of the oldest price shown: the page must never claim prices are fresher than this. */
export function oldestPriceDate(components: ComponentRow[]): string | null {
  const dates = components.filter((c) => c.price_cents !== null && c.price_updated_at).map((c) => c.price_updated_at!);
  return dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null;
}
