import { describe, expect, it } from '@jest/globals';
import { ASPECT_RATIOS, buildGenerationPrompt, GENERATION_DEFAULTS, type GenerationOptions } from '@archlens/contracts/generation';
import {
  MIDJOURNEY_REFERENCES_PLACEHOLDER,
  MIDJOURNEY_SKETCH_PLACEHOLDER,
  midjourneyAspectRatio,
  midjourneyImageWeight,
  MidjourneyWorkflowProvider,
} from './midjourney-workflow.provider.js';
import { soraAspectRatio, SoraWorkflowProvider } from './sora-workflow.provider.js';

const options = (overrides: Partial<GenerationOptions> = {}): GenerationOptions => ({
  ...GENERATION_DEFAULTS,
  styleDescription: 'Board-marked concrete, deep reveals, bronze window frames',
  sketchDescription: 'A two-storey house with a mono-pitch roof',
  ...overrides,
});
const promptOf = (o: GenerationOptions) => buildGenerationPrompt(o);

describe('Midjourney workflow', () => {
  it('maps aspect ratios to --ar (A4 portrait → 5:7) and sketch influence to --iw on 0–3', () => {
    expect(ASPECT_RATIOS.map(midjourneyAspectRatio)).toEqual(['16:9', '3:2', '1:1', '5:7']);
    expect([0, 5, 50, 75, 80, 100].map(midjourneyImageWeight)).toEqual(['0', '0.15', '1.5', '2.25', '2.4', '3']);
  });

  it('writes an integrated one-line prompt: sketch image first, --ar, --iw, --sref with references, --seed when given', () => {
    const o = options({ aspectRatio: 'A4_portrait', sketchInfluence: 75, seed: 1234 });
    const result = new MidjourneyWorkflowProvider().workflow({ options: o, prompt: promptOf(o), referenceCount: 2 });
    expect(result.integratedWorkflow).toBe(true);
    expect(result.seedSupported).toBe(true);
    expect(result.midjourneyPrompt).not.toContain('\n');
    expect(result.midjourneyPrompt!.startsWith(`${MIDJOURNEY_SKETCH_PLACEHOLDER} Transform this architectural sketch.`)).toBe(true);
    expect(result.midjourneyPrompt).toContain('Board-marked concrete');
    expect(result.midjourneyPrompt!.endsWith(`--ar 5:7 --iw 2.25 --sref ${MIDJOURNEY_REFERENCES_PLACEHOLDER} --seed 1234`)).toBe(true);
    expect(result.midjourneyInstructions!.join('\n')).toContain('--iw 2.25');
    expect(result.midjourneyInstructions!.some((step) => step.includes('2 reference images'))).toBe(true);
  });

  it('at 0 % sketch influence is a manual text-only workflow: no sketch image, no --iw, no --sref without references', () => {
    const o = options({ sketchInfluence: 0 });
    const result = new MidjourneyWorkflowProvider().workflow({ options: o, prompt: promptOf(o), referenceCount: 0 });
    expect(result.integratedWorkflow).toBe(false);
    expect(result.midjourneyPrompt).not.toContain(MIDJOURNEY_SKETCH_PLACEHOLDER);
    expect(result.midjourneyPrompt).not.toContain('--iw');
    expect(result.midjourneyPrompt).not.toContain('--sref');
    expect(result.midjourneyPrompt).not.toContain('--seed');
    expect(result.midjourneyPrompt!.endsWith('--ar 16:9')).toBe(true);
  });
});

describe('Sora workflow', () => {
  it("picks Sora's nearest aspect ratio (1:1, 3:2 or 2:3)", () => {
    expect(ASPECT_RATIOS.map(soraAspectRatio)).toEqual(['3:2', '3:2', '1:1', '2:3']);
  });

  it('is image-to-image (integrated) with any sketch influence, manual at 0; the prompt carries the adherence band', () => {
    const high = options({ sketchInfluence: 85, variations: 2 });
    const integrated = new SoraWorkflowProvider().workflow({ options: high, prompt: promptOf(high), referenceCount: 1 });
    expect(integrated.integratedWorkflow).toBe(true);
    expect(integrated.seedSupported).toBe(false);
    expect(integrated.soraPrompt).toContain(promptOf(high));
    expect(integrated.soraPrompt).toContain("Follow the sketch's massing, openings, roof lines and proportions exactly.");
    expect(integrated.soraInstructions!.join('\n')).toMatch(/starting image/);
    expect(integrated.soraInstructions!.join('\n')).toMatch(/aspect ratio to 3:2 \(the nearest Sora offers to 16:9\)/);
    expect(integrated.soraInstructions!.join('\n')).toMatch(/variations to 2/);

    const none = options({ sketchInfluence: 0 });
    const manual = new SoraWorkflowProvider().workflow({ options: none, prompt: promptOf(none), referenceCount: 0 });
    expect(manual.integratedWorkflow).toBe(false);
    expect(manual.soraPrompt).toContain('loose inspiration');
    expect(manual.soraInstructions!.join('\n')).not.toMatch(/starting image/);
  });
});

describe('workflow steps refer to the prompt where the workflow view shows it: above the steps', () => {
  it.each([
    [
      'sora, integrated',
      () => new SoraWorkflowProvider().workflow({ options: options(), prompt: promptOf(options()), referenceCount: 2 }).soraInstructions,
    ],
    [
      'sora, manual',
      () =>
        new SoraWorkflowProvider().workflow({ options: options({ sketchInfluence: 0 }), prompt: promptOf(options()), referenceCount: 0 })
          .soraInstructions,
    ],
    [
      'midjourney, integrated',
      () =>
        new MidjourneyWorkflowProvider().workflow({ options: options(), prompt: promptOf(options()), referenceCount: 2 })
          .midjourneyInstructions,
    ],
    [
      'midjourney, manual',
      () =>
        new MidjourneyWorkflowProvider().workflow({
          options: options({ sketchInfluence: 0 }),
          prompt: promptOf(options()),
          referenceCount: 0,
        }).midjourneyInstructions,
    ],
  ])('%s: the prompt is "shown above", never "below"', (_name, steps) => {
    const text = steps()!.join('\n');
    expect(text).not.toMatch(/\bbelow\b/i);
    expect(text).toMatch(/the prompt shown above/);
  });

  it('sora asks to paste the prompt shown above; midjourney names the links only when the prompt has placeholders', () => {
    const sora = new SoraWorkflowProvider().workflow({ options: options(), prompt: promptOf(options()), referenceCount: 0 });
    expect(sora.soraInstructions).toContain('Paste the prompt shown above and press Create.');
    const manual = options({ sketchInfluence: 0 });
    const midjourney = new MidjourneyWorkflowProvider().workflow({ options: manual, prompt: promptOf(manual), referenceCount: 0 });
    expect(midjourney.midjourneyInstructions!.at(-1)).toMatch(/^Submit the prompt shown above; Midjourney answers/);
    const withLinks = new MidjourneyWorkflowProvider().workflow({ options: options(), prompt: promptOf(options()), referenceCount: 1 });
    expect(withLinks.midjourneyInstructions!.at(-1)).toMatch(/^Submit the prompt shown above, with the links in place; /);
  });
});
