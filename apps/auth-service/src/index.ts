import type { INestApplicationContext } from '@nestjs/common';
import { startWorkerService } from '@archlens/platform/worker-host';
import { AuthModule } from './auth.module.js';
import { loadAuthConfig } from './config.js';

/**
 * Starts auth-service (the `auth` and `auth-lookup` queues) for an environment: what `main.ts`
 * runs, and what the integration tests start through the package entry point.
 * @throws Error listing every invalid variable; the database's or Redis's error when unreachable
 */
export function startAuthService(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: false | Array<'log' | 'error' | 'warn'> } = {},
): Promise<INestApplicationContext> {
  return startWorkerService(AuthModule.forRoot(loadAuthConfig(env)), { name: 'auth-service', ...options });
}

export { createAuthDataSource, AUTH_SCHEMA } from './database/auth-data-source.js';
