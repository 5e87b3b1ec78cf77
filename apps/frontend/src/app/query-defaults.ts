import type { DefaultOptions, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

/**
 * Spec §7: "Default data fetch is a GET to the path; a 401 is treated as an error by default."
 * A query without its own `queryFn` GETs the `/api` path that is the first element of its key,
 * with cookies, and a non-OK answer (401 included) rejects with `HttpError` ("401: …").
 * @throws Error when the key does not start with an `/api/` path (a programming error)
 */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext<QueryKey>): Promise<unknown> {
  const [path] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    throw new Error(`A query without a queryFn needs an /api/ path as the first element of its key, not ${JSON.stringify(path)}.`);
  }
  return apiRequest<unknown>(path, { signal });
}

/**
 * react-query defaults of the SPA. Spec §9: no retry, no refetch on window focus, no polling,
 * never stale; mutations not retried. Spec §7: the default fetch above.
 */
export const QUERY_DEFAULTS = {
  queries: {
    queryFn: defaultQueryFn,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;
