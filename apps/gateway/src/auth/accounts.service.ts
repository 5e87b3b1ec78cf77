import { ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  sealedPasswordContext,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PublicUser,
  type SignInRequest,
  type SignUpRequest,
} from '@archlens/contracts/auth';
import { UNAUTHORIZED_MESSAGE } from '@archlens/contracts/http';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * The gateway's side of accounts: turns auth-service answers into users or HTTP refusals.
 * Passwords are sealed to auth-service's public key (`AUTH_SEALING_PUBLIC_KEY`) before they go on
 * the queue, so Redis never holds one in plain text (ARCHITECTURE.md "Messages").
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly commands: CommandClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** @throws ConflictException (409) when the e-mail already has an account */
  async signUp(body: SignUpRequest): Promise<PublicUser> {
    const result = await this.commands.request('auth.sign-up', {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      sealedPassword: this.seal('auth.sign-up', body),
    });
    if (!result.ok) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    return result.user;
  }

  /**
   * @returns the user, and whether the password was a temporary one (now used up, issue 12)
   * @throws UnauthorizedException (401), the same for an unknown e-mail, a wrong password and a used
   *   or expired temporary password
   */
  async signIn(body: SignInRequest): Promise<{ user: PublicUser; usedTemporaryPassword: boolean }> {
    const result = await this.commands.request('auth.sign-in', { email: body.email, sealedPassword: this.seal('auth.sign-in', body) });
    if (!result.ok) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    return { user: result.user, usedTemporaryPassword: result.usedTemporaryPassword };
  }

  /**
   * Forgot password (spec §2, issue 12): asks auth-service to issue and e-mail a temporary password.
   * @returns always `AUTH_MESSAGES.forgotPasswordSent`, whether or not the account exists
   */
  async forgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
    await this.commands.request('auth.issue-temporary-password', { email: body.email });
    return { message: AUTH_MESSAGES.forgotPasswordSent };
  }

  /** @throws UnauthorizedException when the account no longer exists */
  async getUser(userId: string): Promise<PublicUser> {
    const result = await this.commands.request('auth.get-user', { userId });
    if (!result.ok) throw new UnauthorizedException(UNAUTHORIZED_MESSAGE);
    return result.user;
  }

  /** The request's password sealed for this command and e-mail (`sealedPasswordContext`). */
  private seal(job: 'auth.sign-up' | 'auth.sign-in', body: { email: string; password: string }): string {
    return sealSecret(body.password, this.config.AUTH_SEALING_PUBLIC_KEY, sealedPasswordContext(job, body.email));
  }
}
