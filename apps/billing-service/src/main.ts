import { startBillingService } from './index.js';

/** billing-service process: no HTTP, only its queue; webhooks arrive through the gateway. */
startBillingService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
