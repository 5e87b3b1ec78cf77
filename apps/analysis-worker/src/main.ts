import { startAnalysisWorker } from './index.js';

/** analysis-worker process: no HTTP, only its queues (`analysis`, `analysis-lookup`). */
startAnalysisWorker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
