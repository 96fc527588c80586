/** Calls of the alternatives manager (api-contract.md, "Admin: alternatives"), typed with the server's own shapes. */
import type { Alternative, AlternativeCategory, AlternativeCategoryDetail } from '../../../modules/alternatives/alternatives.types';
import { api, ApiError, errorMessage } from '../api-client';

export type { Alternative, AlternativeCategory, AlternativeCategoryDetail };

export const MIN_PRIORITY = 1;
export const MAX_PRIORITY = 5;

/** What the category modal produces. Empty description and type are sent as null ("none"). */
export interface CategoryValues {
  name: string;
  description: string | null;
  component_type: string | null;
}

/** The camelCase body every alternative call of this screen sends (create, edit and priority change alike). */
export interface AlternativeValues {
  alternativeAsin: string;
  alternativeName: string;
  alternativePrice: number | null;
  priority: number;
}

const categoryPath = (id: number) => `/admin/alternative-categories/${id}`;
const alternativePath = (id: number) => `/admin/alternatives/${id}`;

export const alternativesApi = {
  listCategories: async () => (await api.get<{ categories: AlternativeCategory[] }>('/admin/alternative-categories')).categories,
  getCategory: async (id: number) => (await api.get<{ category: AlternativeCategoryDetail }>(categoryPath(id))).category,
  createCategory: async (values: CategoryValues) => (await api.post<{ category: AlternativeCategory }>('/admin/alternative-categories', values)).category,
  updateCategory: (id: number, values: CategoryValues) => api.put<{ category: AlternativeCategory }>(categoryPath(id), values),
  deleteCategory: (id: number) => api.delete<{ ok: true }>(categoryPath(id)),
  addAlternative: (categoryId: number, values: AlternativeValues) => api.post<{ alternative: Alternative }>(`${categoryPath(categoryId)}/alternatives`, values),
  updateAlternative: (id: number, values: AlternativeValues) => api.put<{ alternative: Alternative }>(alternativePath(id), values),
  deleteAlternative: (id: number) => api.delete<{ ok: true }>(alternativePath(id)),
};

/** The whole alternative as the update call wants it: a priority change resends every field (spec section 7). */
export function alternativeValues(alternative: Alternative, priority = alternative.priority): AlternativeValues {
  return {
    alternativeAsin: alternative.alternative_asin,
    alternativeName: alternative.alternative_name,
    alternativePrice: alternative.alternative_price,
    priority,
  };
}

/** Spec section 5: priority 1..5, anything non-numeric becomes 1. */
export function parsePriority(value: string): number {
  const number = Number.parseInt(value, 10);
  if (Number.isNaN(number)) return MIN_PRIORITY;
  return Math.min(MAX_PRIORITY, Math.max(MIN_PRIORITY, number));
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The spec has this screen's failures "only logged": they are logged (as warnings), and the message the
 * author sees is the server's own or the screen's Italian fallback.
 */
export function describeFailure(error: unknown, fallback: string): string {
  console.warn(`[alternative] ${fallback}`, error);
  return errorMessage(error, fallback);
}
