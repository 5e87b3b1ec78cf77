import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers, ScheduledJob } from '@archlens/platform/worker-host';
import {
  GENERATION_INPUTS_MAX_AGE_SECONDS,
  GENERATION_INPUTS_SWEEP_EVERY_MS,
  GenerationInputsSweepService,
} from './generations/generation-inputs-sweep.service.js';
import { FreeRetryOffers } from './generations/free-retry.js';
import { GenerationHistoryService } from './generations/generation-history.service.js';
import { GenerationUserDataService } from './generations/generation-user-data.service.js';
import { GenerationService } from './generations/generation.service.js';
import { RecipeStore } from './generations/recipe-store.js';
import { configuredImageProviders, GENERATION_PROVIDERS_TOKEN, type GenerationProviders } from './providers/provider-registry.js';

/** The `generation` queue: generations and the hourly sweep of left-over inputs. */
@Injectable()
export class GenerationHandlers implements QueueHandlers<typeof QUEUES.generation> {
  readonly queue = QUEUES.generation;

  constructor(
    private readonly generations: GenerationService,
    private readonly inputsSweep: GenerationInputsSweepService,
  ) {}

  /**
   * `generation.generate` → `GenerationService.generate` (given the BullMQ job for its progress
   * reports), `generation.sweep-inputs` → `GenerationInputsSweepService.sweep`.
   */
  handlers(): JobHandlers<typeof QUEUES.generation> {
    return {
      // The BullMQ job carries the progress reports (`GET /api/generations/{jobId}/events`).
      'generation.generate': (data, job) => this.generations.generate(data, job),
      'generation.sweep-inputs': ({ olderThanSeconds }) => this.inputsSweep.sweep(olderThanSeconds),
    };
  }

  /**
   * Hourly: generations left pending past their credit reservation are failed (their inputs and
   * images removed), then uploaded inputs a day old that no pending generation refers to are removed.
   */
  schedules(): Array<ScheduledJob<typeof QUEUES.generation>> {
    return [
      {
        name: 'generation.sweep-inputs',
        everyMs: GENERATION_INPUTS_SWEEP_EVERY_MS,
        data: { olderThanSeconds: GENERATION_INPUTS_MAX_AGE_SECONDS },
      },
    ];
  }
}

/**
 * The `generation-lookup` queue: the history (Recent Activity), an image's download, a job's state
 * (the progress stream) and which image providers have a key, kept off `generation` so that they
 * never wait behind generations.
 */
@Injectable()
export class GenerationLookupHandlers implements QueueHandlers<typeof QUEUES.generationLookup> {
  readonly queue = QUEUES.generationLookup;

  constructor(
    private readonly history: GenerationHistoryService,
    private readonly recipes: RecipeStore,
    private readonly freeRetries: FreeRetryOffers,
    private readonly userData: GenerationUserDataService,
    @Inject(GENERATION_PROVIDERS_TOKEN) private readonly providers: GenerationProviders,
  ) {}

  /**
   * `generation.prepare-rerun` → `RecipeStore` (for Retry free, `FreeRetryOffers` first: refused
   * before anything is copied unless the generation offers it); `generation.list`, `generation.get-image`,
   * `generation.get-status`, `generation.get` and `generation.delete` →
   * `GenerationHistoryService` (`DomainError` `generation.not-found` for another user's job);
   * `generation.capabilities` → `configuredImageProviders`; `generation.delete-user` (account
   * deletion) → `GenerationUserDataService`.
   */
  handlers(): JobHandlers<typeof QUEUES.generationLookup> {
    return {
      'generation.list': ({ userId, limit }) => this.history.list(userId, limit),
      'generation.get-image': ({ userId, jobId, index }) => this.history.image(userId, jobId, index),
      'generation.get-status': ({ userId, jobId }) => this.history.status(userId, jobId),
      'generation.get': ({ userId, jobId }) => this.history.detail(userId, jobId),
      'generation.delete': ({ userId, jobId }) => this.history.delete(userId, jobId),
      'generation.export-items': ({ userId }) => this.history.exportAll(userId),
      'generation.delete-user': ({ userId }) => this.userData.deleteAllOf(userId),
      'generation.prepare-rerun': async ({ userId, jobId, freeRetry }) => {
        if (freeRetry) await this.freeRetries.assertOffered(userId, jobId);
        return this.recipes.prepareRerun(userId, jobId);
      },
      'generation.capabilities': async () => configuredImageProviders(this.providers),
    };
  }
}
