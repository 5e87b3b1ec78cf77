import { Logger } from '@nestjs/common';
import type { AnalysisConfig } from '../../config.js';
import { OfflineVisionEngine } from './offline-vision.engine.js';
import { createOpenAiClient, OpenAiVisionEngine } from './openai-vision.engine.js';
import type { VisionEngine } from './vision-engine.js';

/**
 * Picks the vision engine from the configuration: OpenAI-compatible when `OPENAI_API_KEY` is set,
 * otherwise the offline pixel-feature engine, announced once and loudly (ARCHITECTURE.md).
 */
export function createVisionEngine(config: AnalysisConfig): VisionEngine {
  const logger = new Logger('VisionEngine');
  if (config.OPENAI_API_KEY) {
    logger.log(
      `OpenAI-compatible engine, model ${config.OPENAI_VISION_MODEL}${config.OPENAI_BASE_URL ? ` at ${config.OPENAI_BASE_URL}` : ''}`,
    );
    return new OpenAiVisionEngine(
      createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }),
      config.OPENAI_VISION_MODEL,
    );
  }
  logger.warn(
    '*** OPENAI_API_KEY is not set: analyses are written by the OFFLINE pixel-feature engine (palette, light, edges, symmetry), not by an AI model. Set OPENAI_API_KEY to use a vision model. ***',
  );
  return new OfflineVisionEngine();
}
