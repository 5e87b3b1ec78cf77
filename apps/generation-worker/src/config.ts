import { z } from 'zod';
import { QUEUE_SETTINGS } from '@archlens/contracts/queues';
import {
  databaseEnv,
  loadConfig,
  optionalString,
  redisEnv,
  storageEnv,
  unsetWhenEmpty,
  workerObservabilityEnv,
} from '@archlens/platform/config';
import { jobLockOverride } from '@archlens/platform/graceful-shutdown';

/** Stability AI's API origin (the sketch-control endpoint lives under it). */
export const DEFAULT_STABILITY_API_BASE = 'https://api.stability.ai';

/**
 * generation-worker environment (README "Configuration"). The keys are secrets: read
 * here, never logged. With no key, `openai` or `stability-ai` answers 503 'not configured' and
 * nothing is charged; `sora` and `midjourney` need no key.
 */
export const generationConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  ...storageEnv,
  /** OpenAI key for image generation only; unset falls back to `OPENAI_API_KEY`. Sensitive. */
  GENERATION_OPENAI_API_KEY: optionalString,
  /** The analysis worker's OpenAI key, used for images too when `GENERATION_OPENAI_API_KEY` is unset. Sensitive. */
  OPENAI_API_KEY: optionalString,
  /** Another OpenAI API base for images (`http://127.0.0.1:PORT/v1` for a loopback stand-in); unset falls back to `OPENAI_BASE_URL`. */
  GENERATION_OPENAI_BASE_URL: optionalString.pipe(z.string().url().optional()),
  /** The analysis worker's OpenAI base URL, used for images too when `GENERATION_OPENAI_BASE_URL` is unset. */
  OPENAI_BASE_URL: optionalString.pipe(z.string().url().optional()),
  /** Images edit model (a `gpt-image-1` class model by default). */
  GENERATION_OPENAI_MODEL: z.string().trim().min(1).default('gpt-image-1'),
  /** Stability AI key; unset switches `stability-ai` off (503 'not configured'). Sensitive. */
  STABILITY_API_KEY: optionalString,
  /** Stability AI's API origin (a loopback stand-in in tests). */
  STABILITY_API_BASE: z
    .string()
    .url()
    .default(DEFAULT_STABILITY_API_BASE)
    .transform((v) => v.replace(/\/+$/, '')),
  /** How long one provider call may take before it is abandoned and the generation fails (502), in ms. */
  GENERATION_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(180_000),
  /**
   * How long a worker holds a generation's lock, in ms. Unset (or empty): `JOB_LOCK_DURATION_MS`
   * when that is set, else `QUEUE_SETTINGS.generation.lockDurationMs` (30 s); see
   * `generationLockDurationMs`. A worker that dies mid-job loses the lock after this, and another
   * copy takes the job again (resuming it: images already stored are not asked for again). Short
   * values are for tests; the lock is renewed every half of it while a job runs.
   */
  GENERATION_LOCK_DURATION_MS: unsetWhenEmpty(z.coerce.number().int().min(500)),
  /**
   * How many times the worker asks billing to capture a generation's credits once its images are
   * stored, while billing does not answer (1 to 10). Past the last, the credits are released and the
   * generation fails without its images (`CreditHold.settle`).
   */
  GENERATION_CAPTURE_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  /** Wait before the second capture attempt, in ms, doubled before each later one (1 s, 2 s, 4 s by default). */
  GENERATION_CAPTURE_RETRY_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
});
export type GenerationConfig = z.infer<typeof generationConfigSchema>;

/** Injection token of the service's configuration. */
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

/** @throws Error listing every invalid variable */
export function loadGenerationConfig(env: NodeJS.ProcessEnv = process.env): GenerationConfig {
  return loadConfig(generationConfigSchema, env);
}

/**
 * The generation queue's lock duration in effect, in ms: `GENERATION_LOCK_DURATION_MS`, else
 * `JOB_LOCK_DURATION_MS` (the lock of every queue of the service), else the queue's own
 * `QUEUE_SETTINGS.generation.lockDurationMs`.
 * @throws Error naming `JOB_LOCK_DURATION_MS` when that is set to something invalid
 */
export function generationLockDurationMs(config: GenerationConfig, env: NodeJS.ProcessEnv = process.env): number {
  return config.GENERATION_LOCK_DURATION_MS ?? jobLockOverride(env).lockDurationMs ?? QUEUE_SETTINGS.generation.lockDurationMs;
}

/** The OpenAI key and base URL for image generation: the `GENERATION_` ones, else the shared `OPENAI_` ones. */
export function openAiImageSettings(config: GenerationConfig): { apiKey?: string; baseURL?: string; model: string } {
  return {
    apiKey: config.GENERATION_OPENAI_API_KEY ?? config.OPENAI_API_KEY,
    baseURL: config.GENERATION_OPENAI_BASE_URL ?? config.OPENAI_BASE_URL,
    model: config.GENERATION_OPENAI_MODEL,
  };
}
