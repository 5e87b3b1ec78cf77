import { pipeline } from 'node:stream/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ExportLeadsResult } from '@archlens/contracts/leads';
import { ObjectStorage } from '@archlens/platform/storage';

/** A file name safe inside `Content-Disposition: attachment; filename="…"`: anything else becomes `_`. */
function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * Sends a leads export leads-service stored (`leads.export`) to the admin as a download, streamed
 * from object storage without holding it in memory, then removes the object, whether the download
 * finished or the client went away: the CSV is kept no longer than its download.
 */
@Injectable()
export class LeadExportDownloadService {
  private readonly logger = new Logger('LeadExportDownload');

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * Answers 200 `text/csv; charset=utf-8` as an attachment named `export.fileName`, not cached.
   * @throws the store's error when the object cannot be opened (nothing sent yet: the exception
   *   filter answers 500); an interrupted download is logged, not thrown (the client is gone)
   */
  async send(exported: ExportLeadsResult, response: Response): Promise<void> {
    try {
      const body = await this.storage.getStream(exported.key);
      response.status(200);
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="${safeFileName(exported.fileName)}"`);
      response.setHeader('Cache-Control', 'no-store');
      await pipeline(body, response).catch((error: unknown) => {
        this.logger.warn(`leads export ${exported.key} not fully sent: ${error instanceof Error ? error.message : String(error)}`);
      });
    } finally {
      await this.storage.remove([exported.key]).catch((error: unknown) => {
        this.logger.error(`leads export ${exported.key} could not be removed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }
}
