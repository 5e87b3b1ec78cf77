import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mutationKeys, queryKeys } from '../../../api/query-keys';
import { analysisApi } from '../api/analysis-api';

/** `POST /api/analyze`; a success refreshes the previous analyses. */
export function useAnalyseImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.analyseImages,
    mutationFn: analysisApi.analyse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.previousAnalyses }),
  });
}
