import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { EmailAnalysisRequest, RenderReportResult } from '@archlens/contracts/reports';
import { CommandClient, DomainError, NoWorkerError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { apiError } from '../http/api-error.js';
import { OutgoingEmailLimits } from '../security/outgoing-email-limits.service.js';

/** An analysis id as the contract has it (a UUID); anything else names no analysis. */
const analysisIdSchema = z.string().uuid();

/** A report ready to stream: the PDF's bytes from object storage, its file name and size. */
export interface ReportDownload extends RenderReportResult {
  stream: Readable;
}

/**
 * The gateway's side of analysis reports: the owner's PDF, rendered once by the
 * analysis-worker and streamed from object storage; the e-mailed report, limited per user.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
    private readonly limits: OutgoingEmailLimits,
  ) {}

  /**
   * The PDF of the user's analysis `analysisId`, opened for streaming.
   * @throws ApiException `report.analysis-not-found` for an id that is not a UUID (nothing is queued);
   *   DomainError with the same code for another user's analysis or an unknown one; the queue's
   *   NoWorkerError, ServiceUnavailableError, CommandTimeoutError; the store's error when the PDF cannot be opened
   */
  async download(userId: string, analysisId: string): Promise<ReportDownload> {
    if (!analysisIdSchema.safeParse(analysisId).success) throw apiError('report.analysis-not-found');
    const report = await this.commands.request('analysis.render-report', { userId, analysisId });
    return { ...report, stream: await this.storage.getStream(report.key) };
  }

  /**
   * E-mails the report of a stored analysis or of the free-analysis text (spec §3 e-mail-analysis
   * payload), once the per-user limit (`RATE_LIMIT_EMAIL_ANALYSIS_PER_USER` an hour), the
   * recipient's (`RATE_LIMIT_EMAILS_PER_RECIPIENT` an hour, from all users), the daily limit of
   * e-mails to other addresses and the hourly limit of all users together allow it
   * (`OutgoingEmailLimits`).
   * @param request the validated body (`emailAnalysisRequestSchema`)
   * @throws TooManyRequestsException 429 past the user's or the recipient's hourly limit, ApiException
   *   `email.daily-limit` / `email.global-limit` (429) past the others (nothing queued, and no limit
   *   counts it; nor does a request refused with 404 or for want of a worker), ServiceUnavailableException
   *   503 when the limits' Redis is down; DomainError `report.analysis-not-found` for an analysis the
   *   user does not own, `report.unavailable` and the like from the worker; the queue's errors
   */
  async email(userId: string, request: EmailAnalysisRequest): Promise<{ messageId: string }> {
    const allowance = await this.limits.take(userId, 'emailAnalysisPerUser', request.email);
    try {
      return await this.commands.request('analysis.email-report', {
        userId,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        ...(request.analysisId !== undefined ? { analysisId: request.analysisId } : { analysisText: request.analysisText }),
      });
    } catch (error) {
      // Nothing was sent: no such analysis of the user's, or no analysis worker to ask.
      const notSent = (error instanceof DomainError && error.code === 'report.analysis-not-found') || error instanceof NoWorkerError;
      if (notSent) await this.limits.giveBack(allowance);
      throw error;
    }
  }
}
