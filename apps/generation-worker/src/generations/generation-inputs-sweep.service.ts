import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { sweepUnreferenced } from '@archlens/platform/unreferenced-sweep';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { holdLapsedAfterSeconds } from './credit-hold.js';
import { GenerationInputsStore } from './generation-inputs-store.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';
import { RenderedImageStore } from './rendered-image-store.js';

/** Where the gateway stores a generation's sketch and references (`GENERATION_INPUT_KEY_PATTERN`). */
export const GENERATION_INPUTS_PREFIX = 'generation-inputs/';
/**
 * Inputs older than this are candidates, in seconds: a day, as for analysis originals. A
 * generation's inputs are removed when it finishes; one waits at most its reply timeout (5 minutes)
 * plus a resumption after a worker died, so a day leaves every live upload alone. The inputs of a
 * generation failed for its lapsed reservation are removed at once, whatever their age.
 */
export const GENERATION_INPUTS_MAX_AGE_SECONDS = 24 * 3600;
/** How often the sweep runs, in ms (hourly). */
export const GENERATION_INPUTS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes uploaded generation inputs that nothing will read again. Every path the gateway and the
 * worker see removes a generation's inputs when it ends; what is left comes from a process that
 * died between storing the upload and queueing the job, or between finishing the job and removing
 * them, or a generation left pending by a worker that died and was not resumed. Such a generation
 * is failed once its credit reservation has expired (`holdLapsedAfterSeconds`: it could never be
 * captured, and billing's sweep has given the credits back), and its inputs and images go with it.
 */
@Injectable()
export class GenerationInputsSweepService {
  private readonly logger = new Logger('GenerationInputsSweep');

  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly storage: ObjectStorage,
    private readonly inputs: GenerationInputsStore,
    private readonly renders: RenderedImageStore,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  /**
   * Fails the generations pending past their reservation and removes their inputs and images, then
   * removes the inputs old enough that no pending generation refers to.
   * @param olderThanSeconds only objects last changed longer ago than this are candidates of the second step
   * @returns how many inputs were old enough (examined), how many of those were removed, and how
   *   many lapsed generations were failed
   * @throws the store's or the database's error (the scheduled job fails and runs again next time)
   */
  async sweep(olderThanSeconds: number): Promise<{ examined: number; removed: number; lapsed: number }> {
    const refusal = new DomainError('generation.failed');
    const lapsed = await this.jobs.failLapsed(holdLapsedAfterSeconds(this.config), {
      refusal: refusal.toReference(),
      message: refusal.message,
    });
    for (const job of lapsed) {
      await this.renders.removeAll(job.id);
      await this.inputs.remove(job.inputs);
    }
    if (lapsed.length > 0) this.logger.warn(`failed ${lapsed.length} generation(s) left pending past their credit reservation`);
    const result = await sweepUnreferenced(this.storage, {
      prefix: GENERATION_INPUTS_PREFIX,
      modifiedBefore: new Date(Date.now() - olderThanSeconds * 1000),
      referenced: (keys) => this.jobs.pendingInputKeys(keys),
    });
    if (result.removed > 0) this.logger.log(`removed ${result.removed} generation input(s) older than ${olderThanSeconds} s`);
    return { ...result, lapsed: lapsed.length };
  }
}
