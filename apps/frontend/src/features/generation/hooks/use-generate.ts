import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { generationApi } from '../api/generation-api';
import { generationHistoryQueryKey } from '../api/generation-history-api';

/**
 * `POST /api/generate`. Whatever the outcome, the user (credits reserved, spent or
 * released) and the generation history are read again. A 401 reaches the global handler through
 * the mutation cache.
 */
export function useGenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['generations', 'generate'],
    mutationFn: generationApi.generate,
    // Not awaited: the result shows at once, the meter and the history follow.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
      void queryClient.invalidateQueries({ queryKey: generationHistoryQueryKey });
    },
  });
}

/** `POST /api/analyze-sketch` with /create's single sketch (spec §2 automatic sketch analysis, §7). */
export function useReadSketch() {
  return useMutation({ mutationKey: ['generations', 'read-sketch'], mutationFn: generationApi.readSketch });
}
