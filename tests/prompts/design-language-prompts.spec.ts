import { describe, expect, it } from '@jest/globals';
import { OfflineSketchEngine, OfflineVisionEngine } from '@archlens/analysis-worker';
import { appendToClipboardText, compactPrompt } from '@archlens/contracts/clipboard-text';
import {
  ASPECT_RATIOS,
  buildGenerationPrompt,
  DETAIL_LEVELS,
  GENERATION_DEFAULTS,
  LIGHTING_OPTIONS,
  type AspectRatio,
  type GenerationOptions,
} from '@archlens/contracts/generation';
import {
  MidjourneyWorkflowProvider,
  openAiEditParameters,
  SoraWorkflowProvider,
  STABILITY_NEGATIVE_PROMPT,
} from '@archlens/generation-worker';
import { fixturePhoto, fixtureSketch } from '../support/images.js';

/**
 * Whatever reaches an image model or a prompt box carries design language only: for every fixture
 * sketch, read by the offline sketch engine, and a style description (one written by hand, one the
 * offline photo engine wrote), the combined prompt, the Sora and Midjourney prompts, the OpenAI and
 * Stability requests and the Working Clipboard's compact prompt hold no measurement, engine note
 * or hedge, and no digit outside the provider's own parameters.
 */
const SKETCHES = ['apartment-floorplan.png', 'house-facade.png', 'house-line-scribble.png', 'tower-perspective.png'];
const NOT_DESIGN_LANGUAGE = /per ?cent|%|\d|Measurements|AI model|estimate/i;

/** A Midjourney prompt without its parameters (`--ar 16:9`, `--iw 2.25`, `--seed 42`, `--sref …`) and link placeholders. */
function midjourneyText(prompt: string): string {
  return prompt.replace(/--[a-z]+ \S+/g, '').replace(/<[a-z-]+>/g, '');
}

function optionsFor(style: string, sketchDescription: string, overrides: Partial<GenerationOptions> = {}): GenerationOptions {
  return { ...GENERATION_DEFAULTS, styleDescription: style, sketchDescription, seed: 42, ...overrides };
}

describe('prompts built from the fixture sketches carry design language only', () => {
  const sketches = new OfflineSketchEngine();
  const photos = new OfflineVisionEngine();
  const handWritten = 'Board-marked concrete and warm oak, deep window reveals, a planted roof terrace and slender steel balustrades.';

  it.each(SKETCHES)('%s: combined, Sora, Midjourney, OpenAI, Stability and compact prompts', async (name) => {
    const reading = await sketches.read([fixtureSketch(name)]);
    const analysis = await photos.analyse([fixturePhoto('tours-cathedral-gothic.jpg')]);
    // The engines keep their figures, for the reader who wants to check them.
    expect(reading.details[reading.details.length - 1]).toMatch(/^Measurements: .*\d/);
    expect(analysis.expandedDescription).toMatch(/## Measurements\n[\s\S]*\d/);

    for (const style of [handWritten, analysis.primaryDescription]) {
      for (const aspectRatio of ASPECT_RATIOS as readonly AspectRatio[]) {
        for (const [sketchInfluence, lighting, detailLevel] of [
          [0, LIGHTING_OPTIONS[0], DETAIL_LEVELS[0]],
          [55, LIGHTING_OPTIONS[2], DETAIL_LEVELS[1]],
          [85, LIGHTING_OPTIONS[3], DETAIL_LEVELS[2]],
        ] as const) {
          const options = optionsFor(style, reading.description, { aspectRatio, sketchInfluence, lighting, detailLevel });
          const prompt = buildGenerationPrompt(options);
          expect(prompt).toContain(reading.description);
          expect(prompt).not.toMatch(NOT_DESIGN_LANGUAGE);

          const sora = new SoraWorkflowProvider().workflow({ options, prompt, referenceCount: 2 });
          expect(sora.soraPrompt).not.toMatch(NOT_DESIGN_LANGUAGE);

          const midjourney = new MidjourneyWorkflowProvider().workflow({ options, prompt, referenceCount: 2 }).midjourneyPrompt!;
          expect(midjourney).toMatch(/ --ar \d+:\d+/);
          expect(midjourney).toContain(' --seed 42');
          expect(midjourneyText(midjourney)).not.toMatch(NOT_DESIGN_LANGUAGE);

          expect(openAiEditParameters('gpt-image-1', options, prompt, 1).prompt).not.toMatch(NOT_DESIGN_LANGUAGE);
        }
      }
    }
    expect(STABILITY_NEGATIVE_PROMPT).not.toMatch(NOT_DESIGN_LANGUAGE);

    // A style pasted from an expanded description, and a sketch reading's points, lose their figures.
    const pasted = buildGenerationPrompt(optionsFor(analysis.expandedDescription, reading.details.join('\n')));
    expect(pasted).toContain('## Massing and Form');
    expect(pasted).not.toMatch(NOT_DESIGN_LANGUAGE);

    // The Working Clipboard collects everything as shown; its compact prompt keeps the design language.
    let clipboard = appendToClipboardText(null, 'Design Language Analysis', analysis.expandedDescription, new Date());
    clipboard = appendToClipboardText(clipboard, 'Sketch Reading', `${reading.description}\n${reading.details.join('\n')}`, new Date());
    const compact = compactPrompt(clipboard);
    expect(compact.ok).toBe(true);
    if (compact.ok) {
      expect(compact.prompt).toContain(reading.description);
      expect(compact.prompt).not.toMatch(NOT_DESIGN_LANGUAGE);
    }
  });
});
