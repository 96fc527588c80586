/**
 * The list's search and status filter, mirrored to the URL query (?q=&status=) with replace, so typing adds
 * no history entries and a reload or a shared link shows the same list.
 */
import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type BuildListFilters, filtersFromSearch, searchFromFilters } from './filters';
import { REVENUE_SORT } from '../../revenue/builds-list-revenue';

/** Marks the URL updates made by typing, so only other navigations (sidebar link, back) reset the fields. */
const FILTER_WRITE = 'build-list-filters';

/**
 * The fields live in local state (a controlled input must update synchronously, and the URL update is a
 * router navigation); they follow the URL whenever it changes for another reason.
 */
export function useUrlFilters(): [BuildListFilters, (next: BuildListFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [filters, setFilters] = useState(() => filtersFromSearch(searchParams));
  const [seenKey, setSeenKey] = useState(location.key);
  // Adjusted while rendering (React's pattern for state derived from a changed prop), not in an effect.
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (location.state !== FILTER_WRITE) setFilters(filtersFromSearch(searchParams));
  }

  const update = useCallback(
    (next: BuildListFilters) => {
      setFilters(next);
      const search = searchFromFilters(next);
      // The list's order (the commissions column) is not a filter: typing keeps it.
      const sort = searchParams.get(REVENUE_SORT.param);
      if (sort) search.set(REVENUE_SORT.param, sort);
      void setSearchParams(search, { replace: true, preventScrollReset: true, state: FILTER_WRITE });
    },
    [searchParams, setSearchParams],
  );
  return [filters, update];
}
