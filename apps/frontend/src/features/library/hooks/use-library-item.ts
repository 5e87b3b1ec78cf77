import type { LibraryItemType } from '@archlens/contracts/library';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { toast } from '../../../shared/toast';
import { generationHistoryQueryKey } from '../../generation/api/generation-history-api';
import { libraryItemQueryKey, libraryItemsApi } from '../api/library-items-api';
import { sharesQueryKey } from '../api/shares-api';
import { LIBRARY_PAGE_PATH } from '../library-paths';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

/** True when a read of an item failed because it is not the user's (missing, deleted or someone else's: the server answers 404 to all three). */
export function isItemNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/** `GET /api/analyses/{id}`, read once per page (spec defaults: never stale, no retry). */
export function useAnalysisItem(id: string) {
  return useQuery({ queryKey: libraryItemQueryKey('analysis', id), queryFn: ({ signal }) => libraryItemsApi.analysis(id, signal) });
}

/** `GET /api/sketch-readings/{id}`. */
export function useSketchReadingItem(id: string) {
  return useQuery({
    queryKey: libraryItemQueryKey('sketch-reading', id),
    queryFn: ({ signal }) => libraryItemsApi.sketchReading(id, signal),
  });
}

/** `GET /api/generations/{id}`. */
export function useGenerationItem(id: string) {
  return useQuery({ queryKey: libraryItemQueryKey('generation', id), queryFn: ({ signal }) => libraryItemsApi.generation(id, signal) });
}

/**
 * Deletes the item (after the page's confirmation), then goes to the library with a toast. Its
 * cached read is dropped, and the user's share links read again (the item's links went with it).
 * A failure shows its toast and stays; a 401 reaches the global handler.
 */
export function useDeleteItem(type: LibraryItemType, id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['library', 'delete', type, id],
    mutationFn: () => libraryItemsApi.remove(type, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: libraryItemQueryKey(type, id) });
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey });
      if (type === 'generation') void queryClient.invalidateQueries({ queryKey: generationHistoryQueryKey });
      else void queryClient.invalidateQueries({ queryKey: queryKeys.previousAnalyses });
      toast({ title: LIBRARY_ITEM_TEXTS.delete.doneTitle, description: LIBRARY_ITEM_TEXTS.delete.done(type), variant: 'success' });
      void navigate(LIBRARY_PAGE_PATH);
    },
  });
}
