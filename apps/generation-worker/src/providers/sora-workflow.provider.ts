import { aspectRatioLabel, sketchInfluenceLabel, type AspectRatio } from '@archlens/contracts/generation';
import type { WorkflowProvider, WorkflowRequest, WorkflowResult } from './image-provider.js';

/**
 * The aspect ratio to pick in Sora's image mode, which offers 1:1, 3:2 and 2:3: 16:9 and 3:2 →
 * 3:2 (the widest), 1:1 → 1:1, A4 portrait → 2:3 (the nearest portrait shape).
 */
export function soraAspectRatio(aspectRatio: AspectRatio): '3:2' | '1:1' | '2:3' {
  switch (aspectRatio) {
    case '16:9':
    case '3:2':
      return '3:2';
    case '1:1':
      return '1:1';
    case 'A4_portrait':
      return '2:3';
  }
}

/**
 * The sentence that tells the model how closely to follow the sketch, in words for spec §9's three
 * bands (80 or more, 50 or more, below); the number itself travels as a parameter where the
 * provider has one (Midjourney's `--iw`).
 */
export function adherenceSentence(sketchInfluence: number): string {
  switch (sketchInfluenceLabel(sketchInfluence)) {
    case 'Very high adherence':
      return "Follow the sketch's massing, openings, roof lines and proportions exactly.";
    case 'Moderate':
      return "Keep the sketch's overall massing and composition, refining the details freely.";
    case 'Loose inspiration':
      return 'Take the sketch as loose inspiration only.';
  }
}

/**
 * Sora (spec §2 /create): no image call and no key. The result is the prompt to
 * paste into Sora's image mode and the steps to take (the workflow view shows the prompt above the
 * steps, so the steps refer to it as "shown above"): with a sketch influence above 0 the
 * integrated workflow (image-to-image: the sketch is uploaded as the starting image), at 0 the
 * manual one (text only). Sora takes no seed.
 */
export class SoraWorkflowProvider implements WorkflowProvider {
  readonly kind = 'workflow' as const;
  readonly name = 'sora' as const;

  /**
   * Writes the Sora prompt (the combined prompt and `adherenceSentence`) and steps of one
   * generation; no call is made.
   * @returns `integratedWorkflow` (sketch influence above 0), `soraPrompt`, `soraInstructions` and
   *   `seedSupported: false`
   */
  workflow({ options, prompt, referenceCount }: WorkflowRequest): WorkflowResult {
    const integrated = options.sketchInfluence > 0;
    const soraPrompt = `${prompt}\n\n${adherenceSentence(options.sketchInfluence)}`;
    const ratio = soraAspectRatio(options.aspectRatio);
    const ratioNote =
      ratio === options.aspectRatio ? ratio : `${ratio} (the nearest Sora offers to ${aspectRatioLabel(options.aspectRatio)})`;
    const steps = ['Open sora.com and choose Image (not Video).'];
    if (integrated) {
      steps.push('Upload your sketch with the + button: it is the starting image (image-to-image).');
      if (referenceCount > 0) {
        steps.push(`Upload your ${referenceCount} reference image${referenceCount === 1 ? '' : 's'} after the sketch, as style guides.`);
      }
    } else {
      steps.push('Leave the sketch out: at 0% sketch influence the prompt alone describes the design (a manual, text-only workflow).');
    }
    steps.push(
      `Set the aspect ratio to ${ratioNote}.`,
      `Set the number of variations to ${options.variations}.`,
      'Paste the prompt shown above and press Create.',
      'Download the renders you keep; run it again with the same prompt for more options.',
    );
    return { integratedWorkflow: integrated, soraPrompt, soraInstructions: steps, seedSupported: false };
  }
}
