import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import {
  sealedChangePasswordContext,
  sealedPasswordContext,
  sealedVerifyPasswordContext,
  type AuthResult,
  type ChangePasswordCommand,
  type ChangePasswordResult,
  type PublicUser,
  type SignInCommand,
  type SignInResult,
  type SignUpCommand,
  type UserDataDeleted,
  type VerifyPasswordCommand,
} from '@archlens/contracts/auth';
import type { EnsureVipUserCommand } from '@archlens/contracts/vip';
import { DomainError } from '@archlens/platform/messaging';
import { SealedSecretError, unsealSecret } from '@archlens/platform/sealing';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { TemporaryPasswordsService } from '../temporary-passwords/temporary-passwords.service.js';
import { isCommonPassword } from './common-passwords.js';
import { ARGON2_OPTIONS, decoyHash, verifyPassword } from './password-hashing.js';
import { normaliseEmail, type UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** Maps a stored user to the contract's public shape (no hash, no e-mail casing surprises); the VIP account counts as confirmed. */
export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    emailVerified: user.emailVerified || user.isVip,
    passwordChangeRequired: user.passwordChangeRequired,
    subscription: null,
  };
}

/** A command's success: the public user and the session version its sessions carry. */
function answer(user: UserEntity): { ok: true; user: PublicUser; sessionVersion: number } {
  return { ok: true, user: toPublicUser(user), sessionVersion: user.sessionVersion };
}

/** Sign-up, sign-in and look-up of users (the business rules of auth-service). */
@Injectable()
export class UsersService {
  private readonly logger = new Logger('UsersService');

  constructor(
    private readonly users: UsersRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly temporaryPasswords: TemporaryPasswordsService,
    private readonly verification: EmailVerificationService,
  ) {
    void decoyHash(); // made at start, not during the first sign-in
  }

  /**
   * Creates an account, its address unconfirmed, and e-mails the link that confirms it
   * (`EmailVerificationService`; a link that cannot be queued is logged, and the account is made
   * all the same). The password arrives sealed (`SignUpCommand.sealedPassword`) and is opened here,
   * only for argon2.
   * @returns EMAIL_TAKEN when the e-mail exists in any letter case
   * @throws DomainError `auth.password-too-common` for a commonly used password (nothing stored)
   * @throws SealedSecretError when the sealed password does not open (wrong key, altered, sealed
   *   for another command or e-mail): the job fails, no account is created
   */
  async signUp(input: SignUpCommand): Promise<AuthResult> {
    const password = this.unsealPassword('auth.sign-up', input);
    if (isCommonPassword(password)) throw new DomainError('auth.password-too-common');
    const passwordHash = await argon2.hash(password, ARGON2_OPTIONS);
    const result = await this.signUpWithHash(normaliseEmail(input.email), input.firstName, passwordHash, input.lastName);
    if (result.ok) await this.verification.sendAfterSignUp(result.user.id);
    return result;
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
      emailVerified: isVip,
    });
    if (!user) return { ok: false, code: 'EMAIL_TAKEN' };
    return answer(user);
  }

  /**
   * The VIP account (spec §6 unlimited plan): the user with `input.email` marked as the VIP
   * (`is_vip`), or a new one so marked, whose password hash is of 32 random bytes nobody knows, so
   * it can only be signed in through `POST /api/vip-login`. Two concurrent first VIP sign-ins
   * create one account. An ordinary account with that e-mail is never adopted: whoever signed up
   * with the VIP address would otherwise be handed the unlimited plan on the next VIP sign-in.
   * The credentials' fingerprint is recorded on the account; a fingerprint other than the one
   * recorded means the VIP credentials were rotated, and the account's session version is raised,
   * so every VIP session made with the old credentials ends.
   * @returns the VIP user, or EMAIL_TAKEN when an ordinary account has the e-mail (logged as an error
   *   for the operator, who must set `VIP_EMAIL` to an address nobody has signed up with)
   */
  async ensureVipUser(input: EnsureVipUserCommand): Promise<AuthResult> {
    const email = normaliseEmail(input.email);
    let user = await this.users.findByEmail(email);
    if (!user) {
      await this.signUpWithHash(email, input.firstName, await argon2.hash(randomBytes(32), ARGON2_OPTIONS), '', true);
      user = await this.users.getByEmail(email); // made now, or by a concurrent first VIP sign-in
    }
    if (user.isVip) {
      if (user.vipCredentialFingerprint === input.credentialFingerprint) return answer(user);
      const rotated = user.vipCredentialFingerprint !== null;
      if (rotated) this.logger.log(`auth.ensure-vip-user: the VIP credentials changed; the VIP account's sessions end`);
      return answer(await this.users.recordVipCredential(user.id, input.credentialFingerprint, rotated));
    }
    this.logger.error(
      `auth.ensure-vip-user: user ${user.id} is an ordinary account with the VIP e-mail; VIP sign-in is refused until VIP_EMAIL names an address nobody has signed up with`,
    );
    return { ok: false, code: 'EMAIL_TAKEN' };
  }

  /**
   * Checks a password: the account's own, or else its outstanding temporary password, which is
   * then used up (`TemporaryPasswordsService.redeem`) and said in the answer
   * (`usedTemporaryPassword`). The account's own password keeps working until then. The sign-in
   * that uses a temporary password makes its hash the account's (`replaceWithTemporaryPassword`:
   * the old password stops working, a new one is required, the address counts as confirmed, the
   * session version is raised). While a new password is required the account's own password
   * (the used temporary one) signs in no more: the holder sets a new password in the session they
   * have, or asks for another temporary password. Every refusal (unknown e-mail, wrong password, a
   * used or expired temporary password) is INVALID_CREDENTIALS after the same argon2 work: two
   * verifications, against decoys where there is nothing real. A sealed password that does not
   * open is answered INVALID_CREDENTIALS too, with a warning in the log (never the payload).
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
    if (user && matches && !user.passwordChangeRequired) return { ...answer(user), usedTemporaryPassword: false };
    const redeemed = await this.temporaryPasswords.redeem(user?.id ?? null, password);
    if (!user || !redeemed) return { ok: false, code: 'INVALID_CREDENTIALS' };
    const replaced = await this.users.replaceWithTemporaryPassword(user.id, redeemed);
    if (!replaced) return { ok: false, code: 'INVALID_CREDENTIALS' };
    this.logger.log(`auth.sign-in: user ${user.id} signed in with a temporary password (now used); a new password is required`);
    return { ...answer(replaced), usedTemporaryPassword: true };
  }

  /**
   * Change password: checks the current password against the account's (after a temporary-password
   * sign-in that is the temporary one), refuses a commonly used new password and the current one
   * again, then stores the new hash, clears `passwordChangeRequired` and raises the session version
   * (the gateway ends the user's other sessions). Both passwords arrive sealed for
   * `sealedChangePasswordContext`.
   * @returns the user and the new session version
   * @throws DomainError `auth.unauthorized` (the account is gone), `auth.current-password-incorrect`,
   *   `auth.password-too-common`, `auth.password-unchanged`
   * @throws SealedSecretError when a sealed password does not open: the job fails
   */
  async changePassword(input: ChangePasswordCommand): Promise<ChangePasswordResult> {
    const key = this.config.AUTH_SEALING_PRIVATE_KEY;
    const current = unsealSecret(input.sealedCurrentPassword, key, sealedChangePasswordContext('current', input.userId));
    const next = unsealSecret(input.sealedNewPassword, key, sealedChangePasswordContext('new', input.userId));
    const user = await this.users.findById(input.userId);
    if (!user) throw new DomainError('auth.unauthorized');
    if (!(await this.isCurrentPassword(user, current))) throw new DomainError('auth.current-password-incorrect');
    if (next === current) throw new DomainError('auth.password-unchanged');
    if (isCommonPassword(next)) throw new DomainError('auth.password-too-common');
    const changed = await this.users.changePassword(user.id, user.passwordHash, await argon2.hash(next, ARGON2_OPTIONS));
    // Another change won the race: its new password is not the one checked here.
    if (!changed) throw new DomainError('auth.current-password-incorrect');
    this.logger.log(`auth.change-password: user ${user.id} set a new password; session version ${changed.sessionVersion}`);
    return { user: toPublicUser(changed), sessionVersion: changed.sessionVersion };
  }

  /**
   * `auth.verify-password` (account deletion): the password is the account's own (after a
   * temporary-password sign-in, that one: the check change password makes) or its outstanding
   * temporary password from forgot password, which is not used up, so a deletion that failed midway
   * can be retried with it. Nothing is changed.
   * @throws DomainError `auth.unauthorized` (the account is gone), `account.password-incorrect`
   * @throws SealedSecretError when the sealed password does not open: the job fails
   */
  async verifyPassword(input: VerifyPasswordCommand): Promise<{ verified: true }> {
    const password = unsealSecret(input.sealedPassword, this.config.AUTH_SEALING_PRIVATE_KEY, sealedVerifyPasswordContext(input.userId));
    const user = await this.users.findById(input.userId);
    if (!user) throw new DomainError('auth.unauthorized');
    const matches = (await this.isCurrentPassword(user, password)) || (await this.temporaryPasswords.matchesOutstanding(user.id, password));
    if (!matches) throw new DomainError('account.password-incorrect');
    return { verified: true };
  }

  /**
   * `auth.delete-user` (account deletion, the last step): the account row, with its temporary
   * passwords, e-mail verification tokens and style profile (cascaded). A repeat finds nothing and
   * answers 0.
   */
  async deleteUser(userId: string): Promise<UserDataDeleted> {
    const removed = await this.users.deleteById(userId);
    if (removed > 0) this.logger.log(`auth.delete-user: user ${userId} deleted`);
    return { removed };
  }

  /** The check both change password and account deletion make: the password is the one the account has now. */
  private isCurrentPassword(user: UserEntity, password: string): Promise<boolean> {
    return verifyPassword(user.passwordHash, password);
  }

  /**
   * Opens a command's sealed password with the configured private key, for the command and e-mail
   * it was sent with. The plain password is returned to the caller's local scope, never stored.
   * @throws SealedSecretError when it does not open
   */
  private unsealPassword(job: 'auth.sign-up' | 'auth.sign-in', input: { email: string; sealedPassword: string }): string {
    return unsealSecret(input.sealedPassword, this.config.AUTH_SEALING_PRIVATE_KEY, sealedPasswordContext(job, input.email));
  }

  /** @returns the user and their session version, or NOT_FOUND when the account no longer exists */
  async getUser(userId: string): Promise<AuthResult> {
    const user = await this.users.findById(userId);
    return user ? answer(user) : { ok: false, code: 'NOT_FOUND' };
  }
}
