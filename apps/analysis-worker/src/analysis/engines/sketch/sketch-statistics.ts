import { measureEnclosedRegions, type EnclosedRegions } from './enclosed-regions.js';
import { measureInkCoverage, type InkCoverage } from './ink-coverage.js';
import { readInkMap } from './ink-map.js';
import { measureOrientation, type OrientationBalance } from './stroke-orientation.js';
import { measureStraightRuns, type StraightRuns } from './straight-runs.js';
import { measureSymmetry } from './symmetry.js';
import { measureVanishingLines, type VanishingLines } from './vanishing-lines.js';

/** Everything the offline sketch engine measures of one sketch, from its lines alone. */
export interface SketchStatistics {
  /** Working size the sketch was measured at, in pixels. */
  width: number;
  height: number;
  coverage: InkCoverage;
  orientation: OrientationBalance;
  runs: StraightRuns;
  regions: EnclosedRegions;
  vanishing: VanishingLines;
  /** Left–right mirror symmetry of the ink, 0..1 (`measureSymmetry`). */
  symmetry: number;
}

/**
 * Measures one sketch: decodes it into an ink map, then each statistic in turn.
 * @param image JPEG, PNG or WebP bytes (at most `MAX_IMAGE_PIXELS`)
 * @throws SketchDecodeError when the bytes do not decode
 */
export async function measureSketch(image: Buffer): Promise<SketchStatistics> {
  const map = await readInkMap(image);
  return {
    width: map.width,
    height: map.height,
    coverage: measureInkCoverage(map),
    orientation: measureOrientation(map),
    runs: measureStraightRuns(map),
    regions: measureEnclosedRegions(map),
    vanishing: measureVanishingLines(map),
    symmetry: measureSymmetry(map),
  };
}
