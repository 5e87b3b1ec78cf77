import { Module, type DynamicModule } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import { workerServiceModule } from '@archlens/platform/worker-host';
import { GENERATION_CONFIG, type GenerationConfig } from './config.js';
import { GENERATION_ENTITIES, GENERATION_MIGRATIONS, GENERATION_SCHEMA } from './database/generation-data-source.js';
import { GenerationHandlers, GenerationLookupHandlers } from './generation.handlers.js';
import { GenerationInputsSweepService } from './generations/generation-inputs-sweep.service.js';
import { GenerationHistoryService } from './generations/generation-history.service.js';
import { GenerationUserDataService } from './generations/generation-user-data.service.js';
import { CreditHold } from './generations/credit-hold.js';
import { FreeRetryOffers } from './generations/free-retry.js';
import { GenerationImagesRepository } from './generations/generation-images.repository.js';
import { GenerationInputsStore } from './generations/generation-inputs-store.js';
import { GenerationJobsRepository } from './generations/generation-jobs.repository.js';
import { LibraryBacklogService } from './generations/library-backlog.service.js';
import { RecipeStore } from './generations/recipe-store.js';
import { GenerationService } from './generations/generation.service.js';
import { RenderedImageStore } from './generations/rendered-image-store.js';
import { createGenerationProviders, GENERATION_PROVIDERS_TOKEN } from './providers/provider-registry.js';

/**
 * generation-worker: owns the `generation` schema (generation jobs and their images) and answers
 * the `generation` and `generation-lookup` queues. Many copies may run; each generation is
 * idempotent on its job id.
 */
@Module({})
export class GenerationWorkerModule {
  /** The service for one configuration, on the shared worker host. */
  static forRoot(config: GenerationConfig): DynamicModule {
    return workerServiceModule(GenerationWorkerModule, {
      name: 'generation-worker',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: GENERATION_SCHEMA, entities: GENERATION_ENTITIES, migrations: GENERATION_MIGRATIONS },
      storage: config,
      providers: [
        { provide: GENERATION_CONFIG, useValue: config },
        { provide: GENERATION_PROVIDERS_TOKEN, useFactory: () => createGenerationProviders(config) },
        GenerationJobsRepository,
        GenerationImagesRepository,
        CreditHold,
        GenerationInputsStore,
        RenderedImageStore,
        GenerationService,
        GenerationHistoryService,
        GenerationUserDataService,
        GenerationInputsSweepService,
        RecipeStore,
        FreeRetryOffers,
        LibraryBacklogService,
      ],
      handlers: [GenerationHandlers, GenerationLookupHandlers],
      // Only when set: else `JOB_LOCK_DURATION_MS`, else the queue's own `QUEUE_SETTINGS` lock.
      workerOverrides:
        config.GENERATION_LOCK_DURATION_MS === undefined
          ? {}
          : { [QUEUES.generation]: { lockDurationMs: config.GENERATION_LOCK_DURATION_MS } },
    });
  }
}
