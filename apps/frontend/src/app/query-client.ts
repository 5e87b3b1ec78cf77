import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorisedError } from '../api/client';
import { handleUnauthorised } from '../features/auth/unauthorised';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { ignoreUnauthorised?: boolean };
    mutationMeta: { ignoreUnauthorised?: boolean };
  }
}

/** Spec §8: a 401 from a signed-in data call logs the user out and back in. */
function onError(error: unknown, meta: { ignoreUnauthorised?: boolean } | undefined): void {
  if (!meta?.ignoreUnauthorised && isUnauthorisedError(error)) handleUnauthorised();
}

/** Spec §9: no retry, no refetch on focus, no polling, never stale; mutations not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
