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
