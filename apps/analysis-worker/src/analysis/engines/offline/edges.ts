/**
 * Edges of the luma image: a 3×3 Sobel filter, the balance of edge orientations, the share of
 * pixels that are edges, and the repetition of edges across the width and down the height.
 */

// Module bindings for the per-pixel loops: global lookups are slow inside VM contexts such as Jest's.
const { PI, abs, ceil, floor, hypot, max, min, round, sqrt, tan } = Math;

/** Sobel magnitude (on luma 0..1, kernel weights 1-2-1) that counts as an edge: about a 7.5 % step. */
export const EDGE_THRESHOLD = 0.3;

/**
 * Balance of edge orientations, weighted by Sobel gradient magnitude above `EDGE_THRESHOLD`;
 * the three shares sum to 1. An edge is vertical when its gradient is horizontal (within 22.5°),
 * horizontal when its gradient is vertical (within 22.5°), diagonal otherwise; the diagonal bin
 * therefore spans twice the angle of each of the others.
 */
export interface EdgeBalance {
  horizontal: number;
  vertical: number;
  diagonal: number;
}

/** A repeating pattern of edges along one axis (bays across the width, courses or floors down the height). */
export interface Rhythm {
  /** Normalised autocorrelation at the strongest repeat, 0..1 (0 = no repetition). */
  strength: number;
  /** Repeat distance as a fraction of the frame's width (vertical rhythm) or height (horizontal rhythm), 0 when none. */
  period: number;
}

/** What `measureEdges` reads of one luma image. */
export interface EdgeMeasures {
  /** Sobel magnitude of each pixel, row-major; 0 on the border. */
  magnitude: Float32Array;
  /** 1 where the magnitude exceeds `EDGE_THRESHOLD`, row-major. */
  edge: Uint8Array;
  edges: EdgeBalance;
  /** Share of pixels that are edges, 0..1. */
  edgeDensity: number;
  /** Repetition of vertical edges across the width. */
  verticalRhythm: Rhythm;
  /** Repetition of horizontal edges down the height. */
  horizontalRhythm: Rhythm;
}

interface Gradients {
  magnitude: Float32Array;
  /** 0 = none, 1 = vertical edge, 2 = horizontal edge, 3 = diagonal edge. */
  orientation: Uint8Array;
}

/** 3×3 Sobel on luma; border pixels get magnitude 0. */
function sobel(l: Float32Array, w: number, h: number): Gradients {
  const magnitude = new Float32Array(w * h);
  const orientation = new Uint8Array(w * h);
  const tan22 = tan(PI / 8);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const tl = l[i - w - 1];
      const t = l[i - w];
      const tr = l[i - w + 1];
      const ml = l[i - 1];
      const mr = l[i + 1];
      const bl = l[i + w - 1];
      const b = l[i + w];
      const br = l[i + w + 1];
      const gx = tr + 2 * mr + br - tl - 2 * ml - bl;
      const gy = bl + 2 * b + br - tl - 2 * t - tr;
      const ax = abs(gx);
      const ay = abs(gy);
      magnitude[i] = hypot(gx, gy);
      // A horizontal gradient (|gy| small) marks a vertical edge, and the reverse.
      orientation[i] = ay <= ax * tan22 ? 1 : ax <= ay * tan22 ? 2 : 3;
    }
  }
  return { magnitude, orientation };
}

/** Shortest repeat that counts as a rhythm, as a fraction of the profile (finer repeats are texture). */
const MIN_RHYTHM_PERIOD = 0.04;

/**
 * Detrended autocorrelation of an edge profile: the strongest local peak between
 * `MIN_RHYTHM_PERIOD` and a third of the profile's length (so at least three repeats are visible).
 */
function rhythmOf(profile: Float64Array): Rhythm {
  const n = profile.length;
  const window = max(3, round(n / 6));
  const p = new Float64Array(n);
  let prefix = 0;
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sums[i + 1] = prefix += profile[i];
  for (let i = 0; i < n; i++) {
    const a = max(0, i - window);
    const b = min(n, i + window + 1);
    p[i] = profile[i] - (sums[b] - sums[a]) / (b - a);
  }
  const maxLag = floor(n / 3);
  const corr = new Float64Array(maxLag + 2);
  for (let lag = 1; lag <= maxLag + 1 && lag < n; lag++) {
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i + lag < n; i++) {
      sxy += p[i] * p[i + lag];
      sxx += p[i] * p[i];
      syy += p[i + lag] * p[i + lag];
    }
    corr[lag] = sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
  }
  let best = 0;
  let bestLag = 0;
  for (let lag = max(2, ceil(n * MIN_RHYTHM_PERIOD)); lag <= maxLag; lag++) {
    const c = corr[lag];
    if (c > corr[lag - 1] && c >= corr[lag + 1] && c > best) {
      best = c;
      bestLag = lag;
    }
  }
  return best > 0 ? { strength: best, period: bestLag / n } : { strength: 0, period: 0 };
}

/**
 * Edges of a luma image: Sobel magnitudes, the edge mask, the orientation balance (equal thirds
 * when there is no edge) and the rhythms of the vertical edges by column and the horizontal edges
 * by row, each edge weighted by its magnitude.
 * @param l luma 0..1, row-major, `w × h`
 */
export function measureEdges(l: Float32Array, w: number, h: number): EdgeMeasures {
  const n = w * h;
  const { magnitude, orientation } = sobel(l, w, h);
  const bins = [0, 0, 0, 0];
  let edgeCount = 0;
  const edge = new Uint8Array(n);
  const columnProfile = new Float64Array(w);
  const rowProfile = new Float64Array(h);
  for (let i = 0; i < n; i++) {
    const m = magnitude[i];
    if (m <= EDGE_THRESHOLD) continue;
    edgeCount++;
    edge[i] = 1;
    const o = orientation[i];
    bins[o] += m;
    if (o === 1) columnProfile[i % w] += m;
    else if (o === 2) rowProfile[floor(i / w)] += m;
  }
  const edgeWeight = bins[1] + bins[2] + bins[3];
  const edges: EdgeBalance =
    edgeWeight > 0
      ? { vertical: bins[1] / edgeWeight, horizontal: bins[2] / edgeWeight, diagonal: bins[3] / edgeWeight }
      : { vertical: 1 / 3, horizontal: 1 / 3, diagonal: 1 / 3 };
  return {
    magnitude,
    edge,
    edges,
    edgeDensity: edgeCount / n,
    verticalRhythm: rhythmOf(columnProfile),
    horizontalRhythm: rhythmOf(rowProfile),
  };
}

/** Vertical over horizontal edge share, kept finite by a floor of 0.001 on both shares. */
export function verticalToHorizontal(edges: EdgeBalance): number {
  const least = 1e-3;
  return max(edges.vertical, least) / max(edges.horizontal, least);
}
