import { GENERATION_TOTAL_HEADER, generationHistoryResponseSchema, type GenerationHistoryResponse } from '@archlens/contracts/generation';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/**
 * Query key of the generation history (spec §7 `GET /api/generations`). Kept here rather than in
 * `api/query-keys.ts`, which the signed-out landing loads: nothing is added to its bundle.
 */
export const generationHistoryQueryKey = [API_PATHS.generations] as const;

/** The user's newest generations (at most `GENERATION_HISTORY_LIMIT`) and how many they have in all. */
export interface GenerationHistory {
  items: GenerationHistoryResponse;
  total: number;
}

/**
 * `GET /api/generations` (signed in only, spec §6, §7): the user's newest generations, newest first,
 * and their number in all from the `X-Total-Count` header (the list's length without it).
 */
export const generationHistoryApi = {
  list: async (signal?: AbortSignal): Promise<GenerationHistory> => {
    let total = Number.NaN;
    const items = await apiRequest(API_PATHS.generations, {
      schema: generationHistoryResponseSchema,
      signal,
      onHeaders: (headers) => {
        total = Number(headers.get(GENERATION_TOTAL_HEADER) ?? Number.NaN);
      },
    });
    return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
  },
};
