import type { CapabilitiesResponse, TextEngine } from '@archlens/contracts/capabilities';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { fetchCapabilities } from '../api/capabilities-api';

/** The capabilities query's state as the screens read it. */
export interface Capabilities {
  /** The answer; undefined while it is awaited or when the call failed. */
  data: CapabilitiesResponse | undefined;
  /** True when the call failed: read as `NOTHING_CHECKED`. */
  failed: boolean;
  /** Who writes the analyses: `unknown` until the answer says `openai` or `offline`. */
  analysisEngine: TextEngine;
}

/**
 * `GET /api/capabilities` once per visit (spec §9 data queries: no retry, no refetch on window focus,
 * never stale, from the defaults of `app/query-defaults.ts`). Public, so a 401 would not mean the
 * visitor was signed out: it is not taken as one.
 */
export function useCapabilities(): Capabilities {
  const query = useQuery({
    queryKey: queryKeys.capabilities,
    queryFn: ({ signal }) => fetchCapabilities(signal),
    retry: false,
    refetchOnWindowFocus: false,
    meta: { ignoreUnauthorised: true },
  });
  return { data: query.data, failed: query.isError, analysisEngine: query.data?.analysisEngine ?? 'unknown' };
}
