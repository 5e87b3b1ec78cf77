import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import type { AnalysisConfig } from '../../config.js';
import { OfflineSketchEngine } from './offline-sketch.engine.js';
import { OfflineVisionEngine } from './offline-vision.engine.js';
import { OpenAiSketchEngine } from './openai-sketch.engine.js';
import { createOpenAiClient, OpenAiVisionEngine } from './openai-vision.engine.js';
import type { SketchEngine } from './sketch-engine.js';
import type { VisionEngine } from './vision-engine.js';

/**
 * The one rule for every vision-text port: the OpenAI-compatible engine when `OPENAI_API_KEY` is
 * set, else the offline one, announced once and loudly so an operator sees which one runs.
 * @param what what the engine writes, for the log ("analyses", "sketch readings")
 * @param offlineMethod how the offline engine works, for the log
 */
function chooseEngine<E>(
  config: AnalysisConfig,
  what: string,
  offlineMethod: string,
  online: (client: OpenAI, model: string) => E,
  offline: () => E,
): E {
  const logger = new Logger('VisionEngine');
  if (config.OPENAI_API_KEY) {
    logger.log(
      `${what}: OpenAI-compatible engine, model ${config.OPENAI_VISION_MODEL}${config.OPENAI_BASE_URL ? ` at ${config.OPENAI_BASE_URL}` : ''}`,
    );
    return online(createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }), config.OPENAI_VISION_MODEL);
  }
  logger.warn(
    `*** OPENAI_API_KEY is not set: ${what} are written by the OFFLINE engine (${offlineMethod}), not by an AI model. Set OPENAI_API_KEY to use a vision model. ***`,
  );
  return offline();
}

/** The vision engine for Design Language Analysis. */
export function createVisionEngine(config: AnalysisConfig): VisionEngine {
  return chooseEngine<VisionEngine>(
    config,
    'analyses',
    'pixel features: palette, light, edges, symmetry',
    (client, model) => new OpenAiVisionEngine(client, model),
    () => new OfflineVisionEngine(),
  );
}

/** The sketch engine for Process Your Sketch. */
export function createSketchEngine(config: AnalysisConfig): SketchEngine {
  return chooseEngine<SketchEngine>(
    config,
    'sketch readings',
    'line statistics: density, orientation, straight runs, enclosed regions, convergence, symmetry',
    (client, model) => new OpenAiSketchEngine(client, model),
    () => new OfflineSketchEngine(),
  );
}
