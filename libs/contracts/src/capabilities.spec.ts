import { describe, expect, it } from '@jest/globals';
import {
  analysisCapabilitiesResultSchema,
  capabilitiesResponseSchema,
  combineCapabilities,
  generationCapabilitiesResultSchema,
  isCompleteCapabilities,
} from './capabilities.js';
import { GENERATION_PROVIDERS } from './generation-options.js';
import { JOBS } from './queues.js';

const OFFLINE = { analysisEngine: 'offline', sketchReadingEngine: 'offline' } as const;
const NO_KEYS = { openai: false, 'stability-ai': false } as const;

describe('GET /api/capabilities answer', () => {
  it('takes each worker at its word when both answered', () => {
    const answer = combineCapabilities(
      { analysisEngine: 'openai', sketchReadingEngine: 'openai' },
      { openai: true, 'stability-ai': false },
    );
    expect(answer).toEqual({
      analysisEngine: 'openai',
      sketchReadingEngine: 'openai',
      imageProviders: { sora: true, openai: true, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: true,
    });
    expect(capabilitiesResponseSchema.parse(answer)).toEqual(answer);
    expect(isCompleteCapabilities(answer)).toBe(true);
    expect(isCompleteCapabilities(combineCapabilities(OFFLINE, NO_KEYS))).toBe(true);
  });

  it('claims no model and no paid provider for a worker that did not answer', () => {
    const noAnalysis = combineCapabilities(null, { openai: true, 'stability-ai': true });
    expect(noAnalysis).toMatchObject({ analysisEngine: 'unknown', sketchReadingEngine: 'unknown', imageProvidersChecked: true });
    expect(isCompleteCapabilities(noAnalysis)).toBe(false);

    const noGeneration = combineCapabilities({ analysisEngine: 'openai', sketchReadingEngine: 'offline' }, null);
    expect(noGeneration.imageProviders).toEqual({ sora: true, openai: false, 'stability-ai': false, midjourney: true });
    expect(noGeneration.imageProvidersChecked).toBe(false);
    expect(isCompleteCapabilities(noGeneration)).toBe(false);

    const neither = combineCapabilities(null, null);
    expect(capabilitiesResponseSchema.parse(neither)).toEqual(neither);
    expect(neither.analysisEngine).toBe('unknown');
  });

  it('lists every provider of spec §9, the prompt workflows always available', () => {
    const answer = combineCapabilities(OFFLINE, NO_KEYS);
    expect(Object.keys(answer.imageProviders).sort()).toEqual([...GENERATION_PROVIDERS].sort());
    expect(capabilitiesResponseSchema.safeParse({ ...answer, imageProviders: { ...answer.imageProviders, sora: false } }).success).toBe(
      false,
    );
    expect(
      capabilitiesResponseSchema.safeParse({ ...answer, imageProviders: { ...answer.imageProviders, midjourney: false } }).success,
    ).toBe(false);
  });

  it('refuses an engine it does not know and a missing field', () => {
    const answer = combineCapabilities(OFFLINE, NO_KEYS);
    expect(capabilitiesResponseSchema.safeParse({ ...answer, analysisEngine: 'gpt-4o' }).success).toBe(false);
    const { imageProvidersChecked: _dropped, ...partial } = answer;
    expect(capabilitiesResponseSchema.safeParse(partial).success).toBe(false);
  });
});

describe('the capability look-ups of the job catalogue', () => {
  it('asks each worker on its look-up queue, never behind analyses or generations', () => {
    expect(JOBS['analysis.capabilities'].queue).toBe('analysis-lookup');
    expect(JOBS['generation.capabilities'].queue).toBe('generation-lookup');
    expect(JOBS['analysis.capabilities'].data.parse({})).toEqual({});
  });

  it('takes only a known engine from analysis-worker and a flag per paid provider from generation-worker', () => {
    expect(analysisCapabilitiesResultSchema.safeParse({ analysisEngine: 'unknown', sketchReadingEngine: 'offline' }).success).toBe(false);
    expect(analysisCapabilitiesResultSchema.parse(OFFLINE)).toEqual(OFFLINE);
    expect(generationCapabilitiesResultSchema.safeParse({ openai: true }).success).toBe(false);
    expect(generationCapabilitiesResultSchema.parse(NO_KEYS)).toEqual(NO_KEYS);
  });
});
