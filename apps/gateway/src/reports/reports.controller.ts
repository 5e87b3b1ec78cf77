import { Body, Controller, Header, Logger, Param, StreamableFile } from '@nestjs/common';
import {
  emailAnalysisRequestSchema,
  REPORT_MESSAGES,
  type EmailAnalysisRequest,
  type EmailAnalysisResponse,
} from '@archlens/contracts/reports';
import { Route } from '../access/route.decorator.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { ReportsService } from './reports.service.js';

/** Analysis reports: `GET /api/analyses/{id}/pdf` and `POST /api/email-analysis`, signed-in only. */
@Controller()
export class ReportsController {
  private readonly logger = new Logger('ReportsController');

  constructor(private readonly reports: ReportsService) {}

  /**
   * `GET /api/analyses/{id}/pdf` → 200 the owner's analysis as a PDF (`application/pdf`, an
   * attachment named `archlens-analysis-YYYY-MM-DD.pdf`, never cached), streamed from object
   * storage. 404 `Analysis not found.` for another user's analysis, an unknown id or one that is not
   * a UUID; 401 signed out; 503/504 when the analysis-worker is down or slow.
   */
  @Route('analysisPdf')
  @Header('Cache-Control', 'private, no-store')
  async pdf(@CurrentUserId() userId: string, @Param('id') analysisId: string): Promise<StreamableFile> {
    const report = await this.reports.download(userId, analysisId);
    const file = new StreamableFile(report.stream, {
      type: 'application/pdf',
      disposition: `attachment; filename="${report.fileName}"`,
      length: report.bytes,
    });
    // Nest's handler for a stream that fails: after the headers it cuts the connection (the client
    // sees a broken download, never a PDF cut short), before them it answers without the error's text.
    file.setErrorLogger((error: Error) => this.logger.error(`report ${report.key} failed while streaming: ${error.message}`));
    return file;
  }

  /**
   * `POST /api/email-analysis` `{firstName, lastName, email, analysisId | analysisText}` (spec §3,
   * §7) → 200 `{message: "The architectural analysis has been sent to your email."}` once the
   * e-mail (the report, PDF attached) is queued and the lead recorded. 400 with the spec §5 text
   * for a missing field or a bad e-mail; 404 for an analysis the user does not own; 429 with
   * `Retry-After` past the hourly limit; 401 signed out. Nothing is queued for a refused request.
   */
  @Route('emailAnalysis')
  async email(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(emailAnalysisRequestSchema)) body: EmailAnalysisRequest,
  ): Promise<EmailAnalysisResponse> {
    await this.reports.email(userId, body);
    return { message: REPORT_MESSAGES.sent };
  }
}
