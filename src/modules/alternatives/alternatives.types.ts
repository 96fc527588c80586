/** API shapes of alternatives and their categories (api-contract.md). Type-only module, safe to import from the UI. */

/**
 * A substitute product. Either tied to one original product (`original_asin` set, `category_id` null)
 * or a member of a category (group) that applies to every component of the category's type
 * (`original_asin` null, `category_id` set).
 */
export interface Alternative {
  id: number;
  original_asin: string | null;
  category_id: number | null;
  alternative_asin: string;
  alternative_name: string;
  /** Euro with at most 2 decimals, or null when unknown. */
  alternative_price: number | null;
  /** 1 (highest) to 5 (lowest). */
  priority: number;
  created_at: string;
  updated_at: string;
}

export interface AlternativeCategory {
  id: number;
  name: string;
  description: string | null;
  /** One of the editor's component types (CPU, Motherboard, RAM, GPU, Storage, PSU, Cooler, Case, Other), or null. */
  component_type: string | null;
  alternatives_count: number;
  created_at: string;
  updated_at: string;
}

export interface AlternativeCategoryDetail extends AlternativeCategory {
  /** By priority, then creation order. */
  alternatives: Alternative[];
}
