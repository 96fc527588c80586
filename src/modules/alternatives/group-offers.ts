/**
 * The curated alternatives of many components at once (decision 030): the same list, in the same order,
 * as listCandidatesFor gives one product, read with two queries whatever the number of components and
 * grouped here.
 */
import { isValidAsin, normalizeAsin } from '../../common/asin';
import type { AlternativeRow } from '../../db/tables';
import type { CuratedOffer, OfferPart } from './alternatives.types';

/** The component's product ASIN as listCandidatesFor reads it, or null when it has none (or an invalid one). */
export function offerAsinOf(part: OfferPart): string | null {
  const asin = normalizeAsin(part.asin ?? '');
  return isValidAsin(asin) ? asin : null;
}

/** The component type as categories are matched to it: case-insensitive, blank is none. */
export function offerTypeOf(part: OfferPart): string | null {
  const type = (part.type ?? '').trim().toLowerCase();
  return type === '' ? null : type;
}

function toOffer(row: AlternativeRow, source: CuratedOffer['source']): CuratedOffer {
  return {
    asin: row.alternative_asin,
    name: row.alternative_name,
    priceCents: row.alternative_price_cents === null ? null : Number(row.alternative_price_cents),
    priority: Number(row.priority),
    priceUpdatedAt: row.price_updated_at,
    availability: row.availability,
    imageUrl: row.image_url,
    imageCheckedAt: row.image_checked_at,
    source,
  };
}

/**
 * Per component: its product's alternatives, then the members of the categories of its type, each list
 * already by priority then id; each ASIN once (its best-ranked occurrence), never the component's own.
 * Every component gets an entry, empty when it has no alternative.
 */
export function groupOffers(
  parts: ReadonlyArray<OfferPart>,
  productRows: readonly AlternativeRow[],
  memberRows: ReadonlyArray<AlternativeRow & { member_type: string }>,
): Map<number, CuratedOffer[]> {
  const byOriginal = new Map<string, AlternativeRow[]>();
  for (const row of productRows) byOriginal.set(row.original_asin!, [...(byOriginal.get(row.original_asin!) ?? []), row]);
  const byType = new Map<string, AlternativeRow[]>();
  for (const row of memberRows) byType.set(row.member_type, [...(byType.get(row.member_type) ?? []), row]);

  const offers = new Map<number, CuratedOffer[]>();
  for (const part of parts) {
    const asin = offerAsinOf(part);
    const type = offerTypeOf(part);
    const seen = new Set<string>(asin ? [asin] : []);
    const list: CuratedOffer[] = [];
    const take = (rows: readonly AlternativeRow[] | undefined, source: CuratedOffer['source']) => {
      for (const row of rows ?? []) {
        if (seen.has(row.alternative_asin)) continue;
        seen.add(row.alternative_asin);
        list.push(toOffer(row, source));
      }
    };
    take(asin ? byOriginal.get(asin) : undefined, 'product');
    take(type ? byType.get(type) : undefined, 'group');
    offers.set(part.componentId, list);
  }
  return offers;
}
