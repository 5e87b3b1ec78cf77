import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import {
  sealedPasswordContext,
  type AuthResult,
  type PublicUser,
  type SignInCommand,
  type SignInResult,
  type SignUpCommand,
} from '@archlens/contracts/auth';
import type { EnsureVipUserCommand } from '@archlens/contracts/vip';
import { SealedSecretError, unsealSecret } from '@archlens/platform/sealing';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { TemporaryPasswordsService } from '../temporary-passwords/temporary-passwords.service.js';
import { ARGON2_OPTIONS, decoyHash, verifyPassword } from './password-hashing.js';
import { normaliseEmail, type UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** Maps a stored user to the contract's public shape (no hash, no e-mail casing surprises). */
export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    subscription: null,
  };
}

/** Sign-up, sign-in and look-up of users (the business rules of auth-service). */
@Injectable()
export class UsersService {
  private readonly logger = new Logger('UsersService');

  constructor(
    private readonly users: UsersRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly temporaryPasswords: TemporaryPasswordsService,
  ) {
    void decoyHash(); // made at start, not during the first sign-in
  }

  /**
   * Creates an account. The password arrives sealed (`SignUpCommand.sealedPassword`) and is opened
   * here, only for argon2.
   * @returns EMAIL_TAKEN when the e-mail exists in any letter case
   * @throws SealedSecretError when the sealed password does not open (wrong key, altered, sealed
   *   for another command or e-mail): the job fails, no account is created
   */
  async signUp(input: SignUpCommand): Promise<AuthResult> {
    const passwordHash = await argon2.hash(this.unsealPassword('auth.sign-up', input), ARGON2_OPTIONS);
    return this.signUpWithHash(normaliseEmail(input.email), input.firstName, passwordHash, input.lastName);
  }

  /** Stores a new account with its argon2id hash; EMAIL_TAKEN when the e-mail exists. */
  private async signUpWithHash(
    email: string,
    firstName: string,
    passwordHash: string,
    lastName: string,
    isVip = false,
  ): Promise<AuthResult> {
    const user = await this.users.insertUnlessEmailTaken({
      email,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      passwordHash,
      profileImageUrl: null,
      isVip,
    });
    if (!user) return { ok: false, code: 'EMAIL_TAKEN' };
    return { ok: true, user: toPublicUser(user) };
  }

  /**
   * The VIP account (spec §6 unlimited plan): the user with `input.email` marked as the VIP
   * (`is_vip`), or a new one so marked, whose password hash is of 32 random bytes nobody knows, so
   * it can only be signed in through `POST /api/vip-login`. Two concurrent first VIP sign-ins
   * create one account. An ordinary account with that e-mail is never adopted: whoever signed up
   * with the VIP address would otherwise be handed the unlimited plan on the next VIP sign-in.
   * @returns the VIP user, or EMAIL_TAKEN when an ordinary account has the e-mail (logged as an error
   *   for the operator, who must set `VIP_EMAIL` to an address nobody has signed up with)
   */
  async ensureVipUser(input: EnsureVipUserCommand): Promise<AuthResult> {
    const email = normaliseEmail(input.email);
    let user = await this.users.findByEmail(email);
    if (!user) {
      const created = await this.signUpWithHash(email, input.firstName, await argon2.hash(randomBytes(32), ARGON2_OPTIONS), '', true);
      if (created.ok) return created;
      user = await this.users.getByEmail(email); // made by a concurrent first VIP sign-in
    }
    if (user.isVip) return { ok: true, user: toPublicUser(user) };
    this.logger.error(
      `auth.ensure-vip-user: user ${user.id} is an ordinary account with the VIP e-mail; VIP sign-in is refused until VIP_EMAIL names an address nobody has signed up with`,
    );
    return { ok: false, code: 'EMAIL_TAKEN' };
  }

  /**
   * Checks a password: the account's own, or else its outstanding temporary password, which is
   * then used up (`TemporaryPasswordsService.redeem`) and said in the answer
   * (`usedTemporaryPassword`). The account's own password keeps working meanwhile. Every refusal
   * (unknown e-mail, wrong password, a used or expired temporary password) is INVALID_CREDENTIALS
   * after the same argon2 work: two verifications, against decoys where there is nothing real. A
   * sealed password that does not open is answered INVALID_CREDENTIALS too, with a warning in the
   * log (never the payload).
   */
  async signIn(input: SignInCommand): Promise<SignInResult> {
    let password: string;
    try {
      password = this.unsealPassword('auth.sign-in', input);
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error;
      this.logger.warn(`auth.sign-in: the sealed password did not open (${error.message}); answering INVALID_CREDENTIALS`);
      return { ok: false, code: 'INVALID_CREDENTIALS' };
    }
    const user = await this.users.findByEmail(normaliseEmail(input.email));
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
    if (user && matches) return { ok: true, user: toPublicUser(user), usedTemporaryPassword: false };
    const redeemed = await this.temporaryPasswords.redeem(user?.id ?? null, password);
    if (!user || !redeemed) return { ok: false, code: 'INVALID_CREDENTIALS' };
    this.logger.log(`auth.sign-in: user ${user.id} signed in with a temporary password (now used)`);
    return { ok: true, user: toPublicUser(user), usedTemporaryPassword: true };
  }

  /**
   * Opens a command's sealed password with the configured private key, for the command and e-mail
   * it was sent with. The plain password is returned to the caller's local scope, never stored.
   * @throws SealedSecretError when it does not open
   */
  private unsealPassword(job: 'auth.sign-up' | 'auth.sign-in', input: { email: string; sealedPassword: string }): string {
    return unsealSecret(input.sealedPassword, this.config.AUTH_SEALING_PRIVATE_KEY, sealedPasswordContext(job, input.email));
  }

  /** @returns NOT_FOUND when the account no longer exists */
  async getUser(userId: string): Promise<AuthResult> {
    const user = await this.users.findById(userId);
    return user ? { ok: true, user: toPublicUser(user) } : { ok: false, code: 'NOT_FOUND' };
  }
}
