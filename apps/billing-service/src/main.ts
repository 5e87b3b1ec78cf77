import { startBillingService } from './index.js';

/** billing-service process: no HTTP, only its queue (ARCHITECTURE.md "Workers run without HTTP"); webhooks arrive through the gateway. */
startBillingService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
