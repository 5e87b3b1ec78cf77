import { API_PATHS } from '@archlens/contracts/paths';
import { styleProfileResponseSchema, type StyleProfileResponse } from '@archlens/contracts/style-profile';
import { apiRequest } from '../../../api/client';

/**
 * Query key of the style profile (spec §7 `GET /api/style-profile`). Kept here rather than in
 * `api/query-keys.ts`, which the signed-out landing loads: nothing is added to its bundle.
 */
export const styleProfileQueryKey = [API_PATHS.styleProfile] as const;

/** The style profile calls of spec §7; each throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const styleProfileApi = {
  /** `GET /api/style-profile` → {description} (an empty string when none was saved). */
  get: (signal?: AbortSignal): Promise<StyleProfileResponse> =>
    apiRequest(API_PATHS.styleProfile, { schema: styleProfileResponseSchema, signal }),
  /** `POST /api/style-profile` JSON {text} → {description} as stored. */
  save: (text: string): Promise<StyleProfileResponse> =>
    apiRequest(API_PATHS.saveStyleProfile, { method: 'POST', json: { text }, schema: styleProfileResponseSchema }),
};
