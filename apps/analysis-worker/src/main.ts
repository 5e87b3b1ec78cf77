import { startAnalysisWorker } from './index.js';

/** analysis-worker process: no HTTP, only the `analysis` queue (ARCHITECTURE.md "Workers run without HTTP"). */
startAnalysisWorker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
