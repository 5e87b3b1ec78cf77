import { Inject, Injectable, Logger } from '@nestjs/common';
import { sealedVerifyPasswordContext, type PublicUser } from '@archlens/contracts/auth';
import type { JobName } from '@archlens/contracts/queues';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * Each owner's part of an account deletion, in the order they run: every command is idempotent,
 * and `auth.delete-user` comes last, so that until it has run the account still signs in and the
 * same password can start the deletion again to finish what a failure left.
 */
export const ACCOUNT_DELETION_STEPS = [
  'analysis.delete-user',
  'generation.delete-user',
  'billing.delete-customer',
  'leads.anonymise-user',
  'email.forget-address',
  'auth.delete-user',
] as const satisfies readonly JobName[];

/**
 * `DELETE /api/account`: the password is checked by auth-service (`auth.verify-password`, sealed to
 * its key: the account's password or its outstanding temporary one), then each owning service is
 * asked over its queue to delete or anonymise what is the user's (`ACCOUNT_DELETION_STEPS`), one
 * after the other. The password is never logged; the steps are, by name.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger('AccountDeletion');

  constructor(
    private readonly commands: CommandClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Deletes the account of `account` (its id and e-mail as the session's look-up gave them).
   * @throws DomainError `account.password-incorrect` (403) before anything is deleted; a step's
   *   error (503 no worker, 504 timeout, 500): the steps before it are done, the account remains,
   *   and a repeat finishes the work
   */
  async delete(account: Pick<PublicUser, 'id' | 'email'>, password: string): Promise<void> {
    const userId = account.id;
    const sealedPassword = sealSecret(password, this.config.AUTH_SEALING_PUBLIC_KEY, sealedVerifyPasswordContext(userId));
    await this.commands.request('auth.verify-password', { userId, sealedPassword });
    this.logger.log(`account deletion of user ${userId}: password checked`);
    for (const step of ACCOUNT_DELETION_STEPS) {
      const { removed } =
        step === 'email.forget-address'
          ? await this.commands.request(step, { email: account.email })
          : await this.commands.request(step, { userId });
      this.logger.log(`account deletion of user ${userId}: ${step} removed or anonymised ${removed}`);
    }
  }
}
