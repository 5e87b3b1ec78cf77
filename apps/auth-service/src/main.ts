import { startAuthService } from './index.js';

/** auth-service process: no HTTP, only its queues. */
startAuthService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
