import { startEmailWorker } from './index.js';

/** email-worker process: no HTTP, only its queue (ARCHITECTURE.md "Workers run without HTTP"). */
startEmailWorker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
