import type { AnalysisEngine } from '@archlens/contracts/analysis';
import { MAX_SKETCH_IMAGES, sketchReadingTextSchema, type SketchReadingText } from '@archlens/contracts/sketch';
import { SketchDecodeError } from './sketch/ink-map.js';
import { measureSketch, type SketchStatistics } from './sketch/sketch-statistics.js';
import { writeSketchReading } from './sketch/sketch-reading-text.js';
import type { SketchEngine } from './sketch-engine.js';
import { UndecodableImageError } from './vision-engine.js';

/**
 * The offline sketch engine: reads sketches from their lines alone (line density, orientation
 * balance, long straight runs, enclosed regions, vanishing-line convergence, symmetry;
 * `measureSketch`), reads the drawing type from them and writes a design brief and points in
 * plain architectural language, the figures last (`writeSketchReading`). No AI model, no network;
 * deterministic.
 */
export class OfflineSketchEngine implements SketchEngine {
  readonly name: AnalysisEngine = 'offline';
  /** Version of the statistics, rules and wording; change it when any of them changes. */
  readonly model = 'archlens-sketch-lines-2';

  /**
   * @param sketches 1 to 3 JPEG, PNG or WebP files (spec §9), in field order
   * @returns the reading, validated with `sketchReadingTextSchema`
   * @throws UndecodableImageError (with the sketch's 0-based index) when one cannot be decoded;
   *   Error for no sketches or more than 3, or a reading that fails the schema (a defect)
   */
  async read(sketches: readonly Buffer[]): Promise<SketchReadingText> {
    if (sketches.length === 0 || sketches.length > MAX_SKETCH_IMAGES) {
      throw new Error(`A sketch reading needs 1 to ${MAX_SKETCH_IMAGES} sketches; it was given ${sketches.length}.`);
    }
    // One at a time: memory stays bounded to one decoded sketch.
    const statistics: SketchStatistics[] = [];
    for (const [index, sketch] of sketches.entries()) {
      try {
        statistics.push(await measureSketch(sketch));
      } catch (error) {
        if (error instanceof SketchDecodeError) throw new UndecodableImageError(index, error.message);
        throw error;
      }
    }
    const parsed = sketchReadingTextSchema.safeParse(writeSketchReading(statistics));
    if (!parsed.success) throw new Error(`The offline sketch engine produced an invalid reading: ${parsed.error.message}`);
    return parsed.data;
  }

  /** The statistics the reading is written from, for one sketch (tests and calibration). @throws SketchDecodeError */
  measure(sketch: Buffer): Promise<SketchStatistics> {
    return measureSketch(sketch);
  }
}
