/**
 * Build categories, statuses and component types with their Italian labels (product spec,
 * "Entities and their fields").
 */

export const BUILD_CATEGORIES = ['gaming', 'editing', 'office', 'workstation', 'budget', 'premium'] as const;
export type BuildCategory = (typeof BUILD_CATEGORIES)[number];

const CATEGORY_LABELS: Record<BuildCategory, string> = {
  gaming: 'Gaming',
  editing: 'Editing',
  office: 'Ufficio',
  workstation: 'Workstation',
  budget: 'Budget',
  premium: 'Premium',
};

export function isBuildCategory(value: unknown): value is BuildCategory {
  return typeof value === 'string' && (BUILD_CATEGORIES as readonly string[]).includes(value);
}

/** Unknown values are shown as they are (product spec, "Entities and their fields"). */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return '';
  return isBuildCategory(category) ? CATEGORY_LABELS[category] : category;
}

/** 'scheduled': public from its `publish_at` on. */
export const BUILD_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

const STATUS_LABELS: Record<BuildStatus, string> = { published: 'Pubblicato', draft: 'Bozza', scheduled: 'Programmata' };

export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return status in STATUS_LABELS ? STATUS_LABELS[status as BuildStatus] : status;
}

/** Public display order; the editor adds 'Other'. */
export const COMPONENT_TYPES = ['CPU', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Cooler', 'Case'] as const;
export const EDITOR_COMPONENT_TYPES = [...COMPONENT_TYPES, 'Other'] as const;

/**
 * A part's type as every public list writes it: the spec's name ('Motherboard', 'Storage', 'Cooler'),
 * whatever case it was stored in, and an unknown type as it is. Shown as written, never upper-cased by
 * the page's style, so the component list, "Personalizza" and its summary read the same words.
 */
export function partTypeName(type: string): string {
  const wanted = type.trim().toLowerCase();
  return EDITOR_COMPONENT_TYPES.find((known) => known.toLowerCase() === wanted) ?? type;
}

/** Sort key for the public component list: known types in spec order, anything else after them. */
export function componentTypeRank(type: string): number {
  const index = (COMPONENT_TYPES as readonly string[]).indexOf(type);
  return index === -1 ? COMPONENT_TYPES.length : index;
}
