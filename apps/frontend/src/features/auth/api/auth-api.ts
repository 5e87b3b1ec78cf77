import {
  publicUserSchema,
  type PublicUser,
  type SignInRequest,
  type SignUpRequest,
} from '@archlens/contracts/auth';
import { apiRequest } from '../../../api/client';

export const authApi = {
  /** `GET /api/auth/user`: the signed-in user, or a 401 error (spec §7). */
  currentUser: (signal?: AbortSignal): Promise<PublicUser> =>
    apiRequest('/api/auth/user', { schema: publicUserSchema, signal }),
  /** `POST /api/auth/signin` JSON `{email, password}`. */
  signIn: (body: SignInRequest): Promise<PublicUser> =>
    apiRequest('/api/auth/signin', { method: 'POST', json: body, schema: publicUserSchema }),
  /** `POST /api/auth/signup` JSON `{email, first_name, last_name, password}`. */
  signUp: (body: SignUpRequest): Promise<PublicUser> =>
    apiRequest('/api/auth/signup', { method: 'POST', json: body, schema: publicUserSchema }),
};
