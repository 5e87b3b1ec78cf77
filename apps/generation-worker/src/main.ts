import { startGenerationWorker } from './index.js';

/** generation-worker process: no HTTP, only its queues; scale it with more copies. */
startGenerationWorker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
