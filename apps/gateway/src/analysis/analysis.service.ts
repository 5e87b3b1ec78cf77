import { BadRequestException, Injectable } from '@nestjs/common';
import { ANALYSIS_MESSAGES, type AnalyzeResponse, type PreviousAnalysis } from '@archlens/contracts/analysis';
import { CommandClient, CommandTimeoutError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { SKETCH_MESSAGES, type AnalyzeSketchResponse } from '@archlens/contracts/sketch';
import { ObjectStorage } from '@archlens/platform/storage';
import type { StoredOriginal } from '../uploads/originals.storage-engine.js';

/** A job's view of stored originals: the key and the name the user gave each. */
function jobImages(originals: StoredOriginal[]): Array<{ key: string; fileName: string }> {
  return originals.map((original) => ({ key: original.key, fileName: original.fileName }));
}

/**
 * The gateway's side of Design Language Analysis and Process Your Sketch: the files are stored;
 * queue the job, answer.
 */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Sends the analysis job for photos already in object storage and waits for its answer.
   * @param userId the signed-in user
   * @param originals the stored photos (`PhotoUploadInterceptor`), in upload order
   * @throws BadRequestException (no photos, spec §5 text); the job's errors (`requestForOriginals`)
   */
  async analyse(userId: string, originals: StoredOriginal[] | undefined): Promise<AnalyzeResponse> {
    if (!originals || originals.length === 0) throw new BadRequestException(ANALYSIS_MESSAGES.noImages);
    return this.requestForOriginals(originals, () =>
      this.commands.request('analysis.analyse-images', { userId, images: jobImages(originals) }),
    );
  }

  /**
   * Sends the sketch-reading job for sketches already in object storage and waits for its answer.
   * @param userId the signed-in user
   * @param sketches the stored sketches (`SketchUploadInterceptor`), in field order
   * @throws BadRequestException (no sketches, spec §5 text); the job's errors (`requestForOriginals`)
   */
  async readSketches(userId: string, sketches: StoredOriginal[] | undefined): Promise<AnalyzeSketchResponse> {
    if (!sketches || sketches.length === 0) throw new BadRequestException(SKETCH_MESSAGES.noImages);
    return this.requestForOriginals(sketches, () =>
      this.commands.request('analysis.read-sketches', { userId, images: jobImages(sketches) }),
    );
  }

  /**
   * Runs the job for stored originals and removes them when the job never ran.
   * @throws DomainError (the worker's refusal, e.g. `analysis.image-undecodable` for a file that does not decode),
   *   NoWorkerError, ServiceUnavailableError, CommandTimeoutError, CommandFailedError from the
   *   queue. When the job never ran, the originals are removed here; when it ran and failed, the
   *   worker removed them; a job still running may yet record them (the sweep removes them if it
   *   does not).
   */
  private async requestForOriginals<T>(originals: StoredOriginal[], request: () => Promise<T>): Promise<T> {
    try {
      return await request();
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
