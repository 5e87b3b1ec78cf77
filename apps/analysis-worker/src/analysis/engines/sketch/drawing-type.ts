import type { DrawingType } from '@archlens/contracts/sketch';
import type { SketchStatistics } from './sketch-statistics.js';

/** A drawing type estimated from the statistics, with the measurements that decided it. */
export interface DrawingTypeEstimate {
  type: DrawingType;
  /** Short clauses citing the measurements that decided it, e.g. "60 enclosed regions". */
  evidence: string[];
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

/** Formats a share 0..1 as whole per cent. */
export const percent = (share: number): string => `${Math.round(share * 100)} per cent`;

/**
 * Estimates the drawing type from the line statistics alone (issue 14), by these rules in order:
 * 1. Diagonal stroke edges at least `PICTORIAL_DIAGONAL_SHARE`: a pictorial view. Perspective when
 *    at least `MIN_DIAGONALS_FOR_CONVERGENCE` long diagonals exist and at least
 *    `PERSPECTIVE_CONVERGENCE` of them point at common vanishing points; otherwise axonometric
 *    (parallel projection keeps receding edges parallel, so they share no point).
 * 2. Otherwise orthographic. A plan when it has at least `PLAN_MIN_REGIONS` enclosed regions and
 *    every third of the sheet holds at least `PLAN_MIN_THIRD` of the ink.
 * 3. A section when at least `SECTION_SOLID_SHARE` of the ink is solid fill.
 * 4. Otherwise an elevation.
 * It is an estimate: the evidence says which numbers decided it, and the reading says so.
 */
export function estimateDrawingType(stats: SketchStatistics): DrawingTypeEstimate {
  const { orientation, vanishing, regions, coverage, runs } = stats;
  const orthogonal = orientation.horizontal + orientation.vertical;
  if (orientation.diagonal >= PICTORIAL_DIAGONAL_SHARE) {
    const diagonalEvidence = `${percent(orientation.diagonal)} of the stroke edges diagonal`;
    const tested = vanishing.diagonalStrokes >= MIN_DIAGONALS_FOR_CONVERGENCE;
    if (tested && vanishing.convergence >= PERSPECTIVE_CONVERGENCE) {
      return {
        type: 'perspective',
        evidence: [
          diagonalEvidence,
          `${percent(vanishing.convergence)} of ${vanishing.diagonalStrokes} long diagonal strokes converging on ${vanishing.vanishingPoints === 1 ? 'one vanishing point' : `${vanishing.vanishingPoints} vanishing points`}`,
        ],
      };
    }
    return {
      type: 'axonometric',
      evidence: [
        diagonalEvidence,
        tested
          ? `only ${percent(vanishing.convergence)} of ${vanishing.diagonalStrokes} long diagonal strokes converging, the largest parallel family holding ${percent(vanishing.parallelShare)}`
          : `${vanishing.diagonalStrokes} long diagonal strokes, too few to show convergence`,
      ],
    };
  }
  const orthogonalEvidence = `${percent(orthogonal)} of the stroke edges horizontal or vertical`;
  const evenThirds = Math.min(...coverage.thirds) >= PLAN_MIN_THIRD;
  const thirdsEvidence = `ink by thirds of the sheet, top to bottom, ${coverage.thirds.map((t) => Math.round(t * 100)).join(' / ')} per cent`;
  if (regions.count >= PLAN_MIN_REGIONS && evenThirds) {
    return { type: 'plan', evidence: [`${regions.count} enclosed regions`, orthogonalEvidence, thirdsEvidence] };
  }
  if (coverage.solidShare >= SECTION_SOLID_SHARE) {
    return {
      type: 'section',
      evidence: [orthogonalEvidence, `${percent(coverage.solidShare)} of the ink in solid fills, as cut elements drawn in poché are`],
    };
  }
  const evidence = [orthogonalEvidence, thirdsEvidence];
  if (runs.lowestHorizontalAt !== null && runs.lowestHorizontalAt >= 0.5 && runs.longestHorizontal >= 0.5) {
    evidence.push(
      `a horizontal line spanning ${percent(runs.longestHorizontal)} of the width, the lowest long one at ${percent(runs.lowestHorizontalAt)} of the height`,
    );
  }
  if (regions.count < PLAN_MIN_REGIONS) evidence.push(`only ${regions.count} enclosed regions`);
  return { type: 'elevation', evidence };
}
