import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@archlens/platform/storage';
import { sweepUnreferenced } from '@archlens/platform/unreferenced-sweep';

/** Where reports live (`reportObjectKey`, `textReportObjectKey`): never under the originals' `uploads/`. */
export const REPORTS_PREFIX = 'reports/';
/** A PDF rendered from free text: `reports/<userId>/text-<uuid>.pdf` (`textReportObjectKey`). */
export const TEXT_REPORT_KEY_PATTERN = /^reports\/[0-9a-f-]{36}\/text-[0-9a-f-]{36}\.pdf$/;
/** How often the sweep runs, in ms (hourly: a text PDF lives at most a day and an hour). */
export const TEXT_REPORTS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes the PDFs rendered from free-analysis text. Each is attached to one e-mail and read by
 * the email-worker when it sends, perhaps on a retry, so it cannot be removed when the e-mail is
 * queued; a day later its e-mail has long left. A stored analysis's PDF
 * (`reports/<userId>/<analysisId>.pdf`) is kept: downloads and later e-mails reuse it.
 */
@Injectable()
export class TextReportsSweepService {
  private readonly logger = new Logger('TextReportsSweep');

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * @param olderThanSeconds only text PDFs last changed longer ago than this are removed
   * @returns how many were removed
   * @throws the store's error (the scheduled job fails and runs again next time)
   */
  async sweep(olderThanSeconds: number): Promise<{ removed: number }> {
    const { removed } = await sweepUnreferenced(this.storage, {
      prefix: REPORTS_PREFIX,
      modifiedBefore: new Date(Date.now() - olderThanSeconds * 1000),
      matches: (key) => TEXT_REPORT_KEY_PATTERN.test(key),
    });
    if (removed > 0) this.logger.log(`removed ${removed} text report(s) older than ${olderThanSeconds} s`);
    return { removed };
  }
}
