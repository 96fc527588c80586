/**
 * Which of the author's curated alternatives a visitor is offered, and how they are shown (decision 030):
 * only those with a price and not known to be unavailable, in the author's order. Their price follows
 * the parts' 24-hour rule (affiliate-compliance.md): a stale one is still offered, and the page shows it
 * as indicative with its date; their image, like a part's, only while the retailer confirmed it within
 * 24 hours (decision 024).
 */
import { isKnownUnavailable } from '../../common/availability';
import { productUrl } from '../../common/asin';
import { centsToEuro } from '../../common/money';
import { freshRetailerImage } from '../../common/price-freshness';
import type { CuratedOffer } from '../alternatives';

/** A curated alternative the visitor may pick for a component: every price is in euro. */
export interface PublicAlternative {
  asin: string;
  name: string;
  price: number;
  price_updated_at: string | null;
  availability: string | null;
  image_url: string | null;
  /** The affiliate link of the product. */
  amazon_link: string;
  /** The alternative's price minus the price the component shows now (negative: it saves). */
  difference: number;
}

/** An offer the visitor may be given: priced, and not known to be out of stock. */
export interface OfferedAlternative extends CuratedOffer {
  priceCents: number;
}

export function isOffered(offer: CuratedOffer): offer is OfferedAlternative {
  return offer.priceCents !== null && !isKnownUnavailable(offer.availability);
}

export function offeredAlternatives(offers: readonly CuratedOffer[]): OfferedAlternative[] {
  return offers.filter(isOffered);
}

export function toPublicAlternative(offer: OfferedAlternative, currentPriceCents: number | null, tag: string, now: number): PublicAlternative {
  return {
    asin: offer.asin,
    name: offer.name,
    price: centsToEuro(offer.priceCents)!,
    price_updated_at: offer.priceUpdatedAt,
    availability: offer.availability,
    image_url: freshRetailerImage(offer.imageUrl, offer.imageCheckedAt, now),
    amazon_link: productUrl(offer.asin, tag),
    difference: centsToEuro(offer.priceCents - (currentPriceCents ?? 0))!,
  };
}
