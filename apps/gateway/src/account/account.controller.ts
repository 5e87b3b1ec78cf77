import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Route } from '../access/route.decorator.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { AccountExportService } from './account-export.service.js';

/** The user's own data: `GET /api/account/export`, signed-in only. */
@Controller()
export class AccountController {
  constructor(private readonly exports: AccountExportService) {}

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
}
