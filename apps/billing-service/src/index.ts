import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { BillingServiceModule } from './billing-service.module.js';
import { loadBillingConfig } from './config.js';

/**
 * Starts billing-service (the `billing` queue and its expiry schedule) for an environment: what
 * `main.ts` runs, and what the integration tests and the benchmark start through the package entry point.
 * @throws Error listing every invalid variable; the database's or Redis's error when unreachable
 */
export function startBillingService(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(BillingServiceModule.forRoot(loadBillingConfig(env)), { name: 'billing-service', ...options });
}

export { BILLING_SCHEMA, createBillingDataSource } from './database/billing-data-source.js';
