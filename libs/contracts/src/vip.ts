import { z } from 'zod';
import { AUTH_MESSAGES, signInPasswordField, usernameField } from './auth.js';
import { errorText } from './errors.js';

/**
 * VIP access (spec §2 /vip-login, §6 unlimited plan, §7, §8): a username and
 * password from configuration sign the VIP user in on the unlimited plan.
 */

/** The refusals of `POST /api/vip-login`; the spec names no text for a value that is too long, so those say what the limit is. */
export const VIP_MESSAGES = {
  /** Spec §5: username and password required (missing or blank). */
  required: 'Username and password are required',
  usernameTooLong: AUTH_MESSAGES.usernameTooLong,
  passwordTooLong: AUTH_MESSAGES.passwordTooLong,
  /** Spec §8: 'Access Denied' with this text for wrong credentials. */
  invalid: errorText('vip.invalid-credentials'),
} as const;

/**
 * `POST /api/vip-login` body (spec §5: username and password required; a control character in the
 * username or NUL in the password is refused, see `usernameField` and `signInPasswordField`).
 */
export const vipLoginRequestSchema = z.object({
  username: usernameField(VIP_MESSAGES.required),
  password: signInPasswordField(VIP_MESSAGES.required),
});
export type VipLoginRequest = z.infer<typeof vipLoginRequestSchema>;

/** `POST /api/vip-login` answer (spec §7: a success flag; on success the browser goes to /). */
export const vipLoginResponseSchema = z.object({ success: z.literal(true) });
export type VipLoginResponse = z.infer<typeof vipLoginResponseSchema>;

/**
 * Payload of `auth.ensure-vip-user`: the VIP account, found by its e-mail or created
 * with no usable password (it is only ever signed in through `POST /api/vip-login`).
 * `credentialFingerprint` names the VIP credentials the gateway holds (`vipCredentialFingerprint`):
 * when it differs from the one the account last signed in with, the credentials were rotated and
 * auth-service raises the account's session version, which ends every VIP session made before.
 */
export const ensureVipUserCommandSchema = z.object({
  email: z.string().email().max(254),
  firstName: z.string().min(1).max(100),
  credentialFingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EnsureVipUserCommand = z.infer<typeof ensureVipUserCommandSchema>;
