import type { CapabilitiesResponse } from '@archlens/contracts/capabilities';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';
import { readCapabilities } from '../capabilities';

/**
 * `GET /api/capabilities` (public): who writes the texts and which image providers are configured,
 * read by `readCapabilities` (no zod: the signed-out landing calls it).
 * @throws HttpError for a non-OK response (the gateway answers 200 even while a worker is down)
 */
export async function fetchCapabilities(signal?: AbortSignal): Promise<CapabilitiesResponse> {
  return readCapabilities(await apiRequest<unknown>(API_PATHS.capabilities, { signal }));
}
