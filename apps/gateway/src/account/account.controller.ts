import { Body, Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  deleteAccountRequestSchema,
  type DeleteAccountRequest,
  type DeleteAccountResponse,
  type PublicUser,
} from '@archlens/contracts/auth';
import { Route } from '../access/route.decorator.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { RateLimitsService } from '../security/rate-limits.service.js';
import { CurrentAccount, CurrentUserId } from '../sessions/session.guard.js';
import { SESSION_COOKIE, SessionService } from '../sessions/session.service.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountExportService } from './account-export.service.js';

/** The user's own data: `GET /api/account/export` and `DELETE /api/account`, signed-in only. */
@Controller()
export class AccountController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
    private readonly sessions: SessionService,
    private readonly limits: RateLimitsService,
  ) {}

  /**
   * `GET /api/account/export` → 200 `application/zip`, an attachment `archlens-export-YYYY-MM-DD.zip`,
   * never cached: every analysis, sketch reading and generation of the user's (JSON, photos,
   * sketches, renders, PDF reports) and `projects.json`, streamed. 503/504 before the first byte
   * when an owning service is down or slow.
   */
  @Route('accountExport')
  async export(@CurrentUserId() userId: string, @Res() response: Response): Promise<void> {
    const entries = await this.exports.entriesOf(userId);
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="archlens-export-${new Date().toISOString().slice(0, 10)}.zip"`);
    response.setHeader('Cache-Control', 'private, no-store');
    try {
      await this.exports.write(entries, response);
    } catch {
      response.destroy();
    }
  }

  /**
   * `DELETE /api/account` `{password}` → 200 `{deleted: true}` with the session cookie cleared: the
   * account and everything of the user's are gone (`AccountDeletionService`), and every session of
   * the user has ended, on every device. `password` is the account's, or the temporary one forgot
   * password sent. A credential route: each attempt takes a point of the change-password limit
   * (`RATE_LIMIT_CHANGE_PASSWORD_PER_USER` an hour) before the password is checked; 429 with
   * `Retry-After` past it. 400 for a missing password; 401 signed out; 403
   * `account.password-incorrect` for a wrong one (nothing deleted); 503/504 when a service cannot
   * answer (the account stays; the same request finishes the work).
   */
  @Route('deleteAccount')
  async delete(
    @CurrentAccount() account: PublicUser,
    @Body(new ZodBodyPipe(deleteAccountRequestSchema)) body: DeleteAccountRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DeleteAccountResponse> {
    await this.limits.consume('changePasswordPerUser', account.id);
    await this.deletion.delete(account, body.password);
    await this.sessions.destroyAllForUser(account.id);
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    return { deleted: true };
  }
}
