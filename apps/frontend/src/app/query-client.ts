import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorisedError } from '../api/client';
import { handleUnauthorised } from '../features/auth/unauthorised';
import { QUERY_DEFAULTS } from './query-defaults';

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

/** The SPA's query client: `QUERY_DEFAULTS` and the 401 handling of spec §8. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta) }),
    defaultOptions: QUERY_DEFAULTS,
  });
}
