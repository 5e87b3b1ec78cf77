import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { analysisEngineSchema } from '@archlens/contracts/analysis';
import { formatAnalysisText, parseAnalysisText } from '@archlens/contracts/report-text';
import {
  reportFileName,
  reportObjectKey,
  textReportObjectKey,
  type RenderReportResult,
  type ReportContent,
} from '@archlens/contracts/reports';
import type { JobData, JobResult } from '@archlens/contracts/queues';
import { EventPublisher } from '@archlens/platform/events';
import { CommandClient, DomainError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import { renderReportPdf } from './report-pdf.js';
import { makeThumbnail, type ReportThumbnail } from './report-thumbnails.js';

/** Content type of every report. */
export const PDF_CONTENT_TYPE = 'application/pdf';

/** True for the object store's "no such object" answers (a missing original is skipped, not fatal). */
function isMissingObject(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}

/** What a stored analysis's report shows (`reportContentSchema`). */
export function reportContentOf(analysis: AnalysisEntity): ReportContent {
  const engine = analysisEngineSchema.safeParse(analysis.engine);
  return {
    createdAt: analysis.createdAt.toISOString(),
    primaryDescription: analysis.primaryDescription,
    expandedDescription: analysis.expandedDescription,
    tags: analysis.tags,
    engine: engine.success ? engine.data : null,
    model: analysis.model,
    imageCount: analysis.imageCount,
  };
}

/**
 * Analysis reports: a stored analysis's PDF, rendered once into object storage
 * (`reportObjectKey`) and reused for every download and e-mail; and the e-mailed report, which
 * queues `email.send` (template `analysis-report`, the PDF attached by its key) and publishes
 * `analysis.emailed` for the leads service. Ownership is checked on every call: an analysis of
 * another user answers exactly as an unknown one (`report.analysis-not-found`).
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger('Reports');
  private readonly analyses: Repository<AnalysisEntity>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly commands: CommandClient,
    private readonly events: EventPublisher,
  ) {
    this.analyses = dataSource.getRepository(AnalysisEntity);
  }

  /**
   * `analysis.render-report`: the owner's analysis as a PDF in object storage, rendered on first
   * use and reused afterwards.
   * @returns the object's key, the download's file name (`archlens-analysis-YYYY-MM-DD.pdf`) and its size in bytes
   * @throws DomainError `report.analysis-not-found` when `userId` owns no analysis `analysisId`;
   *   `report.unavailable` when the store fails
   */
  async renderReport(job: JobData<'analysis.render-report'>): Promise<RenderReportResult> {
    const analysis = await this.ownedAnalysis(job.userId, job.analysisId);
    const { key, bytes } = await this.storedReport(analysis);
    return { key, fileName: reportFileName(analysis.createdAt), bytes };
  }

  /**
   * `analysis.email-report` (spec §3 e-mail-analysis payload): the report of a stored
   * analysis (`analysisId`, its stored PDF), or of the free-analysis text (`analysisText`, split by
   * `parseAnalysisText`, a text-only PDF under `textReportObjectKey`); when both are given the stored
   * analysis wins. Queues `email.send` to `email` with a new message id, then publishes
   * `analysis.emailed` with that id as its event id and the report's text as `analysisText`. A
   * failure to publish is logged and does not undo the e-mail, which is already on its way.
   * @returns the e-mail's message id
   * @throws DomainError `report.analysis-not-found` (not the user's analysis), `report.no-content`
   *   (no content named), `report.unavailable` (store failing), `service.not-running` (no
   *   email-worker), `service.unavailable` (Redis unreachable); nothing is queued then, and a text
   *   PDF already stored is removed
   */
  async emailReport(job: JobData<'analysis.email-report'>): Promise<JobResult<'analysis.email-report'>> {
    let content: ReportContent;
    let attachment: { key: string; filename: string };
    let textReportKey: string | undefined;
    if (job.analysisId !== undefined) {
      const analysis = await this.ownedAnalysis(job.userId, job.analysisId);
      content = reportContentOf(analysis);
      attachment = { key: (await this.storedReport(analysis)).key, filename: reportFileName(analysis.createdAt) };
    } else if (job.analysisText !== undefined) {
      const createdAt = new Date();
      content = { ...parseAnalysisText(job.analysisText), createdAt: createdAt.toISOString(), engine: null, model: null, imageCount: 0 };
      textReportKey = textReportObjectKey(job.userId, randomUUID());
      await this.store(textReportKey, await renderReportPdf(content, []));
      attachment = { key: textReportKey, filename: reportFileName(createdAt) };
    } else {
      throw new DomainError('report.no-content');
    }

    const messageId = randomUUID();
    try {
      await this.commands.enqueue('email.send', {
        messageId,
        to: job.email,
        template: 'analysis-report',
        data: { firstName: job.firstName, lastName: job.lastName, report: content },
        attachments: [{ ...attachment, contentType: PDF_CONTENT_TYPE }],
      });
    } catch (error) {
      if (textReportKey) await this.storage.remove([textReportKey]).catch(() => undefined);
      if (error instanceof NoWorkerError) throw new DomainError('service.not-running', { queue: error.queue }, { cause: error });
      if (error instanceof ServiceUnavailableError) throw new DomainError('service.unavailable', { cause: error });
      throw error;
    }
    // The recipient stays out of the log line: the message id names it in the email-worker's log.
    this.logger.log(`report e-mail ${messageId} queued (${job.analysisId ? 'stored analysis' : 'analysis text'})`);
    await this.events.tryPublish(
      'analysis.emailed',
      {
        userId: job.userId,
        firstName: job.firstName,
        lastName: job.lastName,
        email: job.email,
        analysisText: formatAnalysisText(content),
      },
      messageId,
    );
    return { messageId };
  }

  /**
   * The analysis when `userId` owns it.
   * @throws DomainError `report.analysis-not-found`, the same for another user's id and an unknown id
   */
  private async ownedAnalysis(userId: string, analysisId: string): Promise<AnalysisEntity> {
    const analysis = await this.analyses.findOneBy({ id: analysisId, userId });
    if (!analysis) throw new DomainError('report.analysis-not-found');
    return analysis;
  }

  /**
   * The stored PDF of an analysis, rendered and stored when it is not there yet. Two first requests
   * at once may both render; the PDFs show the same content and the last one stored stays.
   * @throws DomainError `report.unavailable` when the store cannot be read or written
   */
  private async storedReport(analysis: AnalysisEntity): Promise<{ key: string; bytes: number }> {
    const key = reportObjectKey(analysis.userId, analysis.id);
    const existing = await this.storage.stat(key).catch((error: unknown) => {
      throw new DomainError('report.unavailable', { cause: error });
    });
    if (existing && existing.size > 0) return { key, bytes: existing.size };
    const pdf = await renderReportPdf(reportContentOf(analysis), await this.thumbnailsOf(analysis.imageKeys));
    await this.store(key, pdf);
    this.logger.log(`report of analysis ${analysis.id} rendered (${pdf.length} bytes)`);
    return { key, bytes: pdf.length };
  }

  /**
   * Thumbnails of the originals, read one at a time (an analysis may hold ten photos of 50 MB).
   * An original that is gone or does not decode is skipped: not fatal.
   * @throws DomainError `report.unavailable` when the store fails for any other reason
   */
  private async thumbnailsOf(keys: string[]): Promise<ReportThumbnail[]> {
    const thumbnails: ReportThumbnail[] = [];
    for (const key of keys) {
      let photo: Buffer;
      try {
        photo = await this.storage.get(key);
      } catch (error) {
        if (isMissingObject(error)) continue;
        throw new DomainError('report.unavailable', { cause: error });
      }
      try {
        thumbnails.push(await makeThumbnail(photo));
      } catch {
        this.logger.warn(`original ${key} did not decode; its thumbnail is left out of the report`);
      }
    }
    return thumbnails;
  }

  /** Stores a PDF. @throws DomainError `report.unavailable` when the store refuses it */
  private async store(key: string, pdf: Buffer): Promise<void> {
    await this.storage.put(key, pdf, PDF_CONTENT_TYPE).catch((error: unknown) => {
      throw new DomainError('report.unavailable', { cause: error });
    });
  }
}
