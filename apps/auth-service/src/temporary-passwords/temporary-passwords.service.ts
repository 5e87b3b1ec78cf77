import { Inject, Injectable, Logger } from '@nestjs/common';
import argon2 from 'argon2';
import {
  TEMPORARY_PASSWORD_VALID_MINUTES,
  type IssueTemporaryPasswordCommand,
  type IssueTemporaryPasswordResult,
} from '@archlens/contracts/auth';
import { temporaryPasswordSealContext } from '@archlens/contracts/email';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { ARGON2_OPTIONS, decoyHash, verifyPassword } from '../users/password-hashing.js';
import { normaliseEmail } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { generateTemporaryPassword } from './temporary-password-generator.js';
import { TemporaryPasswordsRepository } from './temporary-passwords.repository.js';

/**
 * Forgot password (spec §2, §3): issues temporary passwords and redeems them at sign-in.
 *
 * A temporary password is random (`generateTemporaryPassword`), stored only as its argon2id hash,
 * valid for `TEMPORARY_PASSWORD_VALID_MINUTES` and for one sign-in, and e-mailed sealed to the
 * email-worker's key. A new one replaces any earlier unused one of the same user, so sign-in checks
 * at most one. The account's own password keeps working until the temporary one is used; the
 * sign-in that uses it replaces the account's password with it until a new one is set
 * (`UsersService.signIn`).
 */
@Injectable()
export class TemporaryPasswordsService {
  private readonly logger = new Logger('TemporaryPasswordsService');

  constructor(
    private readonly users: UsersRepository,
    private readonly temporaryPasswords: TemporaryPasswordsRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly commands: CommandClient,
  ) {}

  /**
   * Issues a temporary password for the account of `email` and queues its e-mail (`email.send`,
   * template `temporary-password`). For an unknown e-mail the same argon2 work is done on a
   * throwaway and nothing is sent. The answer is the same either way, and a failure to store or
   * queue is logged, not answered, so that it does not tell either.
   */
  async issue(input: IssueTemporaryPasswordCommand): Promise<IssueTemporaryPasswordResult> {
    const user = await this.users.findByEmail(normaliseEmail(input.email));
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await argon2.hash(temporaryPassword, ARGON2_OPTIONS);
    if (!user) return { handled: true };
    try {
      // Queued inside the transaction: a message that cannot be queued leaves no password behind.
      await this.temporaryPasswords.replaceUnused(user.id, passwordHash, TEMPORARY_PASSWORD_VALID_MINUTES, async (id) => {
        await this.commands.enqueue('email.send', {
          messageId: id,
          to: user.email,
          template: 'temporary-password',
          data: {
            firstName: user.firstName,
            sealedTemporaryPassword: sealSecret(
              temporaryPassword,
              this.config.EMAIL_SEALING_PUBLIC_KEY,
              temporaryPasswordSealContext(user.email),
            ),
            validMinutes: TEMPORARY_PASSWORD_VALID_MINUTES,
          },
        });
      });
    } catch (error) {
      this.logger.error(
        `auth.issue-temporary-password: no temporary password was sent to user ${user.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { handled: true };
  }

  /**
   * Checks `password` against the user's outstanding temporary password (unexpired, unused) and, when
   * it matches, marks it used in one statement (`used_at IS NULL` in the `WHERE`), so two sign-ins
   * with it cannot both succeed. Always one argon2 verification (a decoy when there is no user or
   * no outstanding temporary password), so a refusal takes the same time whatever the reason.
   * @param userId the account the e-mail belongs to, or null for an unknown e-mail
   * @returns the temporary password's argon2id hash when the password was a valid temporary
   *   password, now used (the caller makes it the account's until a new one is set); else null
   */
  async redeem(userId: string | null, password: string): Promise<string | null> {
    const candidate = userId ? await this.temporaryPasswords.findOutstanding(userId) : null;
    const matches = await verifyPassword(candidate?.passwordHash ?? (await decoyHash()), password);
    if (!candidate || !matches) return null;
    return (await this.temporaryPasswords.markUsed(candidate.id)) ? candidate.passwordHash : null;
  }

  /**
   * Whether `password` is the user's outstanding temporary password (unexpired, unused), without
   * using it up: account deletion accepts it in place of the account's password and may be retried
   * with it after a failure midway. One argon2 verification, a decoy when none is outstanding.
   */
  async matchesOutstanding(userId: string, password: string): Promise<boolean> {
    const candidate = await this.temporaryPasswords.findOutstanding(userId);
    const matches = await verifyPassword(candidate?.passwordHash ?? (await decoyHash()), password);
    return candidate !== null && matches;
  }
}
