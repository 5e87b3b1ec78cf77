import type { InkMap } from './ink-map.js';

/** How much of the sheet is drawn on, and where. */
export interface InkCoverage {
  /** Ink pixels as a share of the sheet, 0..1: line density. */
  density: number;
  /** The drawn area (the bounding box of the ink, its outermost 0.5 % trimmed on each side) as a share of the sheet's width and height, 0..1. */
  extentWidth: number;
  extentHeight: number;
  /** Share of the ink in the top, middle and bottom thirds of the sheet (they sum to 1). */
  thirds: [number, number, number];
  /** Share of the ink that lies inside solid fills (every pixel within `SOLID_RADIUS` is ink), 0..1: poché, shadow, heavy hatching. */
  solidShare: number;
}

/** Radius, in working pixels, of the square that must be all ink around a pixel of a solid fill: wider than any pen line at 512 px. */
export const SOLID_RADIUS = 3;

/** Share of the ink trimmed on each side before the drawn extent is taken: a stray mark or a signature does not stretch it. */
const EXTENT_TRIM = 0.005;

/** Position below which `share` of the weights lie, for weights indexed 0..n-1. */
function quantile(weights: Uint32Array, total: number, share: number): number {
  let seen = 0;
  for (let i = 0; i < weights.length; i++) {
    seen += weights[i];
    if (seen > share * total) return i;
  }
  return weights.length - 1;
}

/** Line density, drawn extent, the vertical distribution of the ink and its solid fills (see `InkCoverage`). */
export function measureInkCoverage(map: InkMap): InkCoverage {
  const { width, height, ink } = map;
  const columns = new Uint32Array(width);
  const rows = new Uint32Array(height);
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      columns[x]++;
      rows[y]++;
      total++;
    }
  }
  if (total === 0) return { density: 0, extentWidth: 0, extentHeight: 0, thirds: [0, 0, 0], solidShare: 0 };
  let solid = 0;
  for (let y = SOLID_RADIUS; y < height - SOLID_RADIUS; y++) {
    for (let x = SOLID_RADIUS; x < width - SOLID_RADIUS; x++) {
      if (!ink[y * width + x]) continue;
      let all = true;
      for (let dy = -SOLID_RADIUS; dy <= SOLID_RADIUS && all; dy++) {
        for (let dx = -SOLID_RADIUS; dx <= SOLID_RADIUS; dx++) {
          if (!ink[(y + dy) * width + x + dx]) {
            all = false;
            break;
          }
        }
      }
      if (all) solid++;
    }
  }
  const thirds: [number, number, number] = [0, 0, 0];
  for (let y = 0; y < height; y++) thirds[Math.min(2, Math.floor((3 * y) / height))] += rows[y] / total;
  return {
    density: total / (width * height),
    extentWidth: (quantile(columns, total, 1 - EXTENT_TRIM) - quantile(columns, total, EXTENT_TRIM) + 1) / width,
    extentHeight: (quantile(rows, total, 1 - EXTENT_TRIM) - quantile(rows, total, EXTENT_TRIM) + 1) / height,
    thirds,
    solidShare: solid / total,
  };
}
