import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { serverMessageOf } from '../../../api/error-message';
import { toast } from '../../../shared/toast';
import { styleProfileApi, styleProfileQueryKey } from '../api/style-profile-api';
import { ACCOUNT_TEXTS } from '../texts';

/** Spec §7 `GET /api/style-profile`: the saved description. */
export function useStyleProfile() {
  return useQuery({ queryKey: styleProfileQueryKey, queryFn: ({ signal }) => styleProfileApi.get(signal) });
}

/**
 * Spec §7 `POST /api/style-profile`: on success the style profile and the user are refreshed and
 * 'Style Saved' shows; a failure shows 'Save Failed' with the error text (spec §8).
 */
export function useSaveStyleProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => styleProfileApi.save(text),
    onSuccess: (saved) => {
      queryClient.setQueryData(styleProfileQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
      toast({ title: ACCOUNT_TEXTS.savedTitle, description: ACCOUNT_TEXTS.saved, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: ACCOUNT_TEXTS.saveFailedTitle,
        description: serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error)),
        variant: 'error',
      });
    },
  });
}
