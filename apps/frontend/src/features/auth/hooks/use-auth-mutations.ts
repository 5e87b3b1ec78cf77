import type { PublicUser } from '@archlens/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mutationKeys, queryKeys } from '../../../api/query-keys';
import { authApi } from '../api/auth-api';

/** `POST /api/auth/signin`; on success the cached user is set. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.signIn,
    mutationFn: authApi.signIn,
    meta: { ignoreUnauthorised: true },
    onSuccess: (user: PublicUser) => queryClient.setQueryData(queryKeys.authUser, user),
  });
}

/** `POST /api/auth/forgot-password`: asks for a temporary password by e-mail. */
export function useForgotPassword() {
  return useMutation({
    mutationKey: mutationKeys.forgotPassword,
    mutationFn: authApi.forgotPassword,
    meta: { ignoreUnauthorised: true },
  });
}

/** `POST /api/auth/signup`; on success the cached user is set. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.signUp,
    mutationFn: authApi.signUp,
    meta: { ignoreUnauthorised: true },
    onSuccess: (user: PublicUser) => queryClient.setQueryData(queryKeys.authUser, user),
  });
}
