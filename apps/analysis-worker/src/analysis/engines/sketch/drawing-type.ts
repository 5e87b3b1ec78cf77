import type { DrawingType } from '@archlens/contracts/sketch';
import type { SketchStatistics } from './sketch-statistics.js';

/** A drawing type read from the statistics, with what decided it. */
export interface DrawingTypeEstimate {
  type: DrawingType;
  /** What decided it, in words, e.g. "many closed shapes"; for the reading's prose. */
  reasons: string[];
}

/**
 * Share of stroke edges running diagonally from which a sketch counts as a pictorial view
 * (perspective or axonometric). Orthographic drawings (plan, elevation, section) are drawn almost
 * wholly in horizontals and verticals, and their diagonals (door swings, hatching, planting, roof
 * pitches) stay near a quarter of the edges; a perspective's or axonometric's receding edges push
 * the share well past a third.
 */
export const PICTORIAL_DIAGONAL_SHARE = 0.33;
/** Fewest long diagonal strokes from which their convergence is worth testing. */
export const MIN_DIAGONALS_FOR_CONVERGENCE = 6;
/** Share of the long diagonals that must point at vanishing points for a perspective. */
export const PERSPECTIVE_CONVERGENCE = 0.5;
/**
 * Fewest enclosed regions for a plan: a plan divides its sheet into many closed outlines (spaces,
 * fixtures, furniture symbols), where an elevation closes only its openings and panels.
 */
export const PLAN_MIN_REGIONS = 20;
/**
 * Least share of the ink in each third of the sheet, top to bottom, for a plan: a plan is drawn
 * all over its sheet, where an elevation or section stands on a ground line with empty sky above.
 */
export const PLAN_MIN_THIRD = 0.2;
/** Share of the ink in solid fills from which an orthographic drawing reads as a section (cut walls and floors drawn as poché). */
export const SECTION_SOLID_SHARE = 0.35;

/**
 * Estimates the drawing type from the line statistics alone, by these rules in order:
 * 1. Diagonal stroke edges at least `PICTORIAL_DIAGONAL_SHARE`: a pictorial view. Perspective when
 *    at least `MIN_DIAGONALS_FOR_CONVERGENCE` long diagonals exist and at least
 *    `PERSPECTIVE_CONVERGENCE` of them point at common vanishing points; otherwise axonometric
 *    (parallel projection keeps receding edges parallel, so they share no point).
 * 2. Otherwise orthographic. A plan when it has at least `PLAN_MIN_REGIONS` enclosed regions and
 *    every third of the sheet holds at least `PLAN_MIN_THIRD` of the ink.
 * 3. A section when at least `SECTION_SOLID_SHARE` of the ink is solid fill.
 * 4. Otherwise an elevation.
 * It is a reading, not a verdict: `reasons` says what decided it, in words, and the reading's
 * Measurements point gives the figures.
 */
export function estimateDrawingType(stats: SketchStatistics): DrawingTypeEstimate {
  const { orientation, vanishing, regions, coverage } = stats;
  if (orientation.diagonal >= PICTORIAL_DIAGONAL_SHARE) {
    const tested = vanishing.diagonalStrokes >= MIN_DIAGONALS_FOR_CONVERGENCE;
    if (tested && vanishing.convergence >= PERSPECTIVE_CONVERGENCE) {
      return {
        type: 'perspective',
        reasons: [
          'many of its lines run on the diagonal',
          `its long diagonals converge on ${vanishing.vanishingPoints === 1 ? 'one vanishing point' : 'two vanishing points'}`,
        ],
      };
    }
    return {
      type: 'axonometric',
      reasons: [
        'many of its lines run on the diagonal',
        tested ? 'its long diagonals stay parallel rather than converging' : 'too few long diagonals converge to make a perspective',
      ],
    };
  }
  const orthogonal = 'it is drawn almost wholly in horizontals and verticals';
  const evenThirds = Math.min(...coverage.thirds) >= PLAN_MIN_THIRD;
  if (regions.count >= PLAN_MIN_REGIONS && evenThirds) {
    return { type: 'plan', reasons: [orthogonal, 'many closed shapes divide it', 'it is drawn evenly over the whole sheet'] };
  }
  if (coverage.solidShare >= SECTION_SOLID_SHARE) {
    return { type: 'section', reasons: [orthogonal, 'solid fills mark cut elements, as poché does'] };
  }
  const reasons = [orthogonal];
  if (hasGroundLine(stats)) reasons.push('it stands on a long ground line');
  if (coverage.thirds[0] < PLAN_MIN_THIRD) reasons.push('open paper is left above it');
  if (regions.count < PLAN_MIN_REGIONS) reasons.push('it has too few closed shapes for a plan');
  return { type: 'elevation', reasons };
}

/** A long horizontal in the lower half of the sheet that spans at least half its width: an elevation's or section's ground line. */
export function hasGroundLine({ runs }: SketchStatistics): boolean {
  return runs.lowestHorizontalAt !== null && runs.lowestHorizontalAt >= 0.5 && runs.longestHorizontal >= 0.5;
}
