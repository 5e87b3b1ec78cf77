import { startLeadsService } from './index.js';

/** leads-service process: no HTTP, only its queues (ARCHITECTURE.md "Workers run without HTTP"). */
startLeadsService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
