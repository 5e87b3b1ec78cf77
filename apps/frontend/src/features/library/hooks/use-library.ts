import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { libraryApi } from '../api/library-api';
import { libraryApiSearch, type LibraryFilters } from '../library-filters';

/**
 * `GET /api/library` for one view. While the next view loads, the previous page stays on screen
 * (`isPlaceholderData`), so typing a search or turning a page does not blank the grid.
 */
export function useLibraryPage(filters: LibraryFilters) {
  return useQuery({
    queryKey: queryKeys.libraryView(libraryApiSearch(filters)),
    queryFn: ({ signal }) => libraryApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
}
