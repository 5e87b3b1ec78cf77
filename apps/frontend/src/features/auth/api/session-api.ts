import type { PublicUser } from '@archlens/contracts/auth';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/**
 * `GET /api/auth/user`: the signed-in user, checked against the contract's `publicUserSchema`, or a
 * 401 `HttpError`. Every page load starts with this call, so the schema (and zod with it)
 * is loaded only once a user has come back: the signed-out landing loads no zod.
 * @throws HttpError for any non-OK response; ZodError when the body breaks the contract
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser> {
  const body = await apiRequest<unknown>(API_PATHS.currentUser, { signal });
  const { publicUserSchema } = await import('@archlens/contracts/auth');
  return publicUserSchema.parse(body);
}
