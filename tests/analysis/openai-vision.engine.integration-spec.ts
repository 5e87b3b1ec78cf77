import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRIMARY_DESCRIPTION_WORDS } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.server.js';
import { ANALYSIS_SYSTEM_PROMPT, AnalysisEngineError, createOpenAiClient, OpenAiVisionEngine } from '@archlens/analysis-worker';

const photos = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/photos');
const three = ['mit-media-lab.jpg', 'tours-cathedral-gothic.jpg', 'havana-cathedral-baroque.jpg'].map((n) =>
  readFileSync(path.join(photos, n)),
);

/** A primary description of exactly `n` words, in American spelling, as a model might write it. */
function description(n: number): string {
  const vocabulary =
    'The facade stacks pale color bands around a center court while gray aluminum fins modulate light across the storefront and the modeled stone base'.split(
      ' ',
    );
  return Array.from({ length: n }, (_, i) => vocabulary[i % vocabulary.length]).join(' ');
}

function answer(words: number): string {
  return JSON.stringify({
    primaryDescription: description(words),
    expandedDescription: [
      '## Massing and Form',
      'A stacked volume.',
      '## Materials and Palette',
      'Gray aluminum and stone color.',
      '## Light and Atmosphere',
      'Even light.',
      '## Detailing and Rhythm',
      'Regular fins.',
    ].join('\n\n'),
    tags: ['Stacked Massing', 'gray aluminum', 'fins', 'stone base', 'center court', 'stone base'],
  });
}

describe('OpenAiVisionEngine against a loopback Chat Completions server', () => {
  let fake: FakeChatCompletions | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('sends the model, downscaled JPEG data URLs and the JSON schema, and repairs 87 words to 88', async () => {
    fake = await startFakeChatCompletions([answer(87), answer(88)]);
    const engine = new OpenAiVisionEngine(createOpenAiClient({ apiKey: 'sk-test-key', baseURL: fake.baseURL }), 'gpt-4o-test');
    const result = await engine.analyse(three);

    expect(fake.requests).toHaveLength(2);
    const first = fake.requests[0];
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.authorization).toBe('Bearer sk-test-key');
    expect(first.body.model).toBe('gpt-4o-test');
    expect(first.body.response_format?.type).toBe('json_schema');
    expect(first.body.response_format?.json_schema?.strict).toBe(true);
    expect(first.body.response_format?.json_schema?.schema?.required).toEqual(['primaryDescription', 'expandedDescription', 'tags']);
    // The instruction asks for a critic's design language, in order of attention, without figures.
    const system = String(first.body.messages!.find((m) => m.role === 'system')!.content);
    expect(system).toBe(ANALYSIS_SYSTEM_PROMPT);
    expect(system).toMatch(
      /overall stance and proportion.*order and rhythm.*surface and depth.*palette and likely materials.*light and setting/,
    );
    expect(system).toMatch(/no figures or percentages/);
    const user = first.body.messages!.find((m) => m.role === 'user')!;
    const parts = user.content as Array<{ type: string; image_url?: { url: string } }>;
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
    // The 2000×3008 Tours photo is downscaled server-side to a longest side of 1024 px.
    const tours = await sharp(Buffer.from(images[1].image_url!.url.split(',')[1], 'base64')).metadata();
    expect([tours.format, tours.width, tours.height]).toEqual(['jpeg', 681, 1024]);

    // The second request carries the first answer and the count to fix.
    const repair = fake.requests[1].body.messages!;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant', content: answer(87) });
    expect(String(repair.at(-1)!.content)).toContain('has 87 words; it must have exactly 88');

    expect(countWords(result.primaryDescription)).toBe(PRIMARY_DESCRIPTION_WORDS);
    // British spelling, enforced on whatever the model wrote.
    expect(result.primaryDescription).toMatch(/colour/);
    expect(result.primaryDescription).toMatch(/centre/);
    expect(result.primaryDescription).toMatch(/grey aluminium/);
    expect(result.primaryDescription).not.toMatch(/\b(color|center|gray|aluminum)\b/);
    expect(result.expandedDescription).toContain('Grey aluminium and stone colour.');
    expect(result.tags).toEqual(['stacked massing', 'grey aluminium', 'fins', 'stone base', 'centre court']);
  });

  it('gives up after two repairs with a clear error and never returns another count', async () => {
    fake = await startFakeChatCompletions([answer(87), answer(90), answer(86)]);
    const engine = new OpenAiVisionEngine(createOpenAiClient({ apiKey: 'sk-test-key', baseURL: fake.baseURL }), 'gpt-4o-test');
    const failure = engine.analyse(three.slice(0, 1));
    await expect(failure).rejects.toBeInstanceOf(AnalysisEngineError);
    await expect(failure).rejects.toThrow(
      'The vision model did not return a valid analysis after 3 attempts: Your primaryDescription has 86 words',
    );
    expect(fake.requests).toHaveLength(3);
    expect(String(fake.requests[2].body.messages!.at(-1)!.content)).toContain('has 90 words');
  });

  it('reports a failing endpoint as an engine error with its HTTP status', async () => {
    fake = await startFakeChatCompletions([]);
    const engine = new OpenAiVisionEngine(createOpenAiClient({ apiKey: 'sk-test-key', baseURL: fake.baseURL }), 'gpt-4o-test');
    const failure = engine.analyse(three.slice(0, 1));
    await expect(failure).rejects.toBeInstanceOf(AnalysisEngineError);
    await expect(failure).rejects.toThrow(/^The vision model could not be reached \(HTTP 500\)\. Please try again in a moment\.$/);
    // The SDK's own error stays with the worker (its log), never in the text a client reads.
    await expect(failure).rejects.toMatchObject({ code: 'analysis.engine-failed', cause: expect.any(Error) });
  });

  it('reports an endpoint that refuses connections as an engine error', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const closed = await startFakeChatCompletions([]);
    const baseURL = closed.baseURL;
    await closed.close();
    const engine = new OpenAiVisionEngine(createOpenAiClient({ apiKey: 'sk-test-key', baseURL }), 'gpt-4o-test');
    const failure = engine.analyse(three.slice(0, 1));
    await expect(failure).rejects.toBeInstanceOf(AnalysisEngineError);
    await expect(failure).rejects.toThrow(/^The vision model could not be reached\. Please try again in a moment\.$/);
  });
});
