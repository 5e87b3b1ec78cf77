import { z } from 'zod';
import { errorText } from './errors.js';
import { plainText, unusableCharactersMessage } from './plain-text.js';

/** Spec §9: minimum password length 6. */
export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound on a password, to keep argon2 input sane (not in the spec; 256 characters). */
export const MAX_PASSWORD_LENGTH = 256;
/** Longest first or last name, in characters (not in the spec). */
export const MAX_NAME_LENGTH = 100;
/** Longest e-mail address, in characters (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest username of the VIP and admin sign-ins, in characters (not in the spec). */
export const MAX_USERNAME_LENGTH = 100;

/**
 * Spec §5 validation texts for the sign-in dialog, used word for word; the spec names no text for
 * a value that is too long, so those say what the limit is (and every form with such a field, the
 * e-mail dialogs and the VIP and admin sign-ins, uses the same limits and texts).
 */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: `Email address must be at most ${MAX_EMAIL_LENGTH} characters`,
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  firstNameRequired: 'First name is required',
  firstNameTooLong: `First name must be at most ${MAX_NAME_LENGTH} characters`,
  lastNameRequired: 'Last name is required',
  lastNameTooLong: `Last name must be at most ${MAX_NAME_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${MAX_USERNAME_LENGTH} characters`,
  /**
   * A value holding a character its field refuses (`hasUnusableCharacters` in `./plain-text`: a
   * control character, a lone surrogate, a bidirectional override in a name; NUL in a password).
   * Not in the spec, which names no such rule; every form with these fields uses the same texts.
   */
  firstNameUnusable: unusableCharactersMessage('First name'),
  lastNameUnusable: unusableCharactersMessage('Last name'),
  passwordUnusable: unusableCharactersMessage('Password'),
  usernameUnusable: unusableCharactersMessage('Username'),
  /** Sign-in failure: the same answer for an unknown e-mail and a wrong password. */
  invalidCredentials: errorText('auth.invalid-credentials'),
  emailTaken: errorText('auth.email-taken'),
  /** Change password: the current (or temporary) password left empty. */
  currentPasswordRequired: 'Please enter your current password',
  /** Account deletion: the password (or a temporary one) left empty. */
  deletePasswordRequired: 'Please enter your password',
  /** Account deletion: the password given is neither the account's nor its outstanding temporary one. */
  deletePasswordIncorrect: errorText('account.password-incorrect'),
  /** Change password and the new password after a temporary one: the confirmation differs (checked in the browser). */
  passwordsDoNotMatch: 'The two passwords do not match',
  /** A new password found in a list of commonly used ones (auth-service checks it). */
  passwordTooCommon: errorText('auth.password-too-common'),
  /** E-mail sending and checkout before the account's address is confirmed. */
  emailUnverified: errorText('auth.email-unverified'),
  /** `POST /api/auth/resend-verification` when a link was sent. */
  verificationSent: 'We have sent a new link to your email address. It is valid for 24 hours.',
  /** `POST /api/auth/resend-verification` when the address is confirmed already. */
  alreadyVerified: 'Your email address is already confirmed.',
  /**
   * The one answer of `POST /api/auth/forgot-password`: the same for an account that
   * exists and one that does not, so the route tells no one which e-mails have accounts.
   */
  forgotPasswordSent: 'If an account exists for that email, we have sent a temporary password to it.',
} as const;

/** Spec §2: a temporary password is valid for 60 minutes and for one sign-in. */
export const TEMPORARY_PASSWORD_VALID_MINUTES = 60;

/** An e-mail verification link is valid for 24 hours and for one use (not in the spec; the usual day). */
export const EMAIL_VERIFICATION_VALID_HOURS = 24;
/** Longest token a verification link may carry, in characters (the tokens sent have 43: 32 bytes in base64url). */
export const MAX_VERIFICATION_TOKEN_LENGTH = 200;

/**
 * An e-mail address, trimmed; `z.email()` takes ASCII letters, digits and `._%+-` only, so a
 * control character, a lone surrogate or an invisible character is 'Please enter a valid email address'.
 */
const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(MAX_EMAIL_LENGTH, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

/**
 * A password: 6 to 256 characters of any kind but NUL, which no stored or sealed text can hold
 * ('Password contains characters that cannot be used.').
 */
function passwordField(tooShort: string, tooLong: string) {
  return plainText(z.string({ error: tooShort }).min(MIN_PASSWORD_LENGTH, tooShort).max(MAX_PASSWORD_LENGTH, tooLong), {
    shape: 'secret',
    unusable: AUTH_MESSAGES.passwordUnusable,
  });
}
const password = passwordField(AUTH_MESSAGES.passwordTooShort, AUTH_MESSAGES.passwordTooLong);

/**
 * A first or last name: one line, trimmed. The spec §5 text when missing, blank or only invisible
 * characters (`isBlankText`: "\u200b"), the limit when too long, `unusable` for a control
 * character, a lone surrogate or a bidirectional override ("\u202eevil"; `TextShape` 'line').
 * @param required the spec §5 text of a missing name (sign-up: 'First name is required'; the
 *   e-mail dialogs: 'Please fill in all fields.')
 */
export function nameField(required: string, tooLong: string, unusable: string) {
  return plainText(z.string({ error: required }).trim().min(1, required).max(MAX_NAME_LENGTH, tooLong), {
    shape: 'line',
    unusable,
    blank: required,
  });
}

/**
 * The username of the VIP and admin sign-ins (spec §5: required): one line, trimmed; `required`
 * when missing, blank or only invisible characters, the limit when too long, 'Username contains
 * characters that cannot be used.' for a control character or a lone surrogate.
 */
export function usernameField(required: string) {
  return plainText(z.string({ error: required }).trim().min(1, required).max(MAX_USERNAME_LENGTH, AUTH_MESSAGES.usernameTooLong), {
    shape: 'line',
    unusable: AUTH_MESSAGES.usernameUnusable,
    blank: required,
  });
}

/**
 * The password of the VIP and admin sign-ins (spec §5: required): `required` when missing or
 * empty, the limit when too long, 'Password contains characters that cannot be used.' for NUL.
 */
export function signInPasswordField(required: string) {
  return plainText(z.string({ error: required }).min(1, required).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong), {
    shape: 'secret',
    unusable: AUTH_MESSAGES.passwordUnusable,
  });
}

/** `POST /api/auth/signin` body (spec §3 sign-in payload). */
export const signInRequestSchema = z.object({ email, password });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** `POST /api/auth/signup` body (spec §3 sign-up payload). */
export const signUpRequestSchema = z.object({
  email,
  first_name: nameField(AUTH_MESSAGES.firstNameRequired, AUTH_MESSAGES.firstNameTooLong, AUTH_MESSAGES.firstNameUnusable),
  last_name: nameField(AUTH_MESSAGES.lastNameRequired, AUTH_MESSAGES.lastNameTooLong, AUTH_MESSAGES.lastNameUnusable),
  password,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/**
 * `POST /api/auth/change-password` body: the current password (or the temporary one a forgotten
 * password was replaced with) and the new one, which follows the spec §5 password rule. The browser
 * also asks for the new one twice; that stays in the browser.
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: signInPasswordField(AUTH_MESSAGES.currentPasswordRequired),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * `DELETE /api/account` body: the account's password, or the temporary one forgot password sent
 * (unused and unexpired), to confirm that the holder of the session is the account's owner.
 */
export const deleteAccountRequestSchema = z.object({ password: signInPasswordField(AUTH_MESSAGES.deletePasswordRequired) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
/** `DELETE /api/account` answer: the account and everything of it are gone (the session cookie is cleared with it). */
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/**
 * `POST /api/auth/verify-email` body: the token of the link `/verify-email?token=…`. Any value that
 * is not a live token (malformed too) is answered 410 `auth.verification-link-invalid`.
 */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ error: errorText('auth.verification-link-invalid') })
    .trim()
    .min(1, errorText('auth.verification-link-invalid'))
    .max(MAX_VERIFICATION_TOKEN_LENGTH, `A verification token has at most ${MAX_VERIFICATION_TOKEN_LENGTH} characters`),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** `POST /api/auth/verify-email` answer: the address is confirmed. */
export const verifyEmailResponseSchema = z.object({ emailVerified: z.literal(true) });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** `POST /api/auth/resend-verification` body: nothing (an empty JSON object). */
export const resendVerificationRequestSchema = z.object({});

/**
 * `POST /api/auth/resend-verification` answer: `AUTH_MESSAGES.verificationSent`, or
 * `AUTH_MESSAGES.alreadyVerified` with `emailVerified` true when there was nothing to confirm.
 */
export const resendVerificationResponseSchema = z.object({ message: z.string(), emailVerified: z.boolean() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

/** `POST /api/auth/forgot-password` body (spec §3 forgot-password payload; spec §5: a valid e-mail). */
export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `POST /api/auth/forgot-password` answer (spec §3: the response has message); always `AUTH_MESSAGES.forgotPasswordSent`. */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/**
 * Subscription as the SPA reads it (spec §3), held by billing-service and merged into
 * the user by the gateway: `credits_remaining` in credits (999,999 on the unlimited plan, spec §9),
 * `currentPeriodEnd` ISO 8601 or null. `subscription: null` before any plan, or when billing could
 * not answer; the SPA treats null as not Pro (spec §4: Pro only when status equals "active").
 */
export const subscriptionSchema = z.object({
  status: z.string(),
  plan: z.enum(['monthly', 'yearly', 'unlimited']).nullable(),
  credits_remaining: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * The user as `/api/auth/user`, sign-in and sign-up return it (spec §3, §7), with two flags the spec
 * does not name: `emailVerified`, whether the address has been confirmed through the link e-mailed
 * to it (the VIP account counts as confirmed), and `passwordChangeRequired`, true after a sign-in
 * with a temporary password until a new password is set.
 */
export const publicUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image_url: z.string().nullable(),
  emailVerified: z.boolean(),
  passwordChangeRequired: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A password as it crosses Redis: sealed by the gateway to auth-service's public key
 * (`sealSecret` in `@archlens/platform/sealing`; RSA-OAEP wrapping an AES-256-GCM key), never the
 * plain password. A queued job is readable by anyone with access to
 * Redis, its persistence files and replicas, and stays there while it waits, after a worker died
 * mid-job, or as a failed job; only auth-service's private key opens it. Sealed for
 * `sealedPasswordContext(job, email)`, so it opens only in the command and for the account it was
 * sent with. The bound keeps a forged job from making auth-service work on megabytes.
 */
const sealedPassword = z.string().startsWith('v1.').max(8192);

/**
 * The context a password is sealed for: the command and the account's e-mail as stored (trimmed,
 * lower-cased). Both sides derive it from the job, so a sealed password lifted from one job does
 * not open as another command or for another account.
 */
export function sealedPasswordContext(job: 'auth.sign-up' | 'auth.sign-in', email: string): string {
  return `${job}\n${email.trim().toLowerCase()}`;
}

/**
 * The context of each password of `auth.change-password`: which of the two it is and the account's
 * id, so that the new password cannot be passed off as the current one, nor either used for another
 * account.
 */
export function sealedChangePasswordContext(field: 'current' | 'new', userId: string): string {
  return `auth.change-password.${field}\n${userId}`;
}

/**
 * The context of the password of `auth.verify-password` (account deletion): the command and the
 * account's id, so that a password sealed for deletion does not open as another command's or for
 * another account.
 */
export function sealedVerifyPasswordContext(userId: string): string {
  return `auth.verify-password\n${userId}`;
}

/**
 * The user's session version: a number stored with the account and carried in each session, raised
 * when a password is changed or replaced and when the VIP credentials change. A session made under
 * an older version is ended when next read.
 */
const sessionVersion = z.number().int().min(0);

/** Payload of `auth.sign-up` (commands of the `auth` queue are answered by auth-service). */
export const signUpCommandSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sealedPassword,
});
export type SignUpCommand = z.infer<typeof signUpCommandSchema>;
/** Payload of `auth.sign-in`. */
export const signInCommandSchema = z.object({ email: z.string(), sealedPassword });
export type SignInCommand = z.infer<typeof signInCommandSchema>;
/** Payload of `auth.get-user`: the session's user id. */
export const getUserCommandSchema = z.object({ userId: z.string().uuid() });
/**
 * Payload of `auth.issue-temporary-password` (forgot password): the e-mail as the user
 * typed it. auth-service issues and e-mails a temporary password when the account exists.
 */
export const issueTemporaryPasswordCommandSchema = z.object({ email: z.string() });
export type IssueTemporaryPasswordCommand = z.infer<typeof issueTemporaryPasswordCommandSchema>;
/**
 * Result of `auth.issue-temporary-password`: only that the request was handled. It never says
 * whether the account exists, so nothing the gateway could pass on reveals it.
 */
export const issueTemporaryPasswordResultSchema = z.object({ handled: z.literal(true) });
export type IssueTemporaryPasswordResult = z.infer<typeof issueTemporaryPasswordResultSchema>;

/**
 * Payload of `auth.change-password`: the session's user and both passwords sealed for
 * `sealedChangePasswordContext`.
 */
export const changePasswordCommandSchema = z.object({
  userId: z.string().uuid(),
  sealedCurrentPassword: sealedPassword,
  sealedNewPassword: sealedPassword,
});
export type ChangePasswordCommand = z.infer<typeof changePasswordCommandSchema>;
/** Result of `auth.change-password`: the user and the session version the change raised. */
export const changePasswordResultSchema = z.object({ user: publicUserSchema, sessionVersion });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

/**
 * Payload of `auth.verify-password`: the session's user and the password they typed, sealed for
 * `sealedVerifyPasswordContext`. Checked against the account's password and its outstanding
 * temporary password, which the check does not use up (a deletion that failed midway is retried
 * with the same password).
 */
export const verifyPasswordCommandSchema = z.object({ userId: z.string().uuid(), sealedPassword });
export type VerifyPasswordCommand = z.infer<typeof verifyPasswordCommandSchema>;
/** Result of `auth.verify-password`; a wrong password is the `DomainError` `account.password-incorrect`. */
export const verifyPasswordResultSchema = z.object({ verified: z.literal(true) });

/**
 * Payload of each owner's part of an account deletion (`auth.delete-user`, `analysis.delete-user`,
 * `generation.delete-user`, `billing.delete-customer`, `leads.anonymise-user`): the user whose data
 * goes. Every one is idempotent: run again after a partial failure, it finishes the work.
 */
export const deleteUserDataJobSchema = z.object({ userId: z.string().uuid() });
export type DeleteUserDataJob = z.infer<typeof deleteUserDataJobSchema>;
/** Payload of `email.forget-address`: the deleted account's e-mail as stored (lower-cased). */
export const forgetAddressJobSchema = z.object({ email: z.string().min(3).max(254) });
/** Result of each deletion command: how many rows (and, where the owner stores objects, objects) it removed or anonymised this time. */
export const userDataDeletedSchema = z.object({ removed: z.number().int().min(0) });
export type UserDataDeleted = z.infer<typeof userDataDeletedSchema>;

/** Payload of `auth.send-verification-email`: a new link for the user's address (the newest replaces older unused ones). */
export const sendVerificationEmailCommandSchema = z.object({ userId: z.string().uuid() });
/** Result of `auth.send-verification-email`: false when the address is confirmed already and nothing was sent. */
export const sendVerificationEmailResultSchema = z.object({ sent: z.boolean() });
export type SendVerificationEmailResult = z.infer<typeof sendVerificationEmailResultSchema>;

/** Payload of `auth.verify-email`: the token of a link, as the browser sent it. */
export const verifyEmailCommandSchema = z.object({ token: z.string().min(1).max(MAX_VERIFICATION_TOKEN_LENGTH) });
/** Result of `auth.verify-email`: the account whose address is now confirmed. */
export const verifyEmailResultSchema = z.object({ userId: z.string().uuid() });

/**
 * Result of every auth command: domain refusals are answers, not job failures, so the gateway
 * can map them to 4xx without parsing error strings. A success carries the user's session version,
 * which the gateway keeps in the session it starts and compares on every read.
 */
export const authResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user: publicUserSchema, sessionVersion }),
  z.object({
    ok: z.literal(false),
    code: z.enum(['EMAIL_TAKEN', 'INVALID_CREDENTIALS', 'NOT_FOUND']),
  }),
]);
export type AuthResult = z.infer<typeof authResultSchema>;

/**
 * Result of `auth.sign-in`: as `authResultSchema`, and a success says whether the password was a
 * temporary one, which the gateway answers by ending the user's other sessions (the sign-in raised
 * the session version too).
 */
export const signInResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user: publicUserSchema, sessionVersion, usedTemporaryPassword: z.boolean() }),
  z.object({ ok: z.literal(false), code: z.literal('INVALID_CREDENTIALS') }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;
