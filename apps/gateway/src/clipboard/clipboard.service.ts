import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EmailClipboardRequest } from '@archlens/contracts/clipboard';
import { CommandClient, NoWorkerError } from '@archlens/platform/messaging';
import { OutgoingEmailLimits } from '../security/outgoing-email-limits.service.js';

/**
 * The gateway's side of "Email Myself" (spec §2 "Email Your Clipboard", §3
 * email-clipboard payload): the clipboard text is queued as one `email.send` message (template
 * `clipboard`) to the address typed in the sub-dialog, limited per user, per recipient, per day to
 * other addresses and across all users (`OutgoingEmailLimits`). No lead is recorded: leads
 * come from e-mailed analyses only (spec §1 "leads are collected when analyses are e-mailed").
 */
@Injectable()
export class ClipboardService {
  constructor(
    private readonly commands: CommandClient,
    private readonly limits: OutgoingEmailLimits,
  ) {}

  /**
   * Queues the clipboard e-mail once the per-user limit (`RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER` an
   * hour, default 10), the recipient's limit (`RATE_LIMIT_EMAILS_PER_RECIPIENT`, default 20 an
   * hour from all users), the daily limit of e-mails to other addresses
   * (`RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY`, default 20) and the hourly limit of all users
   * together (`RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR`) allow it. The recipient is any address the user
   * typed (spec §2: Email Address is a field of the sub-dialog, not the account's e-mail); the limits
   * are what keep the route from being a relay. The text is sent as it came, untrimmed.
   * @param userId the signed-in user, whose hourly count is used
   * @param request the validated body (`emailClipboardRequestSchema`: names and e-mail trimmed, text non-blank)
   * @returns the new message's id (`email.send`'s idempotency key)
   * @throws TooManyRequestsException 429 with `Retry-After` past the user's or the recipient's hourly
   *   limit, ApiException `email.daily-limit` / `email.global-limit` (429) past the others (nothing
   *   queued, and no limit counts it: `OutgoingEmailLimits.take`);
   *   ServiceUnavailableException 503 when the limits' Redis is down; NoWorkerError (503) when no
   *   email-worker listens, the point given back since nothing was queued; ServiceUnavailableError
   *   (503) when the queue's Redis is down
   */
  async email(userId: string, request: EmailClipboardRequest): Promise<{ messageId: string }> {
    const allowance = await this.limits.take(userId, 'emailClipboardPerUser', request.email);
    const messageId = randomUUID();
    try {
      await this.commands.enqueue('email.send', {
        messageId,
        to: request.email,
        template: 'clipboard',
        data: { firstName: request.firstName, lastName: request.lastName, clipboardText: request.clipboardText },
      });
    } catch (error) {
      // No worker: the job was never added, so the try does not count against the hour.
      if (error instanceof NoWorkerError) await this.limits.giveBack(allowance);
      throw error;
    }
    return { messageId };
  }
}
