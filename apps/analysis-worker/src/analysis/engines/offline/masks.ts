import { isCoolHue, isWarmHue, TEMPERATURE_MIN_CHROMA } from './colour-naming.js';
import type { Sample } from './sample.js';

/**
 * What of the frame is sky and what is vegetation, by colour (and, for sky, smoothness and
 * connection to the top of the frame), and the colour temperature of the rest: the built surface.
 */

// Module bindings for the per-pixel loops: global lookups are slow inside VM contexts such as Jest's.
const { abs, floor, max, min, round } = Math;

/** Sobel magnitude under which a pixel counts as smooth (sky must be smooth). */
const SMOOTH_THRESHOLD = 0.2;

/** Sky, vegetation and the built surface's warmth of one sample. */
export interface Masks {
  /** 1 where a pixel is sky, row-major. */
  skyMask: Uint8Array;
  /** 1 where a pixel is vegetation (never also sky), row-major. */
  vegetationMask: Uint8Array;
  /** Share of the frame read as sky, 0..1. */
  sky: number;
  /** Share of the frame read as vegetation, 0..1. */
  vegetation: number;
  /** Colour temperature of the pixels outside both masks, −1 (cool) .. +1 (warm). */
  warmth: number;
}

/** Hue (degrees), HSL saturation and lightness of a pixel, without allocating. */
function pixelHsl(r: number, g: number, b: number, out: Float64Array): void {
  const hi = max(r, g, b);
  const lo = min(r, g, b);
  const c = hi - lo;
  const l = (hi + lo) / 510;
  out[2] = l;
  if (c === 0) {
    out[0] = 0;
    out[1] = 0;
    return;
  }
  out[1] = min(1, c / 255 / (1 - abs(2 * l - 1)));
  let h: number;
  if (hi === r) h = ((g - b) / c) % 6;
  else if (hi === g) h = (b - r) / c + 2;
  else h = (r - g) / c + 4;
  h *= 60;
  out[0] = h < 0 ? h + 360 : h;
}

const hslScratch = new Float64Array(3);

/** Sky candidates: blue-ish (hue 185–255°, some chroma, not dark) or very bright and nearly grey, and smooth. */
function isSkyColour(r: number, g: number, b: number): boolean {
  pixelHsl(r, g, b, hslScratch);
  const h = hslScratch[0];
  const l = hslScratch[2];
  const c = (max(r, g, b) - min(r, g, b)) / 255;
  const blueish = h >= 185 && h <= 255 && c >= 0.08 && l >= 0.35;
  const brightNeutral = l >= 0.8 && c < 0.1;
  return blueish || brightNeutral;
}

/** Vegetation: green to yellow-green hue (70–170°) with enough chroma and saturation, neither black nor white. */
function isVegetationColour(r: number, g: number, b: number): boolean {
  pixelHsl(r, g, b, hslScratch);
  const h = hslScratch[0];
  const s = hslScratch[1];
  const l = hslScratch[2];
  const c = (max(r, g, b) - min(r, g, b)) / 255;
  return h >= 70 && h <= 170 && c >= 0.06 && s >= 0.18 && l >= 0.05 && l <= 0.85;
}

/**
 * Sky mask: smooth sky-coloured pixels connected (4-neighbour flood fill) to the top rows or the
 * upper half of the side edges, so sky-coloured surfaces low in the frame do not count.
 */
function skyMask(sample: Sample, magnitude: Float32Array): Uint8Array {
  const { width: w, height: h, rgb } = sample;
  const candidate = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    candidate[i] = magnitude[i] < SMOOTH_THRESHOLD && isSkyColour(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) ? 1 : 0;
  }
  const mask = new Uint8Array(w * h);
  const stack: number[] = [];
  const seed = (i: number) => {
    if (candidate[i] && !mask[i]) {
      mask[i] = 1;
      stack.push(i);
    }
  };
  const topRows = max(1, round(h * 0.03));
  for (let y = 0; y < topRows; y++) for (let x = 0; x < w; x++) seed(y * w + x);
  for (let y = 0; y < floor(h / 2); y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) seed(i - 1);
    if (x < w - 1) seed(i + 1);
    if (i >= w) seed(i - w);
    if (i + w < w * h) seed(i + w);
  }
  return mask;
}

/**
 * Sky and vegetation masks of a sample and the warmth of what neither holds: each built pixel of
 * at least `TEMPERATURE_MIN_CHROMA` chroma adds (warm hue) or takes away (cool hue) its chroma / 0.2,
 * at most 1, and the sum is divided by the number of built pixels.
 * @param magnitude Sobel magnitude of each pixel (`measureEdges`): sky must be smooth
 */
export function measureMasks(sample: Sample, magnitude: Float32Array): Masks {
  const { width: w, height: h, rgb } = sample;
  const n = w * h;
  const sky = skyMask(sample, magnitude);
  const vegetation = new Uint8Array(n);
  let skyCount = 0;
  let vegetationCount = 0;
  let warm = 0;
  let built = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    if (sky[i]) {
      skyCount++;
      continue;
    }
    if (isVegetationColour(r, g, b)) {
      vegetation[i] = 1;
      vegetationCount++;
      continue;
    }
    built++;
    const c = (max(r, g, b) - min(r, g, b)) / 255;
    if (c < TEMPERATURE_MIN_CHROMA) continue;
    pixelHsl(r, g, b, hslScratch);
    const weight = min(1, c / 0.2);
    if (isWarmHue(hslScratch[0])) warm += weight;
    else if (isCoolHue(hslScratch[0])) warm -= weight;
  }
  return {
    skyMask: sky,
    vegetationMask: vegetation,
    sky: skyCount / n,
    vegetation: vegetationCount / n,
    warmth: built > 0 ? warm / built : 0,
  };
}
