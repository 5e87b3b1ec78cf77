import { KeepGenerationRecipes1800000000000 } from './migrations/1800000000000-keep-generation-recipes.js';
import { createServiceDataSource } from '@archlens/platform/database';
import { GenerationImageEntity } from '../generations/generation-image.entity.js';
import { GenerationJobEntity } from '../generations/generation-job.entity.js';
import { CreateGenerations1796400000000 } from './migrations/1796400000000-create-generations.js';
import { StoreGenerationErrorCodes1797000000000 } from './migrations/1797000000000-store-generation-error-codes.js';
import { LibraryBacklog1800000000100 } from './migrations/1800000000100-library-backlog.js';
import { StoreSketchFidelity1800000000200 } from './migrations/1800000000200-store-sketch-fidelity.js';
import { StoreFidelityOverlays1800000000350 } from './migrations/1800000000350-store-fidelity-overlays.js';
import { FreeRetries1800000000400 } from './migrations/1800000000400-free-retries.js';
import { KeepSourceAnalysis1800000000450 } from './migrations/1800000000450-keep-source-analysis.js';

/** The schema generation-worker owns: no other service reads or writes it. */
export const GENERATION_SCHEMA = 'generation';
/** generation-worker's entities. */
export const GENERATION_ENTITIES = [GenerationJobEntity, GenerationImageEntity];
/** generation-worker's reviewed migrations, in order. */
export const GENERATION_MIGRATIONS = [
  CreateGenerations1796400000000,
  StoreGenerationErrorCodes1797000000000,
  KeepGenerationRecipes1800000000000,
  LibraryBacklog1800000000100,
  StoreSketchFidelity1800000000200,
  StoreFidelityOverlays1800000000350,
  FreeRetries1800000000400,
  KeepSourceAnalysis1800000000450,
];

/** generation-worker's TypeORM data source (for tools and tests; the service builds its own through the worker host). */
export function createGenerationDataSource(databaseUrl: string) {
  return createServiceDataSource({
    url: databaseUrl,
    schema: GENERATION_SCHEMA,
    entities: GENERATION_ENTITIES,
    migrations: GENERATION_MIGRATIONS,
  });
}
