import { describe, expect, it } from '@jest/globals';
import type { TextEngine } from '@archlens/contracts/capabilities';
import { LANDING_TEXTS } from './texts';

const analysisCopy = (engine: TextEngine) => LANDING_TEXTS.features(engine)[0].copy;

describe('the landing says who writes the analyses', () => {
  it('names an AI vision model only when one writes them', () => {
    expect(analysisCopy('openai')).toContain('read by an AI vision model');
    for (const engine of ['offline', 'unknown'] as const) {
      for (const feature of LANDING_TEXTS.features(engine)) expect(feature.copy).not.toMatch(/vision model|AI model/);
    }
  });

  it('describes the measuring engine plainly, in the terms of the texts it writes', () => {
    expect(analysisCopy('offline')).toBe(
      'Up to 10 images at a time, measured for proportion, order, palette and light and written up as design prose: an 88-word primary description, an expanded analysis and tags, in British English.',
    );
    expect(analysisCopy('offline')).not.toMatch(/pixel|algorithm|computer vision|edge/i);
  });

  it('claims neither while it is not known, and keeps the other cards whoever writes', () => {
    expect(analysisCopy('unknown')).toBe(
      'Up to 10 images at a time: an 88-word primary description, an expanded analysis and tags, in British English.',
    );
    expect(LANDING_TEXTS.features('openai').slice(1)).toEqual(LANDING_TEXTS.features('offline').slice(1));
  });
});

describe('the landing prices every plan in one currency', () => {
  it('shows Free as 0 SGD beside 49.99 SGD and 499 SGD, never $0', () => {
    expect(LANDING_TEXTS.plans.free.priceLabel).toBe('0 SGD');
    expect(LANDING_TEXTS.plans.monthly.priceLabel).toBe('49.99 SGD');
    expect(LANDING_TEXTS.plans.yearly.priceLabel).toBe('499 SGD');
  });
});
