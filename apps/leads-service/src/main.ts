import { startLeadsService } from './index.js';

/** leads-service process: no HTTP, only its queues. */
startLeadsService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
