/**
 * Search and status filter of the admin builds list (product spec, "Screens and routes"), kept in the URL query
 * (?q=&status=) so a reload or a shared link shows the same list.
 */
import type { BuildAdminRow } from '../../../../modules/builds';

export const STATUS_FILTERS = ['all', 'published', 'draft', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface BuildListFilters {
  q: string;
  status: StatusFilter;
}

export function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && (STATUS_FILTERS as readonly string[]).includes(value);
}

/** Unknown or missing status means all: a hand-edited URL never hides every build. */
export function filtersFromSearch(search: URLSearchParams): BuildListFilters {
  const status = search.get('status');
  return { q: search.get('q') ?? '', status: isStatusFilter(status) ? status : 'all' };
}

/** Only the filters in use go into the URL, so the plain list stays at /admin/builds. */
export function searchFromFilters(filters: BuildListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q);
  if (filters.status !== 'all') search.set('status', filters.status);
  return search;
}

/** NFC first so a composed 'È' and an 'E' plus combining accent compare equal once lowercased. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('it-IT').trim();
}

export function filterBuilds<T extends Pick<BuildAdminRow, 'title' | 'description' | 'status'>>(builds: readonly T[], filters: BuildListFilters): T[] {
  const needle = normalizeForSearch(filters.q);
  return builds.filter((build) => {
    if (filters.status !== 'all' && build.status !== filters.status) return false;
    if (!needle) return true;
    return normalizeForSearch(build.title).includes(needle) || normalizeForSearch(build.description ?? '').includes(needle);
  });
}
