import { randomUUID } from 'node:crypto';
import { HttpException, Injectable } from '@nestjs/common';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, CommandFailedError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { ServerTiming } from './server-timing.js';
import { UploadRejectedError, validateImageUploads, type IncomingFile } from './upload-validation.js';

/**
 * The gateway's side of Design Language Analysis: validate, store originals, ask the analysis
 * worker, answer. Bad input and a missing worker store and queue nothing.
 */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @param userId the signed-in user
   * @param files the multipart `images` files
   * @param timing receives the marks `validate` (the files, with the worker check beside them),
   *   `store` (the originals to S3) and `analyse` (queue, worker, database)
   * @throws HttpException 4xx for refused uploads; NoWorkerError, CommandTimeoutError,
   *   CommandFailedError from the queue (mapped to 503, 504, 502)
   */
  async analyse(userId: string, files: IncomingFile[] | undefined, timing = new ServerTiming()): Promise<AnalyzeResponse> {
    // The worker check runs while the files are checked; a bad upload answers 4xx either way.
    const workerCheck = this.commands.assertWorkerAvailable(QUEUES.analysis);
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
    await Promise.all(images.map((image, i) => this.storage.put(imageKeys[i]!, image.buffer, image.mimeType)));
    timing.mark('store');
    try {
      const result = await this.commands.request('analysis.analyse-images', { userId, imageKeys }, { workerChecked: true });
      timing.mark('analyse');
      return result;
    } catch (error) {
      // The worker refused or failed: no analysis refers to these originals.
      if (error instanceof CommandFailedError) await this.storage.remove(imageKeys).catch(() => undefined);
      throw error;
    }
  }

  /** The user's 3 most recent analyses, newest first (spec §9). */
  async listRecent(userId: string): Promise<PreviousAnalysis[]> {
    return this.commands.request('analysis.list-recent', { userId });
  }
}
