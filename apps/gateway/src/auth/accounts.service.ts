import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  sealedPasswordContext,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type SignInRequest,
  type SignUpRequest,
} from '@archlens/contracts/auth';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import type { VipLoginRequest } from '@archlens/contracts/vip';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { apiError } from '../http/api-error.js';
import { ConfiguredCredentials } from '../security/configured-credentials.js';
import { PasswordVerifications } from '../security/password-verifications.service.js';

/** Answer to a VIP sign-in while `VIP_EMAIL` belongs to an ordinary account (an operator's fix). */
export const VIP_UNAVAILABLE = 'VIP access is not available at the moment.';

/**
 * The gateway's side of accounts: turns auth-service answers into users or HTTP refusals.
 * Passwords are sealed to auth-service's public key (`AUTH_SEALING_PUBLIC_KEY`) before they go on
 * the queue, so Redis never holds one in plain text.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('AccountsService');
  private readonly vip: ConfiguredCredentials;

  constructor(
    private readonly commands: CommandClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    verifications: PasswordVerifications,
  ) {
    this.vip = new ConfiguredCredentials(config.VIP_USERNAME || undefined, config.VIP_PASSWORD_HASH || undefined, (hash, password) =>
      verifications.verify(hash, password),
    );
  }

  /**
   * VIP access (spec §2 /vip-login, §6): the configured VIP credentials sign in as the
   * VIP account (`VIP_EMAIL`, created on first use), put on the unlimited plan by billing-service
   * (credits shown as Unlimited, no credit checks).
   * @returns the VIP user, with its subscription
   * @throws ApiException `vip.invalid-credentials` for wrong credentials or with VIP access not configured;
   *   `auth.sign-in-busy` (503) when as many argon2 verifications run and wait as allowed
   * @throws ServiceUnavailableException (503) `VIP_MESSAGES.unavailable` when an ordinary account holds
   *   `VIP_EMAIL` (auth-service refuses to make it the VIP and logs why)
   */
  async vipSignIn(body: VipLoginRequest): Promise<PublicUser> {
    if (!(await this.vip.matches(body.username, body.password))) throw apiError('vip.invalid-credentials');
    const result = await this.commands.request('auth.ensure-vip-user', { email: this.config.VIP_EMAIL, firstName: 'VIP' });
    if (!result.ok) {
      this.logger.error(
        `vip-login: VIP_EMAIL belongs to an ordinary account (auth-service answered ${result.code}); set VIP_EMAIL to an unused address`,
      );
      throw new ServiceUnavailableException(VIP_UNAVAILABLE);
    }
    const account = await this.commands.request('billing.grant-unlimited', { userId: result.user.id });
    return { ...result.user, subscription: account.subscription };
  }

  /**
   * @throws ApiException `auth.email-taken` when the e-mail already has an account, or is `VIP_EMAIL` (the VIP
   *   account's address is never an ordinary account's: see `vipSignIn`)
   */
  async signUp(body: SignUpRequest): Promise<PublicUser> {
    if (body.email.trim().toLowerCase() === this.config.VIP_EMAIL.toLowerCase()) throw apiError('auth.email-taken');
    const result = await this.commands.request('auth.sign-up', {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      sealedPassword: this.seal('auth.sign-up', body),
    });
    if (!result.ok) throw apiError('auth.email-taken');
    return result.user;
  }

  /**
   * @returns the user, and whether the password was a temporary one (now used up)
   * @throws ApiException `auth.invalid-credentials`, the same for an unknown e-mail, a wrong password and a used
   *   or expired temporary password
   */
  async signIn(body: SignInRequest): Promise<{ user: PublicUser; usedTemporaryPassword: boolean }> {
    const result = await this.commands.request('auth.sign-in', { email: body.email, sealedPassword: this.seal('auth.sign-in', body) });
    if (!result.ok) throw apiError('auth.invalid-credentials');
    return { user: result.user, usedTemporaryPassword: result.usedTemporaryPassword };
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
   * The user with the subscription billing-service holds (status, plan, credits_remaining,
   * currentPeriodEnd; null before any plan), both asked at once. When billing-service cannot answer
   * the user is still returned, with the subscription auth-service gave (null), and the miss logged:
   * a signed-in user is never signed out because billing is down.
   * @throws ApiException `auth.unauthorized` when the account no longer exists
   */
  async getUser(userId: string): Promise<PublicUser> {
    const [result, account] = await Promise.all([
      this.commands.request('auth.get-user', { userId }),
      this.commands.request('billing.get-account', { userId }).catch((error: unknown) => {
        this.logger.warn(`billing.get-account failed, subscription left out: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }),
    ]);
    if (!result.ok) throw apiError('auth.unauthorized');
    return account ? { ...result.user, subscription: account.subscription } : result.user;
  }

  /** The request's password sealed for this command and e-mail (`sealedPasswordContext`). */
  private seal(job: 'auth.sign-up' | 'auth.sign-in', body: { email: string; password: string }): string {
    return sealSecret(body.password, this.config.AUTH_SEALING_PUBLIC_KEY, sealedPasswordContext(job, body.email));
  }
}
