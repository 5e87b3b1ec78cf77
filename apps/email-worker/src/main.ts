import { startEmailWorker } from './index.js';

/** email-worker process: no HTTP, only its queue. */
startEmailWorker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
