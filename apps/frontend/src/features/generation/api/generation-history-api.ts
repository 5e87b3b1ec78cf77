import { generationHistoryResponseSchema, type GenerationHistoryResponse } from '@archlens/contracts/generation';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/**
 * Query key of the generation history (spec §7 `GET /api/generations`). Kept here rather than in
 * `api/query-keys.ts`, which the signed-out landing loads: nothing is added to its bundle.
 */
export const generationHistoryQueryKey = [API_PATHS.generations] as const;

/** `GET /api/generations` (signed in only, spec §6, §7): the user's generations, newest first. */
export const generationHistoryApi = {
  list: (signal?: AbortSignal): Promise<GenerationHistoryResponse> =>
    apiRequest(API_PATHS.generations, { schema: generationHistoryResponseSchema, signal }),
};
