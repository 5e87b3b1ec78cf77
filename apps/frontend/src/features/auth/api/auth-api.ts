import {
  forgotPasswordResponseSchema,
  publicUserSchema,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type SignInRequest,
  type SignUpRequest,
} from '@archlens/contracts/auth';
import { API_PATHS } from '@archlens/contracts/paths';
import { apiRequest } from '../../../api/client';

/**
 * The auth forms' routes of spec §7; each resolves to its contract-checked answer or throws
 * `HttpError`. The session check is `fetchCurrentUser` (`./session-api`), kept apart so that the
 * landing loads none of these schemas.
 */
export const authApi = {
  /** `POST /api/auth/signin` JSON `{email, password}`. */
  signIn: (body: SignInRequest): Promise<PublicUser> =>
    apiRequest(API_PATHS.signIn, { method: 'POST', json: body, schema: publicUserSchema }),
  /** `POST /api/auth/signup` JSON `{email, first_name, last_name, password}`. */
  signUp: (body: SignUpRequest): Promise<PublicUser> =>
    apiRequest(API_PATHS.signUp, { method: 'POST', json: body, schema: publicUserSchema }),
  /** `POST /api/auth/forgot-password` JSON `{email}`: `{message}`, the same whether or not the account exists. */
  forgotPassword: (body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> =>
    apiRequest(API_PATHS.forgotPassword, { method: 'POST', json: body, schema: forgotPasswordResponseSchema }),
};
