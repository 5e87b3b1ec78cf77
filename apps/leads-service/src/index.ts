import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { loadLeadsConfig } from './config.js';
import { LeadsServiceModule } from './leads-service.module.js';

/**
 * Starts leads-service (the `leads` queue and the `leads.events` subscription) for an environment:
 * what `main.ts` runs, and what the integration tests and the benchmark start through the package
 * entry point.
 * @throws Error listing every invalid variable; the database's, Redis's or the store's error when unreachable
 */
export function startLeadsService(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(LeadsServiceModule.forRoot(loadLeadsConfig(env)), { name: 'leads-service', ...options });
}

export { createLeadsDataSource, LEADS_SCHEMA } from './database/leads-data-source.js';
export { LEADS_EXPORT_PREFIX } from './export/leads-export.service.js';
