/**
 * API shapes of alternatives and their categories (api-contract.md), inferred from the response schemas
 * in alternatives.schema.ts. Type-only module, safe to import from the UI.
 *
 * An alternative is either tied to one original product (`original_asin` set, `category_id` null) or a
 * member of a category (group) that applies to every component of the category's type (`original_asin`
 * null, `category_id` set).
 */
import type { z } from 'zod';
import type * as schemas from './alternatives.schema';

export type Alternative = z.infer<typeof schemas.alternativeSchema>;
export type AlternativeCategory = z.infer<typeof schemas.alternativeCategorySchema>;
export type AlternativeCategoryDetail = z.infer<typeof schemas.alternativeCategoryDetailSchema>;

/** A component as listOffersFor needs it: its id, its product (null: none) and its type. */
export interface OfferPart {
  componentId: number;
  asin: string | null;
  type: string;
}

/**
 * One of the author's curated alternatives of a component (decision 030), with the retailer state its
 * price and image are shown by. Not filtered: the caller applies the public rule (a price, not known to be
 * unavailable, the 24-hour freshness).
 */
export interface CuratedOffer {
  asin: string;
  name: string;
  priceCents: number | null;
  priority: number;
  priceUpdatedAt: string | null;
  availability: string | null;
  imageUrl: string | null;
  imageCheckedAt: string | null;
  /** 'product': tied to the component's own product; 'group': a member of a category of its type. */
  source: 'product' | 'group';
}
