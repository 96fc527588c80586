/** How stored builds and components are shown: the list, public and admin shapes (euros, tagged links). */
import { withAffiliateTag } from '../../common/asin';
import { componentTypeRank } from '../../common/catalog';
import { parseStoredOverrides } from '../../compatibility/overrides';
import { centsToEuro } from '../../common/money';
import type { BuildRow, ComponentRow } from '../../db/tables';
import type { BuildWithTotals, ComponentWithLowest } from './builds.repository';
import type { BuildAdminRow, BuildSummary, ComponentAdmin, ComponentPublic } from './builds.types';

/** The Omnibus window (D.Lgs 26/2023): a "was" price is the lowest of the previous 30 days. */
export const LOWEST_PRICE_WINDOW_MS = 30 * 86_400_000;

/** Where the window of a component's lowest price (lowest_price_30d) starts, seen at `now`. */
export function lowestPriceSince(now: Date): string {
  return new Date(now.getTime() - LOWEST_PRICE_WINDOW_MS).toISOString();
}

export function toSummary(row: BuildWithTotals): BuildSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    featured_image: row.featured_image,
    category: row.category,
    budget: centsToEuro(row.budget_cents),
    views: Number(row.views),
    published_at: row.published_at,
    total_price: centsToEuro(row.total_cents) ?? 0,
    component_count: row.component_count,
  };
}

export function toComponentPublic(row: ComponentWithLowest, tag: string): ComponentPublic {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    specs: row.specs,
    price: centsToEuro(row.price_cents),
    amazon_link: withAffiliateTag(row.amazon_link, tag),
    asin: row.asin,
    position: row.position,
    is_replaced: row.is_replaced ? 1 : 0,
    replacement_reason: row.replacement_reason,
    price_updated_at: row.price_updated_at,
    availability: row.availability,
    image_url: row.image_url,
    lowest_price_30d: centsToEuro(row.lowest_price_cents),
  };
}

/** The admin component shape: the link as stored (the author edits it), without our tag. */
export function toComponentAdmin(row: ComponentRow | ComponentWithLowest): ComponentAdmin {
  return {
    ...toComponentPublic({ lowest_price_cents: null, ...row }, ''),
    amazon_link: row.amazon_link, // the author edits the link as typed, without our tag
    build_id: row.build_id,
    attribute_overrides: parseStoredOverrides(row.attribute_overrides),
    brand: row.brand,
    model: row.model,
    tier: row.tier,
    price_source: row.price_source,
    availability_checked_at: row.availability_checked_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toAdminRow(row: BuildRow): BuildAdminRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    budget: centsToEuro(row.budget_cents),
    status: row.status,
    views: Number(row.views),
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
    publish_at: row.publish_at ?? null,
  };
}

/** The order a build's components are shown in: by type (catalog order), then as the author placed them. */
export function byDisplayOrder(a: ComponentRow, b: ComponentRow): number {
  return componentTypeRank(a.type) - componentTypeRank(b.type) || a.position - b.position || a.id - b.id;
}
