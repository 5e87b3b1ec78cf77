import { Injectable } from '@nestjs/common';
import { CommandClient } from '@archlens/platform/messaging';
import { apiError } from '../http/api-error.js';
import { mailboxOf, RateLimitsService, type RateLimitName } from './rate-limits.service.js';

/** The points one e-mail took, to give back when it was not sent after all. */
export type EmailAllowance = ReadonlyArray<readonly [RateLimitName, string]>;

/**
 * The limits every e-mail a user sends through the API passes (analysis reports and Working
 * Clipboards, to any address typed), so that the two routes cannot be a relay:
 * - the route's own hourly limit for the user (`emailAnalysisPerUser` or `emailClipboardPerUser`);
 * - the recipient's mailbox, from every user together, per hour (`emailsPerRecipient`);
 * - the user's e-mails to addresses other than the account's own, per day (`emailsToOthersPerUser`,
 *   `RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY`): the account's own address, `+tags` folded
 *   (`mailboxOf`), is not counted by it;
 * - every user's e-mails together, per hour (`emailsAllUsers`, `RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR`),
 *   logged as a warning when reached.
 * They are counted in that order with `consumeInTurn`, so a request one of them refuses uses none
 * of them.
 */
@Injectable()
export class OutgoingEmailLimits {
  constructor(
    private readonly commands: CommandClient,
    private readonly limits: RateLimitsService,
  ) {}

  /**
   * Counts one e-mail from `userId` to `recipient` against every limit above.
   * @param routeLimit the route's own per-user hourly limit
   * @returns the points taken, for `giveBack` when nothing was sent after all
   * @throws TooManyRequestsException (429, `Retry-After`) past the route's or the recipient's limit;
   *   ApiException `email.daily-limit` or `email.global-limit` (429, `Retry-After`) past the daily or
   *   the global limit; ServiceUnavailableException (503) when the limits' Redis is down;
   *   ApiException `auth.unauthorized` when the account no longer exists; the queue's errors while
   *   the account's address is looked up (`auth.get-user`). Nothing is counted when it throws.
   */
  async take(userId: string, routeLimit: 'emailAnalysisPerUser' | 'emailClipboardPerUser', recipient: string): Promise<EmailAllowance> {
    const account = await this.commands.request('auth.get-user', { userId });
    if (!account.ok) throw apiError('auth.unauthorized');
    const toOwnAddress = mailboxOf(recipient) === mailboxOf(account.user.email);
    const allowance: EmailAllowance = [
      [routeLimit, userId],
      ['emailsPerRecipient', recipient],
      ...(toOwnAddress ? [] : [['emailsToOthersPerUser', userId] as const]),
      ['emailsAllUsers', 'all'],
    ];
    await this.limits.consumeInTurn(allowance);
    return allowance;
  }

  /** Gives back the points of an e-mail that was not sent after all (no worker, no such analysis), as far as Redis allows. */
  async giveBack(allowance: EmailAllowance): Promise<void> {
    await this.limits.rewardAll(allowance);
  }
}
