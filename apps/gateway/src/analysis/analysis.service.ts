import { randomUUID } from 'node:crypto';
import { HttpException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, CommandTimeoutError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { StoredObjectSignals } from '@archlens/platform/stored-objects';
import { ServerTiming } from './server-timing.js';
import { UploadRejectedError, validateImageUploads, type IncomingFile, type ValidatedImage } from './upload-validation.js';

/** The gateway's answer when an original could not be stored (503: the store may come back). */
export const STORE_FAILED_MESSAGE = 'Your photos could not be stored just now. Please try again in a moment.';

/**
 * The gateway's side of Design Language Analysis: validate, send the job, store the originals,
 * answer. Bad input and a missing worker store and queue nothing.
 */
@Injectable()
export class AnalysisService {
  private readonly logger = new Logger('AnalysisService');

  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
    private readonly storedSignals: StoredObjectSignals,
  ) {}

  /**
   * @param userId the signed-in user
   * @param files the multipart `images` files
   * @param timing receives the marks `validate` (the files), `store` (the originals to S3, while the
   *   job is sent) and `analyse` (worker and database, after the last original is stored)
   * @param workerCheck the check that an analysis worker runs, when the caller started it already
   *   (`WorkerCheckInterceptor`, as the upload began); otherwise it starts here, beside the file checks
   * @throws HttpException 4xx for refused uploads, 503 `STORE_FAILED_MESSAGE` when an original
   *   could not be stored (none is kept); NoWorkerError, CommandTimeoutError, CommandFailedError
   *   from the queue (mapped to 503, 504, 502; the originals are removed, except after a timeout)
   */
  async analyse(
    userId: string,
    files: IncomingFile[] | undefined,
    timing = new ServerTiming(),
    workerCheck = this.commands.assertWorkerAvailable(QUEUES.analysis),
  ): Promise<AnalyzeResponse> {
    // A bad upload answers 4xx whatever the worker check says; nothing is stored or queued before both.
    workerCheck.catch(() => undefined);
    let images;
    try {
      images = await validateImageUploads(files);
    } catch (error) {
      if (error instanceof UploadRejectedError) throw new HttpException(error.message, error.status);
      throw error;
    }
    timing.mark('validate');
    await workerCheck;
    const imageKeys = images.map((image) => `uploads/${userId}/${randomUUID()}.${image.extension}`);
    // The job goes out now and the originals are stored while it travels: the worker reads each
    // original once it is signalled stored (StoredObjectSignals) and measures it while the next one
    // is stored (`storeSmallestFirst`).
    const reply = this.commands.request('analysis.analyse-images', { userId, imageKeys }, { workerChecked: true });
    reply.catch(() => undefined);
    const stored = await this.storeSmallestFirst(images, imageKeys);
    timing.mark('store');
    if (!stored) {
      // Every original not stored was signalled 'failed': the worker fails the job at once (or when
      // its wait ends, if Redis lost a signal) and reads nothing more; no analysis will refer to the
      // originals that did land.
      await this.storage.remove(imageKeys).catch(() => undefined);
      throw new ServiceUnavailableException(STORE_FAILED_MESSAGE);
    }
    try {
      const result = await reply;
      timing.mark('analyse');
      return result;
    } catch (error) {
      // The job failed or never went out: no analysis refers to these originals. After a timeout
      // the worker may still finish and record them, so they stay.
      if (!(error instanceof CommandTimeoutError)) await this.storage.remove(imageKeys).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Stores the originals one at a time, smallest first, signalling each key to the worker.
   *
   * Why in this order: the engine measures the photos one by one as they arrive, so what it waits
   * for is the first photo. Uploads running side by side share the store's throughput and each
   * finishes later; one at a time, the smallest photo is in storage soonest, and each later one is
   * stored while the engine measures those before it (a photo takes the offline engine longer to
   * measure than the store takes to take the next). With a local s3rver and a 3.8 MB photo beside two
   * small ones, the first photo reached the worker about 10 ms sooner than with all three uploads
   * at once (README "Benchmark"). Against a distant store this adds one round trip per further photo
   * to the total, which an AI engine, reading all photos in one request of several seconds, absorbs.
   * @returns true when every original is stored; false when one failed, after signalling 'failed'
   *   for it and for every original after it (none of those was sent)
   */
  private async storeSmallestFirst(images: ValidatedImage[], keys: string[]): Promise<boolean> {
    const order = images.map((_, i) => i).sort((a, b) => images[a]!.size - images[b]!.size);
    for (const [position, i] of order.entries()) {
      try {
        await this.store(keys[i]!, images[i]!.chunks, images[i]!.mimeType);
      } catch {
        const notSent = order.slice(position + 1).map((j) => keys[j]!);
        await Promise.all(notSent.map((key) => this.storedSignals.signal(key, 'failed'))).catch(() => undefined);
        return false;
      }
    }
    return true;
  }

  /**
   * Stores one original and signals the worker either way.
   * @throws the storage error (after the 'failed' signal), or Redis's when the 'stored' signal is lost
   */
  private async store(key: string, body: readonly Buffer[], mimeType: string): Promise<void> {
    try {
      await this.storage.put(key, body, mimeType);
    } catch (error) {
      this.logger.warn(`storing ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.storedSignals.signal(key, 'failed').catch(() => undefined);
      throw error;
    }
    await this.storedSignals.signal(key, 'stored');
  }

  /** The user's 3 most recent analyses, newest first (spec §9). */
  async listRecent(userId: string): Promise<PreviousAnalysis[]> {
    return this.commands.request('analysis.list-recent', { userId });
  }
}
