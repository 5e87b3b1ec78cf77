import { describe, expect, it } from '@jest/globals';
import { loadGenerationConfig } from '../config.js';
import { configuredImageProviders, createGenerationProviders } from './provider-registry.js';

/** A logger that keeps quiet: the registry announces every missing key, which is expected here. */
const quiet = { log: () => undefined, warn: () => undefined } as unknown as Parameters<typeof createGenerationProviders>[1];

/** What `generation.capabilities` answers for a worker started with `env`. */
const capabilitiesFor = (env: NodeJS.ProcessEnv) => configuredImageProviders(createGenerationProviders(loadGenerationConfig(env), quiet));

describe('configuredImageProviders (generation.capabilities)', () => {
  it('reports neither paid provider without keys', () => {
    expect(capabilitiesFor({})).toEqual({ openai: false, 'stability-ai': false });
    expect(capabilitiesFor({ GENERATION_OPENAI_API_KEY: '', STABILITY_API_KEY: '' })).toEqual({ openai: false, 'stability-ai': false });
  });

  it('reports openai with its own key or the analysis key it falls back to, and stability-ai with its key', () => {
    expect(capabilitiesFor({ GENERATION_OPENAI_API_KEY: 'sk-images' })).toEqual({ openai: true, 'stability-ai': false });
    expect(capabilitiesFor({ OPENAI_API_KEY: 'sk-vision' })).toEqual({ openai: true, 'stability-ai': false });
    expect(capabilitiesFor({ STABILITY_API_KEY: 'sk-stability' })).toEqual({ openai: false, 'stability-ai': true });
  });
});
