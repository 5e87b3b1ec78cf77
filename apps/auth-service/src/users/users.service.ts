import { Inject, Injectable, Logger } from '@nestjs/common';
import argon2 from 'argon2';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { sealedPasswordContext, type AuthResult, type PublicUser, type SignInCommand, type SignUpCommand } from '@archlens/contracts/auth';
import { EventPublisher } from '@archlens/platform/events';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { SealedSecretError, unsealSecret } from '@archlens/platform/sealing';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { UserEntity } from './user.entity.js';

/**
 * argon2id parameters: the OWASP Password Storage Cheat Sheet's first option
 * (m = 19 MiB, t = 2, p = 1).
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Postgres error code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/** E-mail as stored: trimmed and lower-cased, so uniqueness is case-insensitive. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

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
  private readonly users: Repository<UserEntity>;
  /** A hash to verify against when the e-mail is unknown, so both refusals take the same time. */
  private readonly decoyHash: Promise<string>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly events: EventPublisher,
  ) {
    this.users = dataSource.getRepository(UserEntity);
    this.decoyHash = argon2.hash('archlens-decoy-password', ARGON2_OPTIONS);
  }

  /**
   * Creates an account. The password arrives sealed (`SignUpCommand.sealedPassword`) and is opened
   * here, only for argon2. Publishes `user.registered` (the user id is its idempotency key).
   * @returns EMAIL_TAKEN when the e-mail exists in any letter case
   * @throws SealedSecretError when the sealed password does not open (wrong key, altered, sealed
   *   for another command or e-mail): the job fails, no account is created
   */
  async signUp(input: SignUpCommand): Promise<AuthResult> {
    const passwordHash = await argon2.hash(this.unsealPassword('auth.sign-up', input), ARGON2_OPTIONS);
    try {
      const user = await this.users.save(
        this.users.create({
          email: normaliseEmail(input.email),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          profileImageUrl: null,
        }),
      );
      // The user id is the event's idempotency key; a failed publish is logged, the account stands.
      await this.events.tryPublish('user.registered', { userId: user.id, email: user.email, firstName: user.firstName }, user.id);
      return { ok: true, user: toPublicUser(user) };
    } catch (error) {
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === UNIQUE_VIOLATION) {
        return { ok: false, code: 'EMAIL_TAKEN' };
      }
      throw error;
    }
  }

  /**
   * Checks a password. An unknown e-mail and a wrong password give the same answer
   * (INVALID_CREDENTIALS) after the same amount of argon2 work. A sealed password that does not
   * open is answered INVALID_CREDENTIALS too, with a warning in the log (never the payload).
   */
  async signIn(input: SignInCommand): Promise<AuthResult> {
    let password: string;
    try {
      password = this.unsealPassword('auth.sign-in', input);
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error;
      this.logger.warn(`auth.sign-in: the sealed password did not open (${error.message}); answering INVALID_CREDENTIALS`);
      return { ok: false, code: 'INVALID_CREDENTIALS' };
    }
    const user = await this.users.findOneBy({ email: normaliseEmail(input.email) });
    const hash = user?.passwordHash ?? (await this.decoyHash);
    const matches = await argon2.verify(hash, password).catch(() => false);
    if (!user || !matches) return { ok: false, code: 'INVALID_CREDENTIALS' };
    return { ok: true, user: toPublicUser(user) };
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
    const user = await this.users.findOneBy({ id: userId });
    return user ? { ok: true, user: toPublicUser(user) } : { ok: false, code: 'NOT_FOUND' };
  }
}
