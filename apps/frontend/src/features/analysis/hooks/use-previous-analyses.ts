import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { analysisApi } from '../api/analysis-api';

/** `GET /api/analyses`: the 3 most recent analyses of the signed-in user. */
export function usePreviousAnalyses() {
  return useQuery({
    queryKey: queryKeys.previousAnalyses,
    queryFn: ({ signal }) => analysisApi.recent(signal),
  });
}
