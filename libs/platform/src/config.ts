import { z } from 'zod';

/**
 * Parses and validates an app's environment at boot.
 *
 * @param schema zod object schema whose keys are environment variable names, with defaults
 * @param env the environment to read, `process.env` by default
 * @returns the parsed, typed configuration
 * @throws Error listing every invalid or missing variable, one per line, so the app fails fast
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

/** `REDIS_URL`, default the machine's Redis on 127.0.0.1:6379. */
export const redisEnv = {
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
};

/** `DATABASE_URL`, default the machine's PostgreSQL (trust auth) and the `archlens` database. */
export const databaseEnv = {
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/archlens'),
};

/** `S3_*`: the object store (MinIO, any S3, or the local S3-compatible server started by `npm start`). */
export const storageEnv = {
  S3_ENDPOINT: z.string().url().default('http://127.0.0.1:9000'),
  S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
  S3_BUCKET: z.string().min(3).default('archlens'),
  S3_REGION: z.string().min(1).default('us-east-1'),
};

/**
 * An optional variable whose empty value (`VAR=`, as compose's `${VAR:-}` passes it) counts as
 * unset: `schema` checks any other value. Whitespace-only counts as empty too.
 * @param schema the variable's schema, e.g. `z.coerce.number().int().min(500)`
 * @returns the schema, optional, with empty values read as `undefined`
 */
export function unsetWhenEmpty<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

/** Optional string variable: an empty value counts as unset. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * `HEALTH_PORT` of a worker service: where its `/health/live`, `/health/ready`
 * and `/metrics` listen. Unset or empty: no health server (the in-process test stacks); 0: a port
 * the OS picks, logged at start (`npm start` gives each worker process its own); the container
 * image sets 9090.
 */
export const healthPortEnv = {
  HEALTH_PORT: unsetWhenEmpty(z.coerce.number().int().min(0).max(65535)),
};

/** The levels `LOG_LEVEL` accepts (pino's), `silent` turning logging off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * `LOG_LEVEL`: unset means "the app's own default" (info, or the levels the
 * caller passed, e.g. the test harness's `['error']`); set, it wins over both.
 */
export const loggingEnv = {
  LOG_LEVEL: unsetWhenEmpty(z.enum(LOG_LEVELS)),
};

/**
 * `METRICS_TOKEN`: the bearer token a worker's `/metrics` requires (at least 16 characters,
 * sensitive); unset, `/metrics` answers scrapes on a loopback address only (`mayReadMetrics`).
 */
export const metricsTokenEnv = {
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16)),
};

/** What every worker service reads for its health server and logs: `HEALTH_PORT`, `METRICS_TOKEN`, `LOG_LEVEL`. */
export const workerObservabilityEnv = { ...healthPortEnv, ...metricsTokenEnv, ...loggingEnv };
