/**
 * From stored rows to the deals visitors see: each deal with the product as a build page shows it, the
 * builds it belongs in (newest first) and the retailer's image while it is confirmed (decision 024).
 * Pure: the same shaping for the page, the feed, the API and the channel's posts.
 */
import { partTypeName } from '../../common/catalog';
import { centsToEuro } from '../../common/money';
import { freshRetailerImage } from '../../common/price-freshness';
import { isStillFresh } from './deal-rule';
import type { DealRow, ShownEntry } from './deals.repository';
import type { Deal } from './deals.schema';

/** A deal with what the filters read: its builds' categories and its lower-case part type. */
export interface DealView extends Deal {
  categories: string[];
  typeKey: string;
}

export function toShownPrice(entry: ShownEntry) {
  return { priceCents: entry.price_cents, priceSource: entry.price_source, priceUpdatedAt: entry.price_updated_at, availability: entry.availability };
}

export function groupByAsin(entries: readonly ShownEntry[]): Map<string, ShownEntry[]> {
  const byAsin = new Map<string, ShownEntry[]>();
  for (const entry of entries) {
    const list = byAsin.get(entry.asin);
    if (list) list.push(entry);
    else byAsin.set(entry.asin, [entry]);
  }
  return byAsin;
}

/**
 * The deal as visitors see it now, or null when no place shows its price fresh any more (a later price,
 * stale, unavailable, the build unpublished or kept out of deals): then it is no deal, whatever the table says.
 */
export function toDealView(deal: DealRow, entries: readonly ShownEntry[], now: Date): DealView | null {
  const showing = entries.filter((entry) => isStillFresh(toShownPrice(entry), deal.price_cents, now));
  if (showing.length === 0) return null;
  // Newest build first; each build once, whether the product is its part or an alternative offered in it.
  const ordered = [...showing].sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? '') || a.build_id - b.build_id);
  const builds = new Map<string, { slug: string; title: string }>();
  for (const entry of ordered) if (!builds.has(entry.slug)) builds.set(entry.slug, { slug: entry.slug, title: entry.title });
  // The product's own name and image: where it is a part rather than an alternative, when both exist.
  const first = ordered[0]!;
  const image = ordered.map((entry) => freshRetailerImage(entry.image_url, entry.image_checked_at, now.getTime())).find((url) => url !== null) ?? null;
  return {
    asin: deal.asin,
    name: first.name,
    type: partTypeName(first.type),
    price: centsToEuro(deal.price_cents)!,
    price_updated_at: new Date(ordered.map((entry) => entry.price_updated_at!).sort().at(-1)!).toISOString(),
    previous_low_30d: centsToEuro(deal.previous_low_cents)!,
    drop_percent: deal.drop_basis_points / 100,
    image_url: image,
    builds: [...builds.values()],
    categories: [...new Set(ordered.flatMap((entry) => (entry.category ? [entry.category] : [])))],
    typeKey: first.type.trim().toLowerCase(),
  };
}

/** The API's and the page's shape: the view without the filters' fields. */
export function publicDeal(view: DealView): Deal {
  const { categories: _categories, typeKey: _typeKey, ...deal } = view;
  return deal;
}
