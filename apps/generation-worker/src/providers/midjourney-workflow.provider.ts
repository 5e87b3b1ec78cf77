import { aspectRatioLabel, type AspectRatio } from '@archlens/contracts/generation';
import type { WorkflowProvider, WorkflowRequest, WorkflowResult } from './image-provider.js';
import { adherenceSentence } from './sora-workflow.provider.js';

/** Placeholder of the sketch's image link at the start of an integrated Midjourney prompt. */
export const MIDJOURNEY_SKETCH_PLACEHOLDER = '<sketch-image-url>';
/** Placeholder of the reference images' links after `--sref`. */
export const MIDJOURNEY_REFERENCES_PLACEHOLDER = '<reference-image-urls>';

/**
 * Midjourney's `--ar` for an aspect ratio: 16:9, 3:2 and 1:1 as they are; A4 portrait → 5:7
 * (1:1.400, within 1% of A4's 1:1.414; Midjourney takes any whole-number ratio, and 2:3 would be
 * 6% too tall).
 */
export function midjourneyAspectRatio(aspectRatio: AspectRatio): string {
  return aspectRatio === 'A4_portrait' ? '5:7' : aspectRatio;
}

/**
 * Midjourney's image weight `--iw` (0 to 3, default 1) from sketch influence (0 to 100), linearly:
 * 0 → 0, 50 → 1.5, 75 → 2.25, 100 → 3; at most two decimals, no trailing zeros.
 */
export function midjourneyImageWeight(sketchInfluence: number): string {
  return String(Math.round((sketchInfluence / 100) * 3 * 100) / 100);
}

/**
 * Midjourney (spec §2 /create): no image call and no key. The result is a
 * one-line prompt for Midjourney with the controls as parameters, and the steps to take. Integrated
 * workflow (sketch influence above 0): the sketch is the image prompt at the start, weighted by
 * `--iw`; manual workflow (0): text only, no `--iw`. `--ar` from the aspect ratio; `--sref` when
 * reference images came with the sketch (their links go after it); `--seed` when one was asked for.
 */
export class MidjourneyWorkflowProvider implements WorkflowProvider {
  readonly kind = 'workflow' as const;
  readonly name = 'midjourney' as const;

  /**
   * Writes the Midjourney prompt and steps of one generation; no call is made.
   * @returns `integratedWorkflow` (sketch influence above 0), `midjourneyPrompt` (one line with
   *   `--ar`, and `--iw`, `--sref`, `--seed` where they apply), `midjourneyInstructions` and
   *   `seedSupported: true`
   */
  workflow({ options, prompt, referenceCount }: WorkflowRequest): WorkflowResult {
    const integrated = options.sketchInfluence > 0;
    const text = `${prompt} ${adherenceSentence(options.sketchInfluence)}`.replace(/\s+/g, ' ').trim();
    const parts = [integrated ? `${MIDJOURNEY_SKETCH_PLACEHOLDER} ${text}` : text, `--ar ${midjourneyAspectRatio(options.aspectRatio)}`];
    if (integrated) parts.push(`--iw ${midjourneyImageWeight(options.sketchInfluence)}`);
    if (referenceCount > 0) parts.push(`--sref ${MIDJOURNEY_REFERENCES_PLACEHOLDER}`);
    if (options.seed !== undefined) parts.push(`--seed ${options.seed}`);
    const steps = ['Open midjourney.com (or the Midjourney Discord bot) and go to Create.'];
    if (integrated) {
      steps.push(
        `Upload your sketch, copy its image link and put it in place of ${MIDJOURNEY_SKETCH_PLACEHOLDER} at the start of the prompt: it is the image prompt, weighted by --iw ${midjourneyImageWeight(options.sketchInfluence)} (${options.sketchInfluence}% sketch influence on Midjourney's 0–3 scale).`,
      );
    } else {
      steps.push('Leave the sketch out: at 0% sketch influence the prompt alone describes the design (a manual, text-only workflow).');
    }
    if (referenceCount > 0) {
      steps.push(
        `Upload your ${referenceCount} reference image${referenceCount === 1 ? '' : 's'} and put ${referenceCount === 1 ? 'its link' : 'their links, separated by spaces,'} in place of ${MIDJOURNEY_REFERENCES_PLACEHOLDER} after --sref (style references).`,
      );
    }
    steps.push(
      `Check the parameters: --ar ${midjourneyAspectRatio(options.aspectRatio)} is the ${aspectRatioLabel(options.aspectRatio)} frame${options.seed !== undefined ? `, --seed ${options.seed} repeats a result` : ''}.`,
      `Submit the prompt shown above${integrated || referenceCount > 0 ? ', with the links in place' : ''}; Midjourney answers with a grid of four, so ${options.variations === 1 ? 'pick the best one and upscale it' : `pick your ${options.variations} favourites and upscale them`}.`,
    );
    return { integratedWorkflow: integrated, midjourneyPrompt: parts.join(' '), midjourneyInstructions: steps, seedSupported: true };
  }
}
