import { Body, Controller } from '@nestjs/common';
import {
  CLIPBOARD_MESSAGES,
  emailClipboardRequestSchema,
  type EmailClipboardRequest,
  type EmailClipboardResponse,
} from '@archlens/contracts/clipboard';
import { Route } from '../access/route.decorator.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { ClipboardService } from './clipboard.service.js';

/** `POST /api/email-clipboard`, signed-in only (spec §6: the clipboard is for signed-in users). */
@Controller()
export class ClipboardController {
  constructor(private readonly clipboard: ClipboardService) {}

  /**
   * `POST /api/email-clipboard` `{email, firstName, lastName, clipboardText}` (spec §3, §7) → 200
   * `{message: "Your clipboard content has been emailed to you."}` once the e-mail is queued to the
   * email-worker. 400 with the spec §5 text: `Please fill in all fields.` for a missing or blank
   * name or e-mail, `Add some content to your clipboard first.` for a blank text, `Please enter a
   * valid email address`; 401 signed out; 429 with `Retry-After` past the hourly limit; 503 when no
   * email-worker is running or Redis is down. Nothing is queued for a refused request.
   */
  @Route('emailClipboard')
  async email(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(emailClipboardRequestSchema)) body: EmailClipboardRequest,
  ): Promise<EmailClipboardResponse> {
    await this.clipboard.email(userId, body);
    return { message: CLIPBOARD_MESSAGES.sent };
  }
}
