import {
  analysisTextSchema,
  MAX_ANALYSIS_IMAGES,
  type AnalysisEngine,
  type AnalysisText,
} from '@archlens/contracts/analysis';
import { describeFeatures } from './offline/offline-description.js';
import { aggregateFeatures, extractFeatures, ImageDecodeError, type ImageFeatures } from './offline/pixel-features.js';
import { AnalysisEngineError, type ImageSource, type VisionEngine } from './vision-engine.js';

/**
 * The offline vision engine: writes the analysis from measured pixel features (palette, luminance,
 * contrast, edge orientation, symmetry, rhythm, sky and vegetation) with no AI model and no network.
 *
 * Its text satisfies `analysisTextSchema` like every engine's (spec §9: exactly 88 words; spec §3:
 * `## ` sections; 5 to 12 lower-case tags; spec §1: British English), never names a building, a
 * place or a style, and says in its Method section that it was written without an AI model.
 * Deterministic: the same images always give the same text.
 */
export class OfflineVisionEngine implements VisionEngine {
  readonly name: AnalysisEngine = 'offline';
  /** Version of the feature set and wording; change it when either changes. */
  readonly model = 'archlens-pixel-features-1';

  /**
   * @param images 1 to 10 (spec §9) JPEG, PNG or WebP files, each within `MAX_IMAGE_PIXELS`, in
   *   upload order; photos may still be arriving, and each is measured as soon as it is in hand
   * @returns the analysis text, already validated with `analysisTextSchema`
   * @throws AnalysisEngineError when there are no images or more than 10, when an image cannot be
   *   decoded ("Image 2 of 3 could not be decoded: …"), or if the text fails the schema;
   *   a rejected source's own error
   */
  async analyse(images: readonly ImageSource[]): Promise<AnalysisText> {
    if (images.length === 0 || images.length > MAX_ANALYSIS_IMAGES) {
      throw new AnalysisEngineError(`The analysis needs 1 to ${MAX_ANALYSIS_IMAGES} images; it was given ${images.length}.`);
    }
    const features: ImageFeatures[] = new Array<ImageFeatures>(images.length);
    // One image at a time (each decode is already parallel inside sharp, and memory stays bounded),
    // taken in the order the photos arrive: a small photo that is in hand is measured while a larger
    // one is still on its way from object storage. Features keep their upload position, so the text
    // does not depend on the order of arrival.
    let stopped = false;
    let queue: Promise<unknown> = Promise.resolve();
    const measureOnArrival = async (image: ImageSource, index: number): Promise<void> => {
      const bytes = await image;
      const turn = queue.then(async () => {
        if (stopped) return; // another photo has already failed the analysis
        try {
          features[index] = await extractFeatures(bytes);
        } catch (error) {
          if (error instanceof ImageDecodeError) {
            throw new AnalysisEngineError(`Image ${index + 1} of ${images.length} could not be decoded: ${error.message}`);
          }
          throw error;
        }
      });
      queue = turn.catch(() => undefined);
      await turn;
    };
    try {
      await Promise.all(images.map(measureOnArrival));
    } finally {
      stopped = true;
    }

    let text: AnalysisText;
    try {
      text = describeFeatures(aggregateFeatures(features));
    } catch (error) {
      throw new AnalysisEngineError(`The offline engine could not write the analysis: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = analysisTextSchema.safeParse(text);
    if (!parsed.success) {
      throw new AnalysisEngineError(`The offline engine produced an invalid analysis: ${parsed.error.message}`);
    }
    return parsed.data;
  }
}
