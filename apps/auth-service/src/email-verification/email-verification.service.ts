import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EMAIL_VERIFICATION_VALID_HOURS, type SendVerificationEmailResult } from '@archlens/contracts/auth';
import { verificationTokenSealContext } from '@archlens/contracts/email';
import { CommandClient, DomainError } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { UsersRepository } from '../users/users.repository.js';
import { EmailVerificationTokensRepository } from './email-verification-tokens.repository.js';

/** SHA-256 of a token, in hex: what is stored and looked up. */
export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Confirms that an account's e-mail address is its holder's: a link with a random token (32 bytes,
 * base64url) is e-mailed to the address, valid for `EMAIL_VERIFICATION_VALID_HOURS` and for one use;
 * only the token's SHA-256 is stored, and the token travels to the email-worker sealed to its key.
 * A newer link replaces an unused older one.
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerificationService');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: EmailVerificationTokensRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly commands: CommandClient,
  ) {}

  /**
   * Stores a new token for the user and queues its e-mail (`email.send`, template `verify-email`,
   * the message id being the token's row id), in one transaction: a message that cannot be queued
   * leaves no token behind.
   * @returns `{sent: false}` when the address is confirmed already (nothing stored or sent)
   * @throws DomainError `auth.unauthorized` when the account no longer exists
   * @throws the queue's or the database's error when the link could not be stored or queued
   */
  async send(userId: string): Promise<SendVerificationEmailResult> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('auth.unauthorized');
    if (user.emailVerified || user.isVip) return { sent: false };
    const token = randomBytes(32).toString('base64url');
    await this.tokens.replaceUnused(user.id, hashVerificationToken(token), EMAIL_VERIFICATION_VALID_HOURS, async (id) => {
      await this.commands.enqueue('email.send', {
        messageId: id,
        to: user.email,
        template: 'verify-email',
        data: {
          firstName: user.firstName,
          sealedToken: sealSecret(token, this.config.EMAIL_SEALING_PUBLIC_KEY, verificationTokenSealContext(user.email)),
          validHours: EMAIL_VERIFICATION_VALID_HOURS,
        },
      });
    });
    this.logger.log(`auth.send-verification-email: a verification link was queued for user ${user.id}`);
    return { sent: true };
  }

  /**
   * Sends the first link after sign-up; a failure is logged, never thrown, so that the account is
   * made and signed in all the same (the user can ask for another link).
   */
  async sendAfterSignUp(userId: string): Promise<void> {
    try {
      await this.send(userId);
    } catch (error) {
      this.logger.error(
        `auth.sign-up: no verification link was sent to user ${userId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Uses up the token of a link and marks its account's address confirmed, in one transaction.
   * @returns the account's id
   * @throws DomainError `auth.verification-link-invalid` for a token that is unknown, used or expired
   */
  async verify(token: string): Promise<{ userId: string }> {
    const userId = await this.tokens.redeem(hashVerificationToken(token.trim()), (id, manager) =>
      this.users.markEmailVerified(id, manager),
    );
    if (!userId) throw new DomainError('auth.verification-link-invalid');
    this.logger.log(`auth.verify-email: user ${userId} confirmed their e-mail address`);
    return { userId };
  }
}
