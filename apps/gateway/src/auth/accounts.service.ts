import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  sealedChangePasswordContext,
  sealedPasswordContext,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type ResendVerificationResponse,
  type SignInRequest,
  type SignUpRequest,
  type VerifyEmailResponse,
} from '@archlens/contracts/auth';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import type { VipLoginRequest } from '@archlens/contracts/vip';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { apiError } from '../http/api-error.js';
import { ConfiguredCredentials } from '../security/configured-credentials.js';
import { vipCredentialFingerprint } from '../security/vip-credential-fingerprint.js';
import { PasswordVerifications } from '../security/password-verifications.service.js';

/** Answer to a VIP sign-in while `VIP_EMAIL` belongs to an ordinary account (an operator's fix). */
export const VIP_UNAVAILABLE = 'VIP access is not available at the moment.';

/** A user as a sign-in answers it, with the session version their new session is to carry. */
export interface SignedInAccount {
  user: PublicUser;
  sessionVersion: number;
}

/**
 * The gateway's side of accounts: turns auth-service answers into users or HTTP refusals.
 * Passwords are sealed to auth-service's public key (`AUTH_SEALING_PUBLIC_KEY`) before they go on
 * the queue, so Redis never holds one in plain text.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('AccountsService');
  private readonly vip: ConfiguredCredentials;
  /** The configured VIP credentials' fingerprint (null with VIP access off). */
  readonly vipCredential: string | null;

  constructor(
    private readonly commands: CommandClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    verifications: PasswordVerifications,
  ) {
    this.vip = new ConfiguredCredentials(config.VIP_USERNAME || undefined, config.VIP_PASSWORD_HASH || undefined, (hash, password) =>
      verifications.verify(hash, password),
    );
    this.vipCredential = vipCredentialFingerprint(config);
  }

  /**
   * VIP access (spec §2 /vip-login, §6): the configured VIP credentials sign in as the
   * VIP account (`VIP_EMAIL`, created on first use), put on the unlimited plan by billing-service
   * (credits shown as Unlimited, no credit checks). The credentials' fingerprint goes with it, so
   * that auth-service ends the VIP sessions of credentials rotated since.
   * @returns the VIP user, with its subscription, and its session version
   * @throws ApiException `vip.invalid-credentials` for wrong credentials or with VIP access not configured;
   *   `auth.sign-in-busy` (503) when as many argon2 verifications run and wait as allowed
   * @throws ServiceUnavailableException (503) `VIP_MESSAGES.unavailable` when an ordinary account holds
   *   `VIP_EMAIL` (auth-service refuses to make it the VIP and logs why)
   */
  async vipSignIn(body: VipLoginRequest): Promise<SignedInAccount> {
    if (!(await this.vip.matches(body.username, body.password)) || !this.vipCredential) throw apiError('vip.invalid-credentials');
    const result = await this.commands.request('auth.ensure-vip-user', {
      email: this.config.VIP_EMAIL,
      firstName: 'VIP',
      credentialFingerprint: this.vipCredential,
    });
    if (!result.ok) {
      this.logger.error(
        `vip-login: VIP_EMAIL belongs to an ordinary account (auth-service answered ${result.code}); set VIP_EMAIL to an unused address`,
      );
      throw new ServiceUnavailableException(VIP_UNAVAILABLE);
    }
    const account = await this.commands.request('billing.grant-unlimited', { userId: result.user.id });
    return { user: { ...result.user, subscription: account.subscription }, sessionVersion: result.sessionVersion };
  }

  /**
   * @returns the new user (address unconfirmed: auth-service e-mails the link) and its session version
   * @throws ApiException `auth.email-taken` when the e-mail already has an account, or is `VIP_EMAIL` (the VIP
   *   account's address is never an ordinary account's: see `vipSignIn`)
   * @throws DomainError `auth.password-too-common` for a commonly used password
   */
  async signUp(body: SignUpRequest): Promise<SignedInAccount> {
    if (body.email.trim().toLowerCase() === this.config.VIP_EMAIL.toLowerCase()) throw apiError('auth.email-taken');
    const result = await this.commands.request('auth.sign-up', {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      sealedPassword: this.seal('auth.sign-up', body),
    });
    if (!result.ok) throw apiError('auth.email-taken');
    return { user: result.user, sessionVersion: result.sessionVersion };
  }

  /**
   * @returns the user and its session version, and whether the password was a temporary one (now
   *   used up, and the account's until a new one is set: `passwordChangeRequired`)
   * @throws ApiException `auth.invalid-credentials`, the same for an unknown e-mail, a wrong password and a used
   *   or expired temporary password
   */
  async signIn(body: SignInRequest): Promise<SignedInAccount & { usedTemporaryPassword: boolean }> {
    const result = await this.commands.request('auth.sign-in', { email: body.email, sealedPassword: this.seal('auth.sign-in', body) });
    if (!result.ok) throw apiError('auth.invalid-credentials');
    return { user: result.user, sessionVersion: result.sessionVersion, usedTemporaryPassword: result.usedTemporaryPassword };
  }

  /**
   * Change password: both passwords sealed to auth-service's key (`sealedChangePasswordContext`),
   * which checks the current one, refuses a commonly used or unchanged new one, stores it and raises
   * the session version.
   * @returns the user (with its subscription) and the new session version
   * @throws DomainError `auth.current-password-incorrect` | `auth.password-too-common` |
   *   `auth.password-unchanged` | `auth.unauthorized`
   */
  async changePassword(userId: string, body: ChangePasswordRequest): Promise<SignedInAccount> {
    const key = this.config.AUTH_SEALING_PUBLIC_KEY;
    const result = await this.commands.request('auth.change-password', {
      userId,
      sealedCurrentPassword: sealSecret(body.currentPassword, key, sealedChangePasswordContext('current', userId)),
      sealedNewPassword: sealSecret(body.newPassword, key, sealedChangePasswordContext('new', userId)),
    });
    return { user: await this.withSubscription(result.user), sessionVersion: result.sessionVersion };
  }

  /**
   * Confirms an address with the token of its link.
   * @throws DomainError `auth.verification-link-invalid` for a token that is unknown, used or expired
   */
  async verifyEmail(token: string): Promise<VerifyEmailResponse> {
    await this.commands.request('auth.verify-email', { token });
    return { emailVerified: true };
  }

  /**
   * E-mails the user a new verification link (the newest replaces older unused ones).
   * @returns `AUTH_MESSAGES.verificationSent`, or `alreadyVerified` when there is nothing to confirm
   */
  async resendVerification(userId: string): Promise<ResendVerificationResponse> {
    const { sent } = await this.commands.request('auth.send-verification-email', { userId });
    return sent
      ? { message: AUTH_MESSAGES.verificationSent, emailVerified: false }
      : { message: AUTH_MESSAGES.alreadyVerified, emailVerified: true };
  }

  /**
   * Forgot password: asks auth-service to issue and e-mail a temporary password.
   * @returns always `AUTH_MESSAGES.forgotPasswordSent`, whether or not the account exists
   */
  async forgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
    await this.commands.request('auth.issue-temporary-password', { email: body.email });
    return { message: AUTH_MESSAGES.forgotPasswordSent };
  }

  /**
   * The user (as `SessionGuard` had auth-service answer it for this request) with the subscription
   * billing-service holds (status, plan, credits_remaining, currentPeriodEnd; null before any plan).
   * When billing-service cannot answer the user is still returned, with the subscription auth-service
   * gave (null), and the miss logged: a signed-in user is never signed out because billing is down.
   */
  async withSubscription(user: PublicUser): Promise<PublicUser> {
    const account = await this.commands.request('billing.get-account', { userId: user.id }).catch((error: unknown) => {
      this.logger.warn(`billing.get-account failed, subscription left out: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    return account ? { ...user, subscription: account.subscription } : user;
  }

  /** The request's password sealed for this command and e-mail (`sealedPasswordContext`). */
  private seal(job: 'auth.sign-up' | 'auth.sign-in', body: { email: string; password: string }): string {
    return sealSecret(body.password, this.config.AUTH_SEALING_PUBLIC_KEY, sealedPasswordContext(job, body.email));
  }
}
