import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@archlens/platform/storage';

/** Where reports live (`reportObjectKey`, `textReportObjectKey`): never under the originals' `uploads/`. */
export const REPORTS_PREFIX = 'reports/';
/** A PDF rendered from free text: `reports/<userId>/text-<uuid>.pdf` (`textReportObjectKey`). */
export const TEXT_REPORT_KEY_PATTERN = /^reports\/[0-9a-f-]{36}\/text-[0-9a-f-]{36}\.pdf$/;
/** How often the sweep runs, in ms (hourly: a text PDF lives at most a day and an hour). */
export const TEXT_REPORTS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes the PDFs rendered from free-analysis text (issue 13). Each is attached to one e-mail and
 * read by the email-worker when it sends, perhaps on a retry, so it cannot be removed when the
 * e-mail is queued; a day later its e-mail has long left. A stored analysis's PDF
 * (`reports/<userId>/<analysisId>.pdf`) is kept: downloads and later e-mails reuse it.
 */
@Injectable()
export class TextReportsSweepService {
  private readonly logger = new Logger('TextReportsSweep');

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * @param olderThanSeconds only text PDFs last changed longer ago than this are removed
   * @returns how many were removed
   */
  async sweep(olderThanSeconds: number): Promise<{ removed: number }> {
    const cutoff = Date.now() - olderThanSeconds * 1000;
    const old = (await this.storage.listWithDetails(REPORTS_PREFIX))
      .filter((o) => TEXT_REPORT_KEY_PATTERN.test(o.key) && o.lastModified.getTime() < cutoff)
      .map((o) => o.key);
    await this.storage.remove(old);
    if (old.length > 0) this.logger.log(`removed ${old.length} text report(s) older than ${olderThanSeconds} s`);
    return { removed: old.length };
  }
}
