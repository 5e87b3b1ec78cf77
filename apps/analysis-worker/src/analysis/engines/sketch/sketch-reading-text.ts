import { SKETCH_POINTS, type SketchReadingText } from '@archlens/contracts/sketch';
import { estimateDrawingType, MIN_DIAGONALS_FOR_CONVERGENCE, percent, type DrawingTypeEstimate } from './drawing-type.js';
import { LONG_RUN_SHARE } from './straight-runs.js';
import type { SketchStatistics } from './sketch-statistics.js';

/** How the offline reading says what it is (spec §1: the reader must know no AI model wrote it). */
export const OFFLINE_METHOD_SENTENCE =
  'Measured from the lines alone (ink, stroke directions, straight runs, closed outlines, convergence and symmetry) without an AI model; the drawing type is an estimate, and nothing is said that the measurements cannot show.';

/** Ink density bands: under 5 % of the sheet is a light, sparse sketch; over 15 % a densely worked one. */
const SPARSE_DENSITY = 0.05;
const DENSE_DENSITY = 0.15;

/** The points for one sketch, most telling first; each cites what was measured. */
function pointsFor(stats: SketchStatistics, estimate: DrawingTypeEstimate): string[] {
  const { coverage, orientation, runs, regions, vanishing, symmetry } = stats;
  const density =
    coverage.density < SPARSE_DENSITY
      ? 'a light, sparse sketch'
      : coverage.density > DENSE_DENSITY
        ? 'a densely worked sketch'
        : 'a moderately worked sketch';
  const leading =
    orientation.diagonal >= Math.max(orientation.horizontal, orientation.vertical)
      ? 'diagonals lead, as receding edges do'
      : orientation.horizontal >= orientation.vertical * 1.5
        ? 'horizontals lead, a layered order'
        : orientation.vertical >= orientation.horizontal * 1.5
          ? 'verticals lead, an upright order'
          : 'horizontals and verticals are in balance, an orthogonal order';
  const strokes = `${vanishing.diagonalStrokes} long diagonal stroke${vanishing.diagonalStrokes === 1 ? '' : 's'}`;
  const convergence =
    vanishing.diagonalStrokes === 0
      ? 'Vanishing lines: no long diagonal strokes were found, so nothing recedes towards a vanishing point.'
      : vanishing.diagonalStrokes < MIN_DIAGONALS_FOR_CONVERGENCE
        ? `Vanishing lines: ${strokes}, too few to test for convergence (at least ${MIN_DIAGONALS_FOR_CONVERGENCE} are needed), so nothing is read as receding.`
        : vanishing.vanishingPoints === 0
          ? `Vanishing lines: ${strokes}, none sharing a common point; the largest parallel family holds ${percent(vanishing.parallelShare)} of them.`
          : `Vanishing lines: ${Math.round(vanishing.convergence * vanishing.diagonalStrokes)} of ${strokes} (${percent(vanishing.convergence)}) point at ${vanishing.vanishingPoints === 1 ? 'one common point' : `${vanishing.vanishingPoints} common points`}, as receding edges in a perspective do.`;
  const symmetryWords =
    symmetry >= 0.8
      ? 'a strongly symmetrical composition'
      : symmetry >= 0.6
        ? 'a partly symmetrical composition'
        : 'an asymmetrical composition';
  return [
    `Drawing type: reads as ${estimate.type === 'elevation' || estimate.type === 'axonometric' ? 'an' : 'a'} ${estimate.type} (estimate), from ${estimate.evidence.join('; ')}.`,
    `Orientation balance: of the stroke edges (Sobel gradient directions), ${percent(orientation.horizontal)} run horizontal, ${percent(orientation.vertical)} vertical and ${percent(orientation.diagonal)} diagonal; ${leading}.`,
    `Long straight runs: ${runs.horizontal} horizontal and ${runs.vertical} vertical lines longer than ${percent(LONG_RUN_SHARE)} of the sheet; the longest horizontal spans ${percent(runs.longestHorizontal)} of the width and the longest vertical ${percent(runs.longestVertical)} of the height.`,
    `Enclosed regions: ${regions.count} areas of paper fully closed by lines (each at least 0.1 per cent of the sheet), together ${percent(regions.areaShare)} of it, the largest ${percent(regions.largestShare)}. Openings drawn as gaps join neighbouring areas, so this is a lower bound.`,
    convergence,
    `Line density: ink covers ${percent(coverage.density)} of the sheet, ${density}; ${percent(coverage.solidShare)} of the ink lies in solid fills or dense hatching.`,
    `Layout on the sheet: the drawn area spans ${percent(coverage.extentWidth)} of the width and ${percent(coverage.extentHeight)} of the height, with ${coverage.thirds.map((t) => percent(t)).join(', ')} of the ink in the top, middle and bottom thirds.`,
    `Symmetry: left-right mirror symmetry of the ink scores ${symmetry.toFixed(2)} on a scale from 0 to 1, ${symmetryWords}.`,
  ];
}

/**
 * Writes the offline sketch reading (issue 14; spec §3 sketch analysis: description and details)
 * from the statistics of each sketch, in upload order.
 *
 * The summary names each sketch's estimated drawing type with its evidence and says how it was
 * made; the points (3 to 12) each cite a measurement. With several sketches the 12 points are
 * shared between them, most telling first, each prefixed with its sketch's number. Nothing is said
 * that the numbers cannot show: no materials, no room names, no styles. British English.
 * @param sketches 1 to 3 sketches' statistics (spec §9)
 * @returns text that satisfies `sketchReadingTextSchema`; `drawingType` is the first sketch's
 */
export function writeSketchReading(sketches: readonly SketchStatistics[]): SketchReadingText {
  if (sketches.length === 0) throw new Error('A sketch reading needs at least one sketch.');
  const estimates = sketches.map(estimateDrawingType);
  const several = sketches.length > 1;
  const perSketch = Math.floor(SKETCH_POINTS.max / sketches.length);
  const details = sketches.flatMap((stats, index) =>
    pointsFor(stats, estimates[index])
      .slice(0, perSketch)
      .map((point) => (several ? `Sketch ${index + 1}: ${point}` : point)),
  );
  const summaries = estimates.map((estimate, index) => {
    const article = estimate.type === 'elevation' || estimate.type === 'axonometric' ? 'an' : 'a';
    const subject = several ? `Sketch ${index + 1} reads` : 'The sketch reads';
    return `${subject} as ${article} ${estimate.type} (estimate): ${estimate.evidence.join(', ')}.`;
  });
  return { description: `${summaries.join(' ')} ${OFFLINE_METHOD_SENTENCE}`, details, drawingType: estimates[0].type };
}
