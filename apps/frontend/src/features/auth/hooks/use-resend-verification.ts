import { AUTH_MESSAGES } from '@archlens/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasErrorCode, isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { queryKeys } from '../../../api/query-keys';
import { toast, type ToastOptions } from '../../../shared/toast';
import { authApi } from '../api/auth-api';
import { AUTH_TEXTS } from '../texts';

/**
 * "Resend link": `POST /api/auth/resend-verification`. Success shows 'Link Sent' with the server's
 * text (or, when the address turned out to be confirmed already, 'Email Address Confirmed', and the
 * cached user is fetched again); a refusal (429 past the hourly limit) shows 'Link Not Sent' with
 * the server's text. A lost session goes through the global 'Unauthorized' handler.
 */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.resendVerification,
    onSuccess: (answer) => {
      toast({
        title: answer.emailVerified ? AUTH_TEXTS.verifiedTitle : AUTH_TEXTS.linkSentTitle,
        description: answer.message,
        variant: 'success',
      });
      if (answer.emailVerified) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
    onError: (error) => {
      if (!isUnauthorisedError(error))
        toast({
          title: AUTH_TEXTS.linkNotSentTitle,
          description: serverMessageOf(error) ?? AUTH_TEXTS.linkNotSentFallback,
          variant: 'error',
        });
    },
  });
}

/**
 * The handling of `auth.email-unverified` (403: e-mail and checkout wait for a confirmed address)
 * where it appears: a toast with the caller's title, the server's text and a 'Resend link' button.
 * @returns a function of a failed call's error that shows that toast (through `show`, `toast` by
 *   default) and answers true, or answers false for any other error
 */
export function useEmailUnverifiedRefusal(): (error: unknown, title: string, show?: (options: ToastOptions) => unknown) => boolean {
  const resend = useResendVerification();
  return (error, title, show = toast) => {
    if (!hasErrorCode(error, 'auth.email-unverified')) return false;
    show({
      title,
      description: serverMessageOf(error) ?? AUTH_MESSAGES.emailUnverified,
      variant: 'error',
      action: { label: AUTH_TEXTS.resendLink, onClick: () => resend.mutate() },
    });
    return true;
  };
}
