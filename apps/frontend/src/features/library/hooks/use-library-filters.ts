import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromSearch, searchFromFilters, withFilter, type LibraryFilters } from '../library-filters';

/**
 * The library's filters, kept in the page's address: read from its query string, and changed by
 * navigating to the new one, so Back returns to the previous view and the address can be shared.
 * @returns the filters and `change(partial, {replace})`: any change but the page's goes back to
 *   page 1; `replace` rewrites the history entry (a search being typed) instead of adding one
 */
export function useLibraryFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const change = useCallback(
    (partial: Partial<LibraryFilters>, options: { replace?: boolean } = {}) =>
      setParams((current) => new URLSearchParams(searchFromFilters(withFilter(filtersFromSearch(current), partial))), {
        replace: options.replace ?? false,
      }),
    [setParams],
  );
  return { filters, change };
}
