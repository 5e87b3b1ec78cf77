import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { loadEmailConfig } from './config.js';
import { EmailWorkerModule } from './email-worker.module.js';

/**
 * Starts the email-worker (the `email` queue) for an environment: what `main.ts` runs, and what
 * the integration tests start through the package entry point.
 * @throws Error listing every invalid variable; the database's, Redis's or the store's error when unreachable
 */
export function startEmailWorker(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(EmailWorkerModule.forRoot(loadEmailConfig(env)), { name: 'email-worker', ...options });
}

export { createEmailDataSource, EMAIL_SCHEMA } from './database/email-data-source.js';
