/**
 * Left-right mirror symmetry of the luma image, measured on a coarse copy so that small
 * perspective and lighting differences between the halves are forgiven.
 */

// Module bindings for the per-pixel loops: global lookups are slow inside VM contexts such as Jest's.
const { abs, floor, max, min, round, sqrt } = Math;

/** Longest side of the coarse luma image on which symmetry is measured, in pixels. */
const SYMMETRY_LONGEST_SIDE = 64;
/** How far the mirror axis may sit from the centre, as a fraction of the width. */
const SYMMETRY_AXIS_RANGE = 0.1;

/** Box-filter reduction of a single-channel image by an integer factor. */
function reduce(values: Float32Array, w: number, h: number, factor: number): { values: Float32Array; w: number; h: number } {
  if (factor <= 1) return { values, w, h };
  const rw = floor(w / factor);
  const rh = floor(h / factor);
  const out = new Float32Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) for (let dx = 0; dx < factor; dx++) sum += values[(y * factor + dy) * w + x * factor + dx];
      out[y * rw + x] = sum / (factor * factor);
    }
  }
  return { values: out, w: rw, h: rh };
}

/**
 * Mirror symmetry of coarse luma about a vertical axis: the Pearson correlation of each pixel with
 * its mirror, every row first centred on its own mean (so a sky-over-ground gradient does not count
 * as symmetry), best over axes within `SYMMETRY_AXIS_RANGE` of the centre, clamped to 0..1.
 */
function symmetryOf(l: Float32Array, w: number, h: number): { symmetry: number; offset: number } {
  const centred = new Float32Array(w * h);
  let energy = 0;
  for (let y = 0; y < h; y++) {
    let mean = 0;
    for (let x = 0; x < w; x++) mean += l[y * w + x];
    mean /= w;
    for (let x = 0; x < w; x++) {
      const v = l[y * w + x] - mean;
      centred[y * w + x] = v;
      energy += v * v;
    }
  }
  if (energy / (w * h) < 1e-6) return { symmetry: 1, offset: 0 }; // rows of one colour are their own mirror
  const maxShift = round(w * SYMMETRY_AXIS_RANGE * 2); // the axis moves half a pixel per shift step
  let best = -1;
  let bestShift = 0;
  for (let s = -maxShift; s <= maxShift; s++) {
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) {
        const xm = w - 1 + s - x;
        if (xm < 0 || xm >= w || xm <= x) continue;
        const a = centred[row + x];
        const b = centred[row + xm];
        sxy += a * b;
        sxx += a * a;
        syy += b * b;
      }
    }
    const c = sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 1;
    if (c > best + 1e-9 || (abs(c - best) <= 1e-9 && abs(s) < abs(bestShift))) {
      best = c;
      bestShift = s;
    }
  }
  return { symmetry: max(0, min(1, best)), offset: bestShift / 2 / w };
}

/**
 * Mirror symmetry of a luma image, read on a box-filtered copy about `SYMMETRY_LONGEST_SIDE` (64)
 * pixels on its longest side.
 * @param l luma 0..1, row-major, `w × h`
 * @returns `symmetry` 0..1, and `offset`, the best axis's distance from the centre as a fraction of
 *   the width (−0.1..0.1, positive: right of centre)
 */
export function measureSymmetry(l: Float32Array, w: number, h: number): { symmetry: number; offset: number } {
  const coarse = reduce(l, w, h, floor(max(w, h) / SYMMETRY_LONGEST_SIDE));
  return symmetryOf(coarse.values, coarse.w, coarse.h);
}
