import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { QUEUE_SETTINGS } from '@archlens/contracts/queues';
import { loadConfig, redisEnv, storageEnv } from '@archlens/platform/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/** gateway environment (README "Configuration"). */
export const gatewayConfigSchema = z.object({
  ...redisEnv,
  ...storageEnv,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where the built SPA lives; served with client-side routes falling back to index.html. */
  FRONTEND_DIST: z.string().default(path.resolve(here, '../../frontend/dist')),
  /** Session lifetime in seconds, renewed on each request (default 7 days). */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  /** How long `POST /api/analyze` waits for the analysis worker before answering 504, in ms. */
  ANALYSIS_REPLY_TIMEOUT_MS: z.coerce.number().int().min(100).default(QUEUE_SETTINGS.analysis.replyTimeoutMs),
  /** Express "trust proxy": set when TLS ends at a proxy, so cookies get the Secure flag. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** @throws Error listing every invalid variable */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
