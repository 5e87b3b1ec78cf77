import { z } from 'zod';
import { databaseEnv, loadConfig, redisEnv } from '@archlens/platform/config';

/** auth-service environment (README "Configuration"). */
export const authConfigSchema = z.object({ ...databaseEnv, ...redisEnv });
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/** @throws Error listing every invalid variable */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
