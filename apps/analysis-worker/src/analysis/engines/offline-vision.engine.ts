import { analysisTextSchema, MAX_ANALYSIS_IMAGES, type AnalysisEngine, type AnalysisText } from '@archlens/contracts/analysis';
import { describeFeatures } from './offline/offline-description.js';
import { aggregateFeatures, extractFeatures, ImageDecodeError, type ImageFeatures } from './offline/pixel-features.js';
import { UndecodableImageError, type VisionEngine } from './vision-engine.js';

/**
 * The offline vision engine: writes the analysis from measured pixel features (palette, luminance,
 * contrast, edge orientation, symmetry, rhythm, sky and vegetation) with no AI model and no network.
 *
 * Its text satisfies `analysisTextSchema` like every engine's (spec §9: exactly 88 words; spec §3:
 * `## ` sections; 5 to 12 lower-case tags; spec §1: British English) and never names a building, a
 * place or a style. The descriptions are design prose; the figures behind them, and how they were
 * measured, are listed in the expanded text's last section, `## Measurements`.
 * Deterministic: the same images always give the same text.
 */
export class OfflineVisionEngine implements VisionEngine {
  readonly name: AnalysisEngine = 'offline';
  /** Version of the feature set and wording; change it when either changes. */
  readonly model = 'archlens-pixel-features-2';

  /**
   * @param images 1 to 10 (spec §9) JPEG, PNG or WebP files, each within `MAX_IMAGE_PIXELS`, in
   *   upload order
   * @returns the analysis text, already validated with `analysisTextSchema`
   * @throws UndecodableImageError when an image cannot be decoded; Error when there are no images
   *   or more than 10, or if the text fails the schema (a defect, not the user's)
   */
  async analyse(images: readonly Buffer[]): Promise<AnalysisText> {
    if (images.length === 0 || images.length > MAX_ANALYSIS_IMAGES) {
      throw new Error(`The analysis needs 1 to ${MAX_ANALYSIS_IMAGES} images; it was given ${images.length}.`);
    }
    // One image at a time: each decode is already parallel inside sharp, and memory stays bounded.
    const features: ImageFeatures[] = [];
    for (const [index, image] of images.entries()) {
      try {
        features.push(await extractFeatures(image));
      } catch (error) {
        if (error instanceof ImageDecodeError) throw new UndecodableImageError(index, error.message);
        throw error;
      }
    }

    let text: AnalysisText;
    try {
      text = describeFeatures(aggregateFeatures(features));
    } catch (error) {
      throw new Error(`The offline engine could not write the analysis: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = analysisTextSchema.safeParse(text);
    if (!parsed.success) {
      throw new Error(`The offline engine produced an invalid analysis: ${parsed.error.message}`);
    }
    return parsed.data;
  }
}
