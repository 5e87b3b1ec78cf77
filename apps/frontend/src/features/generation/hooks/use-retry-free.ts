import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { libraryItemQueryKey } from '../../library/api/library-items-api';
import { generationApi } from '../api/generation-api';
import { generationHistoryQueryKey } from '../api/generation-history-api';

/** Which generation to retry free (`id`) and the new job's id (`jobId`, chosen first so its progress can be followed). */
export interface RetryFreeVariables {
  id: string;
  jobId: string;
}

/**
 * `POST /api/generations/{id}/retry-free`: Retry free of a generation marked geometry drift, the
 * new generation's answer once it has finished. Whatever the outcome, the user (credits: unchanged,
 * but read again as after any generation), the history and the retried generation's page (now
 * `used`, with its new child) are read again. A 401 reaches the global handler through the
 * mutation cache.
 */
export function useRetryFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['generations', 'retry-free'],
    mutationFn: ({ id, jobId }: RetryFreeVariables) => generationApi.retryFree(id, jobId),
    onSettled: (_result, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
      void queryClient.invalidateQueries({ queryKey: generationHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: libraryItemQueryKey('generation', id) });
    },
  });
}
