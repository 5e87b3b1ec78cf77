import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { designLoopApi } from '../api/design-loop-api';

/**
 * "Analyse this render": `POST /api/generations/{jobId}/{index}/analyse`. On success the recent
 * analyses and the library are read again (the render is now one of the user's analyses). A 401
 * reaches the global handler through the mutation cache.
 */
export function useAnalyseRender(jobId: string, index: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['analyses', 'analyse-render', jobId, index],
    mutationFn: () => designLoopApi.analyseRender(jobId, index),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.previousAnalyses });
      void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    },
  });
}
