import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { AUTH_MESSAGES, type PublicUser, type SignInRequest, type SignUpRequest } from '@archlens/contracts/auth';
import { UNAUTHORIZED_MESSAGE } from '@archlens/contracts/http';
import { CommandClient } from '@archlens/platform/messaging';

/** The gateway's side of accounts: turns auth-service answers into users or HTTP refusals. */
@Injectable()
export class AccountsService {
  constructor(private readonly commands: CommandClient) {}

  /** @throws ConflictException (409) when the e-mail already has an account */
  async signUp(body: SignUpRequest): Promise<PublicUser> {
    const result = await this.commands.request('auth.sign-up', {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      password: body.password,
    });
    if (!result.ok) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    return result.user;
  }

  /** @throws UnauthorizedException (401), the same for an unknown e-mail and a wrong password */
  async signIn(body: SignInRequest): Promise<PublicUser> {
    const result = await this.commands.request('auth.sign-in', body);
    if (!result.ok) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    return result.user;
  }

  /** @throws UnauthorizedException when the account no longer exists */
  async getUser(userId: string): Promise<PublicUser> {
    const result = await this.commands.request('auth.get-user', { userId });
    if (!result.ok) throw new UnauthorizedException(UNAUTHORIZED_MESSAGE);
    return result.user;
  }
}
