import type { InkMap } from './ink-map.js';
import { AXIS_TOLERANCE_DEGREES } from './stroke-orientation.js';

/** A straight stroke found in the sketch, in working pixels. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Direction of the stroke, 0..180 degrees from the horizontal (y down). */
  angle: number;
}

/** Whether the diagonal strokes of a sketch head for common points, as a perspective's do. */
export interface VanishingLines {
  /** Long straight strokes more than `AXIS_TOLERANCE_DEGREES` off horizontal and vertical. */
  diagonalStrokes: number;
  /** Share of the diagonal strokes that point at one of the vanishing points found, 0..1. */
  convergence: number;
  /** Common points supported by at least `MIN_POINT_SUPPORT` diagonal strokes each (0 to 2 are looked for). */
  vanishingPoints: number;
  /** Share of the diagonals that run parallel (within `PARALLEL_DEGREES`) to the largest parallel family, 0..1: an axonometric's sign. */
  parallelShare: number;
  /** Number of distinct diagonal directions with at least 2 parallel strokes each. */
  parallelFamilies: number;
}

/**
 * Shortest stroke that counts, as a share of the sheet's longer side: receding edges of volumes in
 * a perspective and ground lines are long; hatching strokes and furniture outlines are shorter.
 */
export const MIN_STROKE_SHARE = 0.1;
/** A stroke points at a common point when its direction is within this many degrees of it. */
export const CONVERGENCE_DEGREES = 2;
/** Fewest diagonal strokes through one point that make it a vanishing point. */
export const MIN_POINT_SUPPORT = 3;
/** Strokes within this many degrees of each other are parallel. */
export const PARALLEL_DEGREES = 2;
/**
 * Least spread of directions, in degrees, among the strokes through a vanishing point: receding
 * edges fan out towards their point, while a family of parallel hatching strokes, which only meet
 * far away, spans almost none.
 */
export const MIN_FAN_DEGREES = 8;
/** Common points further than this many sheet sides from the centre are too far to tell from parallel. */
const MAX_POINT_DISTANCE_SIDES = 4;
/** Hough strokes looked at, strongest first. */
const MAX_STROKES = 100;
/** Gaps bridged when a stroke is followed along its line, in working pixels. */
const GAP_PIXELS = 3;

const DEGREE = Math.PI / 180;

/** Distances across a stroke, in working pixels, at which paper must show on one side: a line, not a fill or hatching. */
const THIN_PROBE_PIXELS = [2, 3, 4, 5];
/** Least share of a stroke's length that must be ink (the rest being bridged gaps): a drawn line, not a dotted path through texture. */
const MIN_SOLID_SHARE = 0.8;

/**
 * Finds long straight diagonal strokes (more than `AXIS_TOLERANCE_DEGREES` off horizontal and
 * vertical: the only ones that can show convergence) with a Hough transform of the ink (1° by
 * 1 px), then follows each peak along its line to the longest continuous run of thin ink. A run
 * through a hatched or filled patch, which collects votes in every direction, has ink on both
 * sides and is not a stroke.
 */
export function findDiagonalStrokes(map: InkMap): Segment[] {
  const { width, height, ink } = map;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rhoBins = 2 * diagonal + 1;
  const accumulator = new Int32Array(180 * rhoBins);
  const cos = Float64Array.from({ length: 180 }, (_, t) => Math.cos(t * DEGREE));
  const sin = Float64Array.from({ length: 180 }, (_, t) => Math.sin(t * DEGREE));
  // The normal angles t of diagonal lines (the line runs at t + 90°).
  const angles = Int32Array.from({ length: 180 }, (_, t) => t).filter((t) => isDiagonalAngle((t + 90) % 180));
  // Plain indexed loops and a truncating round: this is the hot loop (ink pixels × angles).
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      for (let a = 0; a < angles.length; a++) {
        const t = angles[a];
        accumulator[t * rhoBins + ((x * cos[t] + y * sin[t] + diagonal + 0.5) | 0)]++;
      }
    }
  }
  const inkAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < width && yi < height && ink[yi * width + xi] === 1;
  };
  const minLength = MIN_STROKE_SHARE * Math.max(width, height);
  const inkNear = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = xi + dx;
        const yy = yi + dy;
        if (xx >= 0 && yy >= 0 && xx < width && yy < height && ink[yy * width + xx]) return true;
      }
    }
    return false;
  };
  // Peaks: cells with enough votes for a stroke that are the largest of their 3 × 3 neighbourhood,
  // strongest first; a peak near one already examined (±3°, ±6 px) is the same stroke seen again.
  const peaks: number[] = [];
  for (const t of angles) {
    for (let r = 1; r < rhoBins - 1; r++) {
      const i = t * rhoBins + r;
      const v = accumulator[i];
      if (v < minLength || v < accumulator[i - 1] || v < accumulator[i + 1]) continue;
      if (t > 0 && v < accumulator[i - rhoBins]) continue;
      if (t < 179 && v < accumulator[i + rhoBins]) continue;
      peaks.push(i);
    }
  }
  peaks.sort((a, b) => accumulator[b] - accumulator[a] || a - b);
  const examined: Array<[number, number]> = [];
  const segments: Segment[] = [];
  for (const peak of peaks) {
    if (segments.length >= MAX_STROKES || examined.length >= 3 * MAX_STROKES) break;
    const t = Math.floor(peak / rhoBins);
    const rho = (peak % rhoBins) - diagonal;
    if (examined.some(([et, er]) => angleBetween(et, t) <= 3 && Math.abs(er - rho) <= 6)) continue;
    examined.push([t, rho]);
    // Follow the line x·cos t + y·sin t = rho across the sheet, one pixel at a time.
    const [c, s] = [cos[t], sin[t]];
    const [x0, y0] = [rho * c, rho * s];
    const [dx, dy] = [-s, c];
    let runStart = Number.NaN;
    let lastInk = Number.NaN;
    let runInk = 0;
    let bestRun: [number, number] | undefined;
    for (let k = -diagonal; k <= diagonal + GAP_PIXELS + 1; k++) {
      const x = x0 + k * dx;
      const y = y0 + k * dy;
      const inside = x >= 0 && y >= 0 && x < width && y < height;
      const paperOn = (side: number) => THIN_PROBE_PIXELS.every((d) => !inkAt(x + side * d * c, y + side * d * s));
      if (inside && inkNear(x, y) && (paperOn(1) || paperOn(-1))) {
        if (Number.isNaN(runStart) || k - lastInk > GAP_PIXELS + 1) {
          runStart = k;
          runInk = 0;
        }
        lastInk = k;
        runInk++;
        const solid = runInk >= MIN_SOLID_SHARE * (lastInk - runStart + 1);
        if (solid && (!bestRun || lastInk - runStart > bestRun[1] - bestRun[0])) bestRun = [runStart, lastInk];
      }
    }
    if (!bestRun || bestRun[1] - bestRun[0] + 1 < minLength) continue;
    segments.push({
      x1: x0 + bestRun[0] * dx,
      y1: y0 + bestRun[0] * dy,
      x2: x0 + bestRun[1] * dx,
      y2: y0 + bestRun[1] * dy,
      angle: (t + 90) % 180,
    });
  }
  return segments;
}

/** Smallest difference between two stroke directions (0..90 degrees). */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

/** Whether a direction (degrees) is more than `AXIS_TOLERANCE_DEGREES` off both horizontal and vertical. */
function isDiagonalAngle(angle: number): boolean {
  return angleBetween(angle, 0) > AXIS_TOLERANCE_DEGREES && angleBetween(angle, 90) > AXIS_TOLERANCE_DEGREES;
}

/** The point where the lines through two strokes cross, or null for (nearly) parallel strokes. */
function intersection(a: Segment, b: Segment): { x: number; y: number } | null {
  const [ax, ay, bx, by] = [a.x2 - a.x1, a.y2 - a.y1, b.x2 - b.x1, b.y2 - b.y1];
  const denominator = ax * by - ay * bx;
  if (Math.abs(denominator) < 1e-9 || angleBetween(a.angle, b.angle) < PARALLEL_DEGREES) return null;
  const u = ((b.x1 - a.x1) * by - (b.y1 - a.y1) * bx) / denominator;
  return { x: a.x1 + u * ax, y: a.y1 + u * ay };
}

/** Whether a stroke, extended, points at `p` within `CONVERGENCE_DEGREES` (seen from the stroke's midpoint). */
function pointsAt(segment: Segment, p: { x: number; y: number }): boolean {
  const mx = (segment.x1 + segment.x2) / 2;
  const my = (segment.y1 + segment.y2) / 2;
  if (Math.hypot(p.x - mx, p.y - my) < 1) return true;
  const towards = (((Math.atan2(p.y - my, p.x - mx) / DEGREE) % 180) + 180) % 180;
  return angleBetween(towards, segment.angle) <= CONVERGENCE_DEGREES;
}

/** Spread of the strokes' directions, in degrees: the widest gap between any two of them (0..90). */
function fanOf(strokes: Segment[]): number {
  let widest = 0;
  for (let i = 0; i < strokes.length; i++) {
    for (let j = i + 1; j < strokes.length; j++) widest = Math.max(widest, angleBetween(strokes[i].angle, strokes[j].angle));
  }
  return widest;
}

/**
 * Vanishing-line convergence: every crossing of two diagonal strokes within
 * `MAX_POINT_DISTANCE_SIDES` sheet sides of the centre is a candidate common point, and the one that
 * the most diagonals point at (within `CONVERGENCE_DEGREES`) and that they fan out towards (at least
 * `MIN_FAN_DEGREES` between them) wins; a second is looked for among the rest. In a perspective the receding edges share one to three such points; in a plan or an
 * elevation there are few diagonals and they share none; in an axonometric they are parallel
 * instead (`parallelShare`).
 */
export function measureVanishingLines(map: InkMap, diagonals: Segment[] = findDiagonalStrokes(map)): VanishingLines {
  const side = Math.max(map.width, map.height);
  const centre = { x: map.width / 2, y: map.height / 2 };
  const remaining = [...diagonals];
  const supports: number[] = [];
  for (let point = 0; point < 2 && remaining.length >= MIN_POINT_SUPPORT; point++) {
    let bestSupporters: Segment[] = [];
    for (let i = 0; i < remaining.length; i++) {
      for (let j = i + 1; j < remaining.length; j++) {
        const p = intersection(remaining[i], remaining[j]);
        if (!p || Math.hypot(p.x - centre.x, p.y - centre.y) > MAX_POINT_DISTANCE_SIDES * side) continue;
        const supporters = remaining.filter((s) => pointsAt(s, p));
        if (supporters.length > bestSupporters.length && fanOf(supporters) >= MIN_FAN_DEGREES) bestSupporters = supporters;
      }
    }
    if (bestSupporters.length < MIN_POINT_SUPPORT) break;
    supports.push(bestSupporters.length);
    for (const s of bestSupporters) remaining.splice(remaining.indexOf(s), 1);
  }
  let largestFamily = 0;
  const families = new Set<number>();
  for (const a of diagonals) {
    const family = diagonals.filter((b) => angleBetween(a.angle, b.angle) <= PARALLEL_DEGREES);
    largestFamily = Math.max(largestFamily, family.length);
    if (family.length >= 2) families.add(Math.round(Math.min(...family.map((f) => f.angle)) / (2 * PARALLEL_DEGREES)));
  }
  return {
    diagonalStrokes: diagonals.length,
    convergence: diagonals.length === 0 ? 0 : supports.reduce((a, b) => a + b, 0) / diagonals.length,
    vanishingPoints: supports.length,
    parallelShare: diagonals.length === 0 ? 0 : largestFamily / diagonals.length,
    parallelFamilies: families.size,
  };
}
