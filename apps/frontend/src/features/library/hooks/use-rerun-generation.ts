import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isUnauthorisedError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSimulatedProgress } from '../../../shared/hooks/use-simulated-progress';
import { toast } from '../../../shared/toast';
import { generationHistoryQueryKey } from '../../generation/api/generation-history-api';
import { generationErrorToast } from '../../generation/generation-errors';
import { libraryItemQueryKey, libraryItemsApi } from '../api/library-items-api';
import { libraryItemPagePath } from '../library-paths';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

const T = LIBRARY_ITEM_TEXTS.generation.rerun;

/**
 * Reproduce (`seed: 'same'`) or Vary (`seed: 'new'`) the generation `id`: a new generation, paid for
 * in credits like any, whose answer comes once it has finished. The server chooses the new job's
 * id, so its event stream cannot be opened before the request: the progress shown meanwhile is the
 * simulated one (from 10, rising to at most 90, then 100 on the answer). On success the user
 * (credits), the history and this item (its lineage) are read again and the new item's page opens;
 * a refusal (not Pro, too few credits, no recipe) shows the server's message in the same toast
 * /create shows. A 401 is the global handler's.
 * @returns the mutation (`mutate('same' | 'new')`, `isPending`, `variables`) and the progress (0 to 100)
 */
export function useRerunGeneration(id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const progress = useSimulatedProgress();
  const mutation = useMutation({
    mutationKey: ['library', 'rerun', id],
    mutationFn: (seed: 'same' | 'new') => libraryItemsApi.rerun(id, seed),
    onMutate: () => progress.start(),
    onSuccess: (result) => {
      progress.complete();
      toast({ title: T.doneTitle, description: T.done, variant: 'success' });
      void navigate(libraryItemPagePath('generation', result.jobId));
    },
    onError: (error) => {
      progress.stop();
      if (!isUnauthorisedError(error)) toast({ ...generationErrorToast(error), variant: 'error' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
      void queryClient.invalidateQueries({ queryKey: generationHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: libraryItemQueryKey('generation', id) });
    },
  });
  return { mutation, progress: progress.progress };
}
