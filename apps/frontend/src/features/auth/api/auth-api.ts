import {
  forgotPasswordResponseSchema,
  publicUserSchema,
  resendVerificationResponseSchema,
  verifyEmailResponseSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type ResendVerificationResponse,
  type SignInRequest,
  type SignUpRequest,
  type VerifyEmailResponse,
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
  /** `POST /api/auth/change-password` JSON `{currentPassword, newPassword}`: the user; the other sessions end. */
  changePassword: (body: ChangePasswordRequest): Promise<PublicUser> =>
    apiRequest(API_PATHS.changePassword, { method: 'POST', json: body, schema: publicUserSchema }),
  /** `POST /api/auth/verify-email` JSON `{token}`: the address is confirmed (410 for a link expired or used). */
  verifyEmail: (token: string): Promise<VerifyEmailResponse> =>
    apiRequest(API_PATHS.verifyEmail, { method: 'POST', json: { token }, schema: verifyEmailResponseSchema }),
  /** `POST /api/auth/resend-verification` with empty JSON: a new link e-mailed, or `emailVerified` when there is none to send. */
  resendVerification: (): Promise<ResendVerificationResponse> =>
    apiRequest(API_PATHS.resendVerification, { method: 'POST', json: {}, schema: resendVerificationResponseSchema }),
};
