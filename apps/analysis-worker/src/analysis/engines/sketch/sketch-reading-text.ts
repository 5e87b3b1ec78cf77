import { SKETCH_POINTS, type DrawingType, type SketchReadingText } from '@archlens/contracts/sketch';
import { estimateDrawingType, hasGroundLine, type DrawingTypeEstimate } from './drawing-type.js';
import { MIN_REGION_SHARE } from './enclosed-regions.js';
import type { SketchStatistics } from './sketch-statistics.js';
import { LONG_RUN_SHARE } from './straight-runs.js';

/**
 * The offline sketch reading in words: a short design brief of each drawing for the summary, then
 * points in plain architectural language (order, openings and enclosure, depth, density of
 * drawing, long lines, layout), and last a point headed "Measurements" with every figure they
 * rest on. Nothing is said that the lines cannot show: no materials, no room names, no styles.
 */

/** Ink density bands: under 5 % of the sheet is a light, sparse sketch; over 15 % a densely worked one. */
const SPARSE_DENSITY = 0.05;
const DENSE_DENSITY = 0.15;
/** Mirror symmetry of the ink at or above: symmetrical; at or above `PARTLY_SYMMETRICAL`: partly. */
const SYMMETRICAL = 0.8;
const PARTLY_SYMMETRICAL = 0.6;
/** One direction's share at least this many times the other's: it leads. */
const LEADS = 1.5;
/** Enclosed regions from which a drawing counts as divided into many closed shapes, and below which into few. */
const MANY_REGIONS = 20;
const FEW_REGIONS = 6;
/** Share of the ink in solid fills from which the drawing has shaded or solid passages. */
const SHADED = 0.15;
/** Drawn extent, as a share of the sheet's width and height, from which a drawing fills the sheet. */
const FILLS_SHEET = 0.9;
/** Share of the ink in the top third below which the paper above is left open. */
const OPEN_ABOVE = 0.15;

const article = (type: DrawingType): string => (type === 'elevation' || type === 'axonometric' ? 'an' : 'a');
const pct = (share: number): string => `${Math.round(share * 100)}%`;
const ORDINALS = ['first', 'second', 'third'];

/** How the drawing is composed about its centre line: an adjective for the brief, a predicate for the points. */
function symmetryWords(symmetry: number, use: 'brief' | 'point' = 'brief'): string {
  if (symmetry >= SYMMETRICAL) return 'symmetrical about its centre line';
  if (symmetry >= PARTLY_SYMMETRICAL) return 'partly symmetrical';
  return use === 'brief' ? 'freely composed' : 'asymmetrical, its parts freely arranged';
}

function densityWords({ coverage }: SketchStatistics): string {
  if (coverage.density < SPARSE_DENSITY) return 'lightly drawn';
  if (coverage.density > DENSE_DENSITY) return 'densely drawn';
  return 'drawn with a moderate hand';
}

function orderWords({ orientation }: SketchStatistics): { stance: string; order: string } {
  const { horizontal, vertical, diagonal } = orientation;
  if (diagonal >= Math.max(horizontal, vertical)) return { stance: 'receding', order: 'diagonals lead, as receding edges do' };
  if (horizontal >= vertical * LEADS) return { stance: 'horizontally layered', order: 'horizontals lead, a layered order' };
  if (vertical >= horizontal * LEADS) return { stance: 'upright', order: 'verticals lead, an upright order' };
  return { stance: 'orthogonal', order: 'horizontals and verticals are in balance, an orthogonal order' };
}

/** The summary's brief of one drawing: its type as a reading, then what it shows. */
function brief(stats: SketchStatistics, estimate: DrawingTypeEstimate): string {
  const { coverage, regions, vanishing, symmetry } = stats;
  const shaded = coverage.solidShare >= SHADED;
  const openAbove = coverage.thirds[0] < OPEN_ABOVE;
  switch (estimate.type) {
    case 'plan': {
      const fills = coverage.extentWidth >= FILLS_SHEET && coverage.extentHeight >= FILLS_SHEET ? ' that fills the sheet' : '';
      const spaces = regions.count >= MANY_REGIONS ? 'divided into many enclosed spaces' : 'divided into a few enclosed spaces';
      return `a ${densityWords(stats)} layout of straight, square-set lines${fills}, ${spaces} and ${symmetryWords(symmetry)}`;
    }
    case 'elevation': {
      const { stance } = orderWords(stats);
      const ground = hasGroundLine(stats) ? ' standing on a long ground line' : '';
      const openings =
        regions.count >= FEW_REGIONS ? 'its openings and panels drawn as closed shapes' : 'its openings suggested rather than closed';
      return `${stance === 'receding' ? 'a' : stance === 'upright' || stance === 'orthogonal' ? `an ${stance}` : `a ${stance}`}, ${symmetryWords(symmetry)} front${ground}, ${openings}${openAbove ? ', with open paper above' : ''}`;
    }
    case 'section':
      return `solid fills mark what is cut against an orthogonal frame of lines, ${symmetryWords(symmetry)}`;
    case 'perspective':
      return `receding lines converge on ${vanishing.vanishingPoints >= 2 ? 'two vanishing points' : 'one vanishing point'}, setting the masses in depth${shaded ? ', with shaded passages giving them weight' : ''}${openAbove ? ' and open paper above' : ''}`;
    case 'axonometric':
      return `receding lines run parallel rather than converging, so the masses are shown in measured, undistorted depth${shaded ? ', with shaded passages giving them weight' : ''}`;
  }
}

/** The prose points of one drawing, most telling first. */
function pointsFor(stats: SketchStatistics, estimate: DrawingTypeEstimate): string[] {
  const { coverage, runs, regions, vanishing, symmetry } = stats;
  const { order } = orderWords(stats);
  const enclosure =
    regions.count >= MANY_REGIONS
      ? 'many areas are closed by lines, as rooms, fixtures and furniture are in a plan, or panes and panels in a detailed front'
      : regions.count >= FEW_REGIONS
        ? 'a handful of areas are closed by lines, as openings and panels are'
        : 'few areas are closed by lines, so openings are suggested rather than drawn shut';
  const depth =
    vanishing.diagonalStrokes < 2
      ? 'nothing recedes: the drawing is flat, as an orthographic view is'
      : estimate.type === 'perspective'
        ? `receding lines converge on ${vanishing.vanishingPoints >= 2 ? 'two vanishing points' : 'one vanishing point'}, so the masses are set in perspective depth`
        : estimate.type === 'axonometric'
          ? 'receding lines stay parallel, the measured depth of an axonometric'
          : 'too few long diagonals recede to set anything in depth, so the drawing reads as flat';
  const shading = coverage.solidShare >= SHADED ? 'with shaded or solid passages giving weight' : 'in line alone, with little shading';
  const longLines = hasGroundLine(stats)
    ? 'a long horizontal runs across most of the width low on the sheet, a ground line for what stands on it'
    : runs.longestVertical >= 0.75 || runs.longestHorizontal >= 0.75
      ? 'long, unbroken straight lines run across much of the sheet, a ruled, measured drawing'
      : runs.horizontal + runs.vertical >= 10
        ? 'straight lines are many but short, so the drawing is built up in small ruled pieces'
        : 'few long straight lines: a freehand, broken line';
  const fills = coverage.extentWidth >= FILLS_SHEET && coverage.extentHeight >= FILLS_SHEET;
  const weighted = coverage.thirds[2] > coverage.thirds[0] * 2 ? ', its weight towards the foot of the sheet' : '';
  const layout = fills
    ? 'the drawing fills the sheet edge to edge, evenly worked from top to bottom'
    : coverage.thirds[0] < OPEN_ABOVE
      ? `the drawing sits low on the sheet with open paper above${weighted}`
      : `the drawing is set within the sheet, with margins around it${weighted}`;
  return [
    `Drawing type: reads as ${article(estimate.type)} ${estimate.type}, because ${estimate.reasons.join(', ').replace(/, ([^,]*)$/, ' and $1')}.`,
    `Order: ${order}; the composition is ${symmetryWords(symmetry, 'point')}.`,
    `Openings and enclosure: ${enclosure}. Openings drawn as gaps join their neighbours, so more may be intended than is closed.`,
    `Depth: ${depth}.`,
    `Density of drawing: ${densityWords(stats)}, ${shading}.`,
    `Long lines: ${longLines}.`,
    `Layout: ${layout}.`,
  ];
}

/** Every figure the reading of one drawing rests on, in one point (at most 600 characters, the contract's limit). */
function measurementsPoint(stats: SketchStatistics, label: string): string {
  const { coverage, orientation, runs, regions, vanishing, symmetry } = stats;
  const lowest = runs.lowestHorizontalAt === null ? '' : `, lowest long horizontal at ${pct(runs.lowestHorizontalAt)} of the height`;
  return [
    `${label}: ink ${pct(coverage.density)} of the sheet (${pct(coverage.solidShare)} of it solid)`,
    `stroke edges ${pct(orientation.horizontal)} horizontal, ${pct(orientation.vertical)} vertical, ${pct(orientation.diagonal)} diagonal`,
    `straight runs over ${pct(LONG_RUN_SHARE)} of the sheet: ${runs.horizontal} horizontal, ${runs.vertical} vertical, longest ${pct(runs.longestHorizontal)} of the width and ${pct(runs.longestVertical)} of the height${lowest}`,
    `${regions.count} enclosed regions (each over ${MIN_REGION_SHARE * 100}%), ${pct(regions.areaShare)} of the sheet, largest ${pct(regions.largestShare)}`,
    `${vanishing.diagonalStrokes} long diagonal${vanishing.diagonalStrokes === 1 ? '' : 's'}, ${pct(vanishing.convergence)} converging on ${vanishing.vanishingPoints} vanishing point${vanishing.vanishingPoints === 1 ? '' : 's'}`,
    `ink by thirds ${coverage.thirds.map(pct).join(', ')}; drawn area ${pct(coverage.extentWidth)} by ${pct(coverage.extentHeight)}`,
    `mirror symmetry ${symmetry.toFixed(2)} (0 to 1). Measured from the lines alone, without an AI model.`,
  ].join('; ');
}

/**
 * Writes the offline sketch reading (spec §3 sketch analysis: description and details) from the
 * statistics of each sketch, in upload order.
 *
 * The summary is a short design brief of each drawing ("Reads as an elevation: …"), with no
 * figures; the points follow, most telling first, and each drawing's figures close the list in a
 * point headed "Measurements". With several sketches the 12 points are shared between them: each
 * drawing's prose points, prefixed with its ordinal ("Second sketch: …"), then one Measurements
 * point per drawing. British English.
 * @param sketches 1 to 3 sketches' statistics (spec §9)
 * @returns text that satisfies `sketchReadingTextSchema`; `drawingType` is the first sketch's
 * @throws Error for no sketches
 */
export function writeSketchReading(sketches: readonly SketchStatistics[]): SketchReadingText {
  if (sketches.length === 0) throw new Error('A sketch reading needs at least one sketch.');
  const estimates = sketches.map(estimateDrawingType);
  const several = sketches.length > 1;
  const label = (index: number) => `${ORDINALS[index] ?? 'next'} sketch`;
  const proseEach = Math.floor(SKETCH_POINTS.max / sketches.length) - 1;
  const prose = sketches.flatMap((stats, index) =>
    pointsFor(stats, estimates[index])
      .slice(0, proseEach)
      .map((point) => (several ? `${capitalise(label(index))}: ${point.charAt(0).toLowerCase()}${point.slice(1)}` : point)),
  );
  const measurements = sketches.map((stats, index) => measurementsPoint(stats, several ? `Measurements, ${label(index)}` : 'Measurements'));
  const summaries = estimates.map((estimate, index) => {
    const subject = several ? `The ${label(index)} reads` : 'Reads';
    return `${subject} as ${article(estimate.type)} ${estimate.type}: ${brief(sketches[index], estimate)}.`;
  });
  return { description: summaries.join(' '), details: [...prose, ...measurements], drawingType: estimates[0].type };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
