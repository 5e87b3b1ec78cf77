import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { serverMessageOf } from '../../../api/error-message';
import { isUnauthorisedError } from '../../../api/client';
import { toast } from '../../../shared/toast';
import { styleProfileApi, styleProfileQueryKey } from '../api/style-profile-api';
import { styleDescriptionRefusal } from '../style-description';
import { ACCOUNT_TEXTS } from '../texts';

/** Spec §7 `GET /api/style-profile`: the saved description. */
export function useStyleProfile() {
  return useQuery({ queryKey: styleProfileQueryKey, queryFn: ({ signal }) => styleProfileApi.get(signal) });
}

/**
 * Spec §7 `POST /api/style-profile`: on success the style profile and the user are refreshed and
 * 'Style Saved' shows; a failure shows 'Save Failed' with the error text (spec §8). `saveChecked`
 * applies spec §5 first ('Description Required', 'Description Too Long', `styleDescriptionRefusal`:
 * characters counted as the server counts them) and sends nothing then; both style editors
 * (/account and /create's 'Save as default') save through it.
 */
export function useSaveStyleProfile() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (text: string) => styleProfileApi.save(text),
    onSuccess: (saved) => {
      queryClient.setQueryData(styleProfileQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
      toast({ title: ACCOUNT_TEXTS.savedTitle, description: ACCOUNT_TEXTS.saved, variant: 'success' });
    },
    onError: (error) => {
      // A 401 gets the global 'Unauthorized' toast and the sign-in redirect instead.
      if (isUnauthorisedError(error)) return;
      toast({
        title: ACCOUNT_TEXTS.saveFailedTitle,
        description: serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error)),
        variant: 'error',
      });
    },
  });
  const saveChecked = (text: string, onSaved?: () => void) => {
    const refusal = styleDescriptionRefusal(text);
    if (refusal) {
      toast({ ...refusal, variant: 'error' });
      return;
    }
    mutation.mutate(text, { onSuccess: () => onSaved?.() });
  };
  return { saveChecked, isPending: mutation.isPending };
}
