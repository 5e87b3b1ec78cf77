import { BadRequestException, Injectable } from '@nestjs/common';
import { ANALYSIS_MESSAGES, type AnalyzeResponse, type PreviousAnalysis } from '@archlens/contracts/analysis';
import { CommandClient, CommandTimeoutError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import type { StoredOriginal } from './originals.storage-engine.js';

/** The gateway's side of Design Language Analysis: the photos are stored; queue the job, answer. */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Sends the analysis job for photos already in object storage and waits for its answer.
   * @param userId the signed-in user
   * @param originals the stored photos (`ImageUploadInterceptor`), in upload order
   * @throws BadRequestException (no photos, spec §5 text); DomainError (the worker's refusal, e.g. 422
   *   for a photo that does not decode), NoWorkerError, ServiceUnavailableError, CommandTimeoutError,
   *   CommandFailedError from the queue. When the job never ran, the originals are removed here; when
   *   it ran and failed, the worker removed them; a job still running may yet record them (the sweep
   *   removes them if it does not).
   */
  async analyse(userId: string, originals: StoredOriginal[] | undefined): Promise<AnalyzeResponse> {
    if (!originals || originals.length === 0) throw new BadRequestException(ANALYSIS_MESSAGES.noImages);
    try {
      return await this.commands.request('analysis.analyse-images', {
        userId,
        images: originals.map((original) => ({ key: original.key, fileName: original.fileName })),
      });
    } catch (error) {
      // The job never ran: nothing will refer to the originals. (When it ran and failed, the worker
      // removed them before recording anything; a job still running may yet record them.)
      const neverRan =
        error instanceof NoWorkerError ||
        error instanceof ServiceUnavailableError ||
        (error instanceof CommandTimeoutError && error.neverStarted);
      if (neverRan) await this.storage.remove(originals.map((o) => o.key)).catch(() => undefined);
      throw error;
    }
  }

  /** The user's 3 most recent analyses, newest first (spec §9). */
  async listRecent(userId: string): Promise<PreviousAnalysis[]> {
    return this.commands.request('analysis.list-recent', { userId });
  }
}
