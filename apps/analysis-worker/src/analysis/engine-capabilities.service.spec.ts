import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { loadAnalysisConfig } from '../config.js';
import { EngineCapabilitiesService } from './engine-capabilities.service.js';
import { createSketchEngine, createVisionEngine } from './engines/vision-engine.factory.js';

/** What `analysis.capabilities` answers for a worker started with `env`: the engines its factory builds. */
function capabilitiesFor(env: NodeJS.ProcessEnv) {
  const config = loadAnalysisConfig(env);
  return new EngineCapabilitiesService(createVisionEngine(config), createSketchEngine(config)).describe();
}

describe('EngineCapabilitiesService (analysis.capabilities)', () => {
  // The factory announces its choice loudly; expected here.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']));

  it('says offline for both texts without OPENAI_API_KEY (unset or empty)', () => {
    expect(capabilitiesFor({})).toEqual({ analysisEngine: 'offline', sketchReadingEngine: 'offline' });
    expect(capabilitiesFor({ OPENAI_API_KEY: '' })).toEqual({ analysisEngine: 'offline', sketchReadingEngine: 'offline' });
  });

  it('says openai for both texts with a key, whatever the base URL', () => {
    expect(capabilitiesFor({ OPENAI_API_KEY: 'sk-test' })).toEqual({ analysisEngine: 'openai', sketchReadingEngine: 'openai' });
    expect(capabilitiesFor({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual({
      analysisEngine: 'openai',
      sketchReadingEngine: 'openai',
    });
  });
});
