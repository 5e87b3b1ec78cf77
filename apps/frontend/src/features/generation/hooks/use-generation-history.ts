import { useQuery } from '@tanstack/react-query';
import { generationHistoryApi, generationHistoryQueryKey } from '../api/generation-history-api';

/** `GET /api/generations`: the history behind Recent Activity and the home's total. */
export function useGenerationHistory() {
  return useQuery({ queryKey: generationHistoryQueryKey, queryFn: ({ signal }) => generationHistoryApi.list(signal) });
}
