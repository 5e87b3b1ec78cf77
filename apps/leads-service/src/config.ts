import { z } from 'zod';
import { databaseEnv, loadConfig, redisEnv, storageEnv, workerObservabilityEnv } from '@archlens/platform/config';

/** leads-service environment (README "Configuration"). */
export const leadsConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  /** CSV exports are written to the object store (`exports/leads/`), from where the gateway streams them. */
  ...storageEnv,
});
export type LeadsConfig = z.infer<typeof leadsConfigSchema>;

/** @throws Error listing every invalid variable */
export function loadLeadsConfig(env: NodeJS.ProcessEnv = process.env): LeadsConfig {
  return loadConfig(leadsConfigSchema, env);
}
