import { z } from 'zod';
import { databaseEnv, loadConfig, optionalString, redisEnv, storageEnv, workerObservabilityEnv } from '@archlens/platform/config';

/** analysis-worker environment (README "Configuration"). */
export const analysisConfigSchema = z.object({
  ...databaseEnv,
  ...redisEnv,
  ...workerObservabilityEnv,
  ...storageEnv,
  /** When unset, the offline pixel-feature engine writes the text (the local stand-in for the model). */
  OPENAI_API_KEY: optionalString,
  /** Any OpenAI-compatible Chat Completions endpoint (Azure OpenAI, vLLM, Ollama, LM Studio). */
  OPENAI_BASE_URL: optionalString,
  /** Vision model; gpt-4o by default. */
  OPENAI_VISION_MODEL: z.string().min(1).default('gpt-4o'),
});
export type AnalysisConfig = z.infer<typeof analysisConfigSchema>;
export const ANALYSIS_CONFIG = Symbol('ANALYSIS_CONFIG');

/** @throws Error listing every invalid variable */
export function loadAnalysisConfig(env: NodeJS.ProcessEnv = process.env): AnalysisConfig {
  return loadConfig(analysisConfigSchema, env);
}
