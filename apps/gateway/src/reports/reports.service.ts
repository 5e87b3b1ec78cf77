import type { Readable } from 'node:stream';
import { Injectable, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { REPORT_MESSAGES, type EmailAnalysisRequest, type RenderReportResult } from '@archlens/contracts/reports';
import { CommandClient, DomainError, NoWorkerError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { RateLimitsService } from '../security/rate-limits.service.js';

/** An analysis id as the contract has it (a UUID); anything else names no analysis. */
const analysisIdSchema = z.string().uuid();

/** A report ready to stream: the PDF's bytes from object storage, its file name and size. */
export interface ReportDownload extends RenderReportResult {
  stream: Readable;
}

/**
 * The gateway's side of analysis reports (issue 13): the owner's PDF, rendered once by the
 * analysis-worker and streamed from object storage; the e-mailed report, limited per user.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
    private readonly limits: RateLimitsService,
  ) {}

  /**
   * The PDF of the user's analysis `analysisId`, opened for streaming.
   * @throws NotFoundException 404 `Analysis not found.` for an id that is not a UUID (nothing is queued);
   *   DomainError 404 with the same text for another user's analysis or an unknown one; the queue's
   *   NoWorkerError, ServiceUnavailableError, CommandTimeoutError; the store's error when the PDF cannot be opened
   */
  async download(userId: string, analysisId: string): Promise<ReportDownload> {
    if (!analysisIdSchema.safeParse(analysisId).success) throw new NotFoundException(REPORT_MESSAGES.analysisNotFound);
    const report = await this.commands.request('analysis.render-report', { userId, analysisId });
    return { ...report, stream: await this.storage.getStream(report.key) };
  }

  /**
   * E-mails the report of a stored analysis or of the free-analysis text (spec §3 e-mail-analysis
   * payload), once the per-user limit (`RATE_LIMIT_EMAIL_ANALYSIS_PER_USER` an hour) and the
   * recipient's (`RATE_LIMIT_EMAILS_PER_RECIPIENT` an hour, from all users) allow it.
   * @param request the validated body (`emailAnalysisRequestSchema`)
   * @throws TooManyRequestsException 429 past either limit (nothing queued, and neither limit counts
   *   it; nor does a request refused with 404 or for want of a worker), ServiceUnavailableException
   *   503 when the limits' Redis is down; DomainError 404 for an analysis the user does not own, 503
   *   from the worker; the queue's errors
   */
  async email(userId: string, request: EmailAnalysisRequest): Promise<{ messageId: string }> {
    const limits = [
      ['emailAnalysisPerUser', userId],
      ['emailsPerRecipient', request.email],
    ] as const;
    await this.limits.consumeInTurn(limits);
    try {
      return await this.commands.request('analysis.email-report', {
        userId,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        ...(request.analysisId !== undefined ? { analysisId: request.analysisId } : { analysisText: request.analysisText }),
      });
    } catch (error) {
      // Nothing was sent: no such analysis of the user's (404), or no analysis worker to ask.
      const notSent = (error instanceof DomainError && error.status === 404) || error instanceof NoWorkerError;
      if (notSent) await this.limits.rewardAll(limits);
      throw error;
    }
  }
}
