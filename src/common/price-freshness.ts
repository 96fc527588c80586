/**
 * Affiliate rules (affiliate-compliance.md): a price older than 24 hours must not be presented as
 * current; it is shown as indicative, with the date it was observed.
 */
export const PRICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function isPriceStale(updatedAt: string | null | undefined, now: number): boolean {
  if (!updatedAt) return true;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) || now - time > PRICE_MAX_AGE_MS;
}

/**
 * A retailer image link may be shown for 24 hours after the retailer last confirmed it (Amazon's data
 * is kept at most that long); after that it is left out until a lookup confirms it again (decision 024).
 */
export function freshRetailerImage(imageUrl: string | null, checkedAt: string | null | undefined, now: number): string | null {
  return imageUrl !== null && !isPriceStale(checkedAt, now) ? imageUrl : null;
}

export const PRICE_DISCLAIMER =
  "I prezzi e la disponibilità possono variare. Il prezzo applicato è quello indicato su Amazon al momento dell'acquisto.";

export const AFFILIATE_DISCLOSURE = 'In qualità di Affiliato Amazon io ricevo un guadagno dagli acquisti idonei.';
