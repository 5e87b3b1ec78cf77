/** Deterministic weighted k-means on RGB points, the clustering behind the palette. */

// Module bindings for the per-point loops: global lookups are slow inside VM contexts such as Jest's.
const { floor, max, min, round } = Math;
const INFINITY = Number.POSITIVE_INFINITY;

/** The result of `kMeans`. */
export interface Clustering {
  centres: Float64Array;
  /** Weight of each centre, summing to 1. */
  shares: Float64Array;
  /** Cluster of each point. */
  assignment: Int32Array;
}

/**
 * Deterministic weighted k-means on 3-D points (RGB 0..255). Centres start as the weighted means of
 * k equal-weight bins of the points ordered by luma (a 256-bin counting sort, ties by index), then
 * Lloyd iterations until no point moves or `iterations` (20 by default) have run; an emptied
 * cluster is re-seeded at the point farthest from its centre.
 * @param points RGB triplets, 0..255, `n × 3`
 * @param weights one weight per point, `n`, not all 0
 * @param k number of clusters, 1..n
 */
export function kMeans(points: Float64Array, weights: Float64Array, k: number, iterations = 20): Clustering {
  const n = weights.length;
  const lumaBin = new Uint8Array(n);
  const counts = new Int32Array(257);
  for (let i = 0; i < n; i++) {
    const y = round(0.2126 * points[i * 3] + 0.7152 * points[i * 3 + 1] + 0.0722 * points[i * 3 + 2]);
    lumaBin[i] = max(0, min(255, y));
    counts[lumaBin[i] + 1]++;
  }
  for (let b = 1; b <= 256; b++) counts[b] += counts[b - 1];
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[counts[lumaBin[i]]++] = i;

  let total = 0;
  for (let i = 0; i < n; i++) total += weights[i];
  const centres = new Float64Array(k * 3);
  const acc = new Float64Array(k * 4);
  let running = 0;
  for (const i of order) {
    const bin = min(k - 1, floor((running / total) * k));
    running += weights[i];
    for (let c = 0; c < 3; c++) acc[bin * 4 + c] += points[i * 3 + c] * weights[i];
    acc[bin * 4 + 3] += weights[i];
  }
  for (let j = 0; j < k; j++) {
    const w = acc[j * 4 + 3];
    const fallback = order[min(n - 1, floor(((j + 0.5) / k) * n))];
    for (let c = 0; c < 3; c++) centres[j * 3 + c] = w > 0 ? acc[j * 4 + c] / w : points[fallback * 3 + c];
  }

  const assignment = new Int32Array(n).fill(-1);
  const distance = new Float64Array(n);
  const nearestDistance = new Float64Array(1);
  for (let iter = 0; iter < iterations; iter++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      const best = nearestCentre(centres, k, points[i * 3], points[i * 3 + 1], points[i * 3 + 2], nearestDistance);
      if (assignment[i] !== best) changed = true;
      assignment[i] = best;
      distance[i] = nearestDistance[0];
    }
    if (!changed) break;
    acc.fill(0);
    for (let i = 0; i < n; i++) {
      const j = assignment[i];
      for (let c = 0; c < 3; c++) acc[j * 4 + c] += points[i * 3 + c] * weights[i];
      acc[j * 4 + 3] += weights[i];
    }
    for (let j = 0; j < k; j++) {
      const w = acc[j * 4 + 3];
      if (w > 0) {
        for (let c = 0; c < 3; c++) centres[j * 3 + c] = acc[j * 4 + c] / w;
      } else {
        let far = 0;
        for (let i = 1; i < n; i++) if (distance[i] > distance[far]) far = i;
        for (let c = 0; c < 3; c++) centres[j * 3 + c] = points[far * 3 + c];
        distance[far] = 0;
      }
    }
  }
  const shares = new Float64Array(k);
  for (let i = 0; i < n; i++) shares[assignment[i]] += weights[i] / total;
  return { centres, shares, assignment };
}

/**
 * Index of the nearest centre to an RGB triplet; when `squaredDistance` is given, its first
 * element receives the squared distance to that centre.
 */
export function nearestCentre(centres: Float64Array, k: number, r: number, g: number, b: number, squaredDistance?: Float64Array): number {
  let best = 0;
  let bestD = INFINITY;
  for (let j = 0; j < k; j++) {
    const dr = r - centres[j * 3];
    const dg = g - centres[j * 3 + 1];
    const db = b - centres[j * 3 + 2];
    const d = dr * dr + dg * dg + db * db;
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  if (squaredDistance) squaredDistance[0] = bestD;
  return best;
}
