import { Logger } from '@nestjs/common';
import type { GenerationCapabilities } from '@archlens/contracts/capabilities';
import type { GenerationProvider } from '@archlens/contracts/generation';
import { openAiImageSettings, type GenerationConfig } from '../config.js';
import type { GenerationProviderAdapter } from './image-provider.js';
import { MidjourneyWorkflowProvider } from './midjourney-workflow.provider.js';
import { OpenAiImagesProvider } from './openai-images.provider.js';
import { SoraWorkflowProvider } from './sora-workflow.provider.js';
import { StabilitySketchProvider } from './stability-sketch.provider.js';

/** Every provider of spec §9 by name, as configured. */
export type GenerationProviders = Record<GenerationProvider, GenerationProviderAdapter>;

/** Injection token of the providers. */
export const GENERATION_PROVIDERS_TOKEN = Symbol('GENERATION_PROVIDERS');

/**
 * Builds the four providers from the configuration and says once, loudly, which image providers
 * are configured (a missing third-party key is announced at start, so an operator sees which run). OpenAI uses
 * `GENERATION_OPENAI_API_KEY` or else `OPENAI_API_KEY`; Stability AI `STABILITY_API_KEY`.
 */
export function createGenerationProviders(config: GenerationConfig, logger = new Logger('GenerationProviders')): GenerationProviders {
  const openAi = openAiImageSettings(config);
  const providers: GenerationProviders = {
    openai: new OpenAiImagesProvider(openAi, config.GENERATION_PROVIDER_TIMEOUT_MS),
    'stability-ai': new StabilitySketchProvider(
      { apiKey: config.STABILITY_API_KEY, apiBase: config.STABILITY_API_BASE },
      config.GENERATION_PROVIDER_TIMEOUT_MS,
    ),
    sora: new SoraWorkflowProvider(),
    midjourney: new MidjourneyWorkflowProvider(),
  };
  if (openAi.apiKey) {
    logger.log(`openai: images edit, model ${openAi.model}${openAi.baseURL ? ` at ${openAi.baseURL}` : ''}`);
  } else {
    logger.warn(
      '*** openai is NOT configured (no GENERATION_OPENAI_API_KEY or OPENAI_API_KEY): its generations answer 503 "not configured". ***',
    );
  }
  if (config.STABILITY_API_KEY) {
    logger.log(`stability-ai: sketch control at ${config.STABILITY_API_BASE}`);
  } else {
    logger.warn('*** stability-ai is NOT configured (no STABILITY_API_KEY): its generations answer 503 "not configured". ***');
  }
  logger.log(`sora and midjourney: prompt workflows, no key needed; provider timeout ${config.GENERATION_PROVIDER_TIMEOUT_MS} ms`);
  return providers;
}

/**
 * Which paid image providers can render on this worker (`generation.capabilities`, read by
 * `GET /api/capabilities`): each image provider's own `configured` flag, set from its key when
 * `createGenerationProviders` built it, so the answer is the rule that decides a 503 'not
 * configured', not a second reading of the environment.
 */
export function configuredImageProviders(providers: GenerationProviders): GenerationCapabilities {
  const configured = (name: keyof GenerationCapabilities) => {
    const provider = providers[name];
    return provider.kind === 'image' && provider.configured;
  };
  return { openai: configured('openai'), 'stability-ai': configured('stability-ai') };
}
