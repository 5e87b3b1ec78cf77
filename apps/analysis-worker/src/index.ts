import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { AnalysisWorkerModule } from './analysis-worker.module.js';
import { loadAnalysisConfig } from './config.js';

/**
 * Starts the analysis-worker (the `analysis` queue) for an environment: what `main.ts` runs, and
 * what the integration tests start through the package entry point.
 * @throws Error listing every invalid variable; the database's, Redis's or the store's error when unreachable
 */
export function startAnalysisWorker(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(AnalysisWorkerModule.forRoot(loadAnalysisConfig(env)), { name: 'analysis-worker', ...options });
}

export { createAnalysisDataSource, ANALYSIS_SCHEMA } from './database/analysis-data-source.js';
export { ORIGINALS_PREFIX, SKETCHES_PREFIX } from './analysis/originals-sweep.service.js';
// The production engine adapters, for the tests that run them against loopback servers.
export { ANALYSIS_SYSTEM_PROMPT, createOpenAiClient, OpenAiVisionEngine } from './analysis/engines/openai-vision.engine.js';
export { OpenAiSketchEngine, SKETCH_SYSTEM_PROMPT } from './analysis/engines/openai-sketch.engine.js';
export { AnalysisEngineError, UndecodableImageError } from './analysis/engines/vision-engine.js';
// The offline engines, for tests that need real analysis text (the clipboard's compaction, the prompts).
export { OfflineVisionEngine } from './analysis/engines/offline-vision.engine.js';
export { OfflineSketchEngine } from './analysis/engines/offline-sketch.engine.js';
