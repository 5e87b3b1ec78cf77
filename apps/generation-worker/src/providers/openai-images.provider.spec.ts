import { describe, expect, it } from '@jest/globals';
import { ASPECT_RATIOS, GENERATION_DEFAULTS, type GenerationOptions } from '@archlens/contracts/generation';
import { ProviderError, trimProviderMessage } from './image-provider.js';
import { openAiEditParameters, openAiImageSize, openAiInputFidelity, openAiQuality } from './openai-images.provider.js';

const options = (overrides: Partial<GenerationOptions> = {}): GenerationOptions => ({
  ...GENERATION_DEFAULTS,
  styleDescription: 'Warm brick and timber',
  sketchDescription: '',
  ...overrides,
});

describe('OpenAI images edit parameters', () => {
  it('takes the size closest to the aspect ratio among 1536x1024, 1024x1024 and 1024x1536', () => {
    expect(Object.fromEntries(ASPECT_RATIOS.map((ratio) => [ratio, openAiImageSize(ratio)]))).toEqual({
      '16:9': '1536x1024',
      '3:2': '1536x1024',
      '1:1': '1024x1024',
      A4_portrait: '1024x1536',
    });
  });

  it('asks for high input fidelity from 80 % sketch influence (very high adherence), low below', () => {
    expect([0, 50, 75, 80, 95, 100].map(openAiInputFidelity)).toEqual(['low', 'low', 'low', 'high', 'high', 'high']);
  });

  it('maps the detail level to the quality', () => {
    expect(['low', 'medium', 'high'].map((d) => openAiQuality(d as GenerationOptions['detailLevel']))).toEqual(['low', 'medium', 'high']);
  });

  it('builds the request with the model, the prompt, n and JPEG output; DALL·E gets no output_format', () => {
    expect(
      openAiEditParameters('gpt-image-1', options({ aspectRatio: 'A4_portrait', sketchInfluence: 85, detailLevel: 'high' }), 'p', 3),
    ).toEqual({
      model: 'gpt-image-1',
      prompt: 'p',
      n: 3,
      size: '1024x1536',
      quality: 'high',
      input_fidelity: 'high',
      output_format: 'jpeg',
    });
    expect(openAiEditParameters('dall-e-2', options(), 'p', 1)).not.toHaveProperty('output_format');
  });
});

describe('provider messages', () => {
  it('are one trimmed line of at most 500 characters', () => {
    expect(trimProviderMessage('  Your request was\n rejected   by the safety system. ')).toBe(
      'Your request was rejected by the safety system.',
    );
    const long = new ProviderError('x'.repeat(800));
    expect(long.message).toHaveLength(500);
    expect(long.message.endsWith('…')).toBe(true);
  });
});
