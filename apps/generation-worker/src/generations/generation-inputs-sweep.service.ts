import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@archlens/platform/storage';
import { sweepUnreferenced } from '@archlens/platform/unreferenced-sweep';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/** Where the gateway stores a generation's sketch and references (`GENERATION_INPUT_KEY_PATTERN`). */
export const GENERATION_INPUTS_PREFIX = 'generation-inputs/';
/**
 * Inputs older than this are candidates, in seconds: a day, as for analysis originals. A
 * generation's inputs are removed when it finishes; one waits at most its reply timeout (5 minutes)
 * plus a resumption after a worker died, so a day leaves every live upload alone.
 */
export const GENERATION_INPUTS_MAX_AGE_SECONDS = 24 * 3600;
/** How often the sweep runs, in ms (hourly). */
export const GENERATION_INPUTS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes uploaded generation inputs that no pending generation refers to. Every path the gateway
 * and the worker see removes a generation's inputs when it ends; what is left comes from a process
 * that died between storing the upload and queueing the job, or between finishing the job and
 * removing them.
 */
@Injectable()
export class GenerationInputsSweepService {
  private readonly logger = new Logger('GenerationInputsSweep');

  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @param olderThanSeconds only objects last changed longer ago than this are candidates
   * @returns how many inputs were old enough (examined) and how many of those were removed
   * @throws the store's or the database's error (the scheduled job fails and runs again next time)
   */
  async sweep(olderThanSeconds: number): Promise<{ examined: number; removed: number }> {
    const result = await sweepUnreferenced(this.storage, {
      prefix: GENERATION_INPUTS_PREFIX,
      modifiedBefore: new Date(Date.now() - olderThanSeconds * 1000),
      referenced: (keys) => this.jobs.pendingInputKeys(keys),
    });
    if (result.removed > 0) this.logger.log(`removed ${result.removed} generation input(s) older than ${olderThanSeconds} s`);
    return result;
  }
}
