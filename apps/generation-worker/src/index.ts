import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { loadGenerationConfig } from './config.js';
import { GenerationWorkerModule } from './generation-worker.module.js';

/**
 * Starts generation-worker (the `generation` queue) for an environment: what `main.ts` runs, and
 * what the integration tests and the benchmark start through the package entry point.
 * @throws Error listing every invalid variable; the database's or Redis's error when unreachable
 */
export function startGenerationWorker(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(GenerationWorkerModule.forRoot(loadGenerationConfig(env)), { name: 'generation-worker', ...options });
}

export { createGenerationDataSource, GENERATION_SCHEMA } from './database/generation-data-source.js';
// The prompt-writing providers and the image requests' parameters, for the tests of what reaches a model.
export { SoraWorkflowProvider } from './providers/sora-workflow.provider.js';
export { MidjourneyWorkflowProvider } from './providers/midjourney-workflow.provider.js';
export { openAiEditParameters } from './providers/openai-images.provider.js';
export { STABILITY_NEGATIVE_PROMPT } from './providers/stability-sketch.provider.js';
