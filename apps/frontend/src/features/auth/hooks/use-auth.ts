import type { PublicUser } from '@archlens/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { fetchCurrentUser } from '../api/session-api';
import { AUTH_USER_CACHE_MS } from '../texts';

export type AuthState =
  { status: 'loading'; user: null } | { status: 'authenticated'; user: PublicUser } | { status: 'unauthenticated'; user: null };

/** Options of the auth user query, shared by the hook and the sign-in success path. */
export const authUserQueryOptions = {
  queryKey: queryKeys.authUser,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCurrentUser(signal),
  retry: false,
  // A failed check (signed out) is not repeated because a page that reads it mounts: the router
  // would show its spinner, unmount the page, and loop (spec §4: a failed user call means signed out).
  retryOnMount: false,
  staleTime: AUTH_USER_CACHE_MS,
  gcTime: AUTH_USER_CACHE_MS,
  meta: { ignoreUnauthorised: true },
} as const;

/** Spec §4: loading, authenticated, or unauthenticated (a failed user call). */
export function useAuth(): AuthState {
  const query = useQuery(authUserQueryOptions);
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'unauthenticated', user: null };
}
