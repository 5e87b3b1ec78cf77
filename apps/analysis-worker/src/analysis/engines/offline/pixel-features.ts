import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@archlens/contracts/analysis';
import {
  chroma,
  colourFamily,
  colourTemperature,
  isCoolHue,
  isWarmHue,
  nearestColourName,
  TEMPERATURE_MIN_CHROMA,
  rgbToHex,
  rgbToHsl,
  type ColourTemperature,
  type Rgb,
} from './colour-naming.js';
import { measureElevationBands, type ElevationBands } from './elevation-bands.js';

/**
 * Measured pixel features of architectural photos, the only evidence the offline engine uses.
 *
 * Every image is decoded with sharp, turned upright from its EXIF orientation, and reduced so its
 * longest side is at most `SAMPLE_LONGEST_SIDE` pixels before any measurement (libjpeg
 * shrink-on-load decodes a large JPEG at a fraction of its size, so a camera photo stays cheap to
 * read). All measures below work on that sample in gamma-encoded sRGB.
 */

// Module bindings for the per-pixel loops: global lookups (Math, Infinity) are slow inside VM
// contexts such as Jest's, and cost nothing to avoid.
const { PI, abs, ceil, floor, hypot, max, min, round, sqrt, tan } = Math;
const INFINITY = Number.POSITIVE_INFINITY;

/** Longest side of the analysed sample, in pixels. */
export const SAMPLE_LONGEST_SIDE = 256;
/** Number of palette clusters (k-means on RGB). */
export const PALETTE_SIZE = 5;

/** One colour of a dominant palette. */
export interface PaletteEntry {
  /** Cluster centre, `#rrggbb`. */
  hex: string;
  rgb: Rgb;
  /** Share of the analysed pixels in this cluster, 0..1; the shares of a palette sum to 1. */
  share: number;
  /** Nearest plain name in the color-name-list "best of" list (`nearestColourName`), e.g. "Weathered Stone". */
  name: string;
  /** Plain family computed from HSL, e.g. "warm grey", "ochre", "slate blue". */
  family: string;
  temperature: ColourTemperature;
  /** HSL lightness of the centre, 0..1. */
  lightness: number;
  /** Chroma of the centre, (max − min) / 255, 0..1. */
  chroma: number;
  /** Share of this cluster's pixels that the sky mask holds, 0..1. */
  skyShare: number;
  /** Share of this cluster's pixels that the vegetation mask holds, 0..1. */
  vegetationShare: number;
}

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

/** The features of one image, or of all the images of an analysis. */
export interface PixelFeatures {
  /** Up to `PALETTE_SIZE` colours, largest share first. */
  palette: PaletteEntry[];
  /** Mean luma (Rec. 709 coefficients on gamma-encoded sRGB), 0..1. */
  luminance: number;
  /** Standard deviation of luma, 0..0.5. */
  contrast: number;
  /** Mean chroma, (max − min) / 255, 0..1: a saturation measure that stays calm in near-black pixels. */
  saturation: number;
  /** Colour temperature of the pixels outside the sky and vegetation masks, −1 (cool) .. +1 (warm). */
  warmth: number;
  edges: EdgeBalance;
  /** Share of pixels whose Sobel magnitude exceeds `EDGE_THRESHOLD`, 0..1: how busy the surfaces are. */
  edgeDensity: number;
  /** Vertical edges divided by horizontal edges (edge weights), e.g. 1.8 means 1.8 to 1. */
  verticalToHorizontal: number;
  /** Left-right mirror symmetry, 0..1 (correlation of coarse luma with its mirror, best axis within ±10 % of centre). */
  symmetry: number;
  /** Offset of the best mirror axis from the centre, as a fraction of the width, −0.1..0.1 (positive: right of centre). */
  symmetryAxisOffset: number;
  /** Share of the frame read as sky, 0..1. */
  sky: number;
  /** Share of the frame read as vegetation, 0..1. */
  vegetation: number;
  /** Repetition of vertical edges across the width (bays, mullions, piers). */
  verticalRhythm: Rhythm;
  /** Repetition of horizontal edges down the height (floors, courses, cornices). */
  horizontalRhythm: Rhythm;
  /** Edge density in the top, middle and bottom thirds of the built height (`measureElevationBands`). */
  bands: ElevationBands;
  /** Width / height of the frame. */
  aspectRatio: number;
}

/** Features of one image plus the size of the analysed sample. */
export interface ImageFeatures extends PixelFeatures {
  /** Width of the analysed sample, in pixels (at most `SAMPLE_LONGEST_SIDE`). */
  sampleWidth: number;
  sampleHeight: number;
}

/** Features of all the images of one analysis (each image weighs the same). */
export interface AggregateFeatures extends PixelFeatures {
  imageCount: number;
  images: ImageFeatures[];
}

/** Thrown when sharp cannot decode the bytes as an image. */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

/** Sobel magnitude (on luma 0..1, kernel weights 1-2-1) that counts as an edge: about a 7.5 % step. */
export const EDGE_THRESHOLD = 0.3;
/** Sobel magnitude under which a pixel counts as smooth (sky must be smooth). */
const SMOOTH_THRESHOLD = 0.2;

interface Sample {
  width: number;
  height: number;
  /** RGB triplets, 0..255. */
  rgb: Uint8Array;
}

async function decodeSample(image: Buffer): Promise<Sample> {
  try {
    const { data, info } = await sharp(image, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(SAMPLE_LONGEST_SIDE, SAMPLE_LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    if (channels === 3) return { width, height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = data[i * channels + min(c, channels - 1)];
    }
    return { width, height, rgb };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageDecodeError(`The image could not be decoded: ${reason}`);
  }
}

function luma(r: number, g: number, b: number): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Clustering {
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
 */
function kMeans(points: Float64Array, weights: Float64Array, k: number, iterations = 20): Clustering {
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
function nearestCentre(centres: Float64Array, k: number, r: number, g: number, b: number, squaredDistance?: Float64Array): number {
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

/** The palette is fitted on every `CLUSTER_STRIDE`-th pixel of every `CLUSTER_STRIDE`-th row. */
const CLUSTER_STRIDE = 2;

/** Clusters closer than this (RGB Euclidean distance) are merged into one palette entry. */
const MERGE_DISTANCE = 12;

interface RawPaletteEntry {
  rgb: Rgb;
  share: number;
  skyShare: number;
  vegetationShare: number;
}

/** Merges near-identical clusters, drops empty ones, names them and sorts by share (then hex). */
function finishPalette(entries: RawPaletteEntry[]): PaletteEntry[] {
  const merged: RawPaletteEntry[] = [];
  for (const e of [...entries].filter((x) => x.share > 0).sort((a, b) => b.share - a.share)) {
    const near = merged.find((m) => hypot(m.rgb.r - e.rgb.r, m.rgb.g - e.rgb.g, m.rgb.b - e.rgb.b) < MERGE_DISTANCE);
    if (!near) {
      merged.push({ ...e, rgb: { ...e.rgb } });
      continue;
    }
    const w = near.share + e.share;
    near.rgb = {
      r: (near.rgb.r * near.share + e.rgb.r * e.share) / w,
      g: (near.rgb.g * near.share + e.rgb.g * e.share) / w,
      b: (near.rgb.b * near.share + e.rgb.b * e.share) / w,
    };
    near.skyShare = (near.skyShare * near.share + e.skyShare * e.share) / w;
    near.vegetationShare = (near.vegetationShare * near.share + e.vegetationShare * e.share) / w;
    near.share = w;
  }
  const total = merged.reduce((s, e) => s + e.share, 0);
  return merged
    .map((e): PaletteEntry => {
      const rgb = { r: round(e.rgb.r), g: round(e.rgb.g), b: round(e.rgb.b) };
      return {
        hex: rgbToHex(rgb),
        rgb,
        share: e.share / total,
        name: nearestColourName(rgb),
        family: colourFamily(rgb),
        temperature: colourTemperature(rgb),
        lightness: rgbToHsl(rgb).l,
        chroma: chroma(rgb),
        skyShare: e.skyShare,
        vegetationShare: e.vegetationShare,
      };
    })
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
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
 * Coarse (64 px) so that small perspective and lighting differences between the halves are forgiven.
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
 * Lets the event loop run pending I/O before the next stage of `measure`, so the worker keeps
 * downloading the next photos while it measures this one: a photo's stages then hold the thread
 * one at a time, the longest being k-means, rather than all at once.
 */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function measure(sample: Sample): Promise<ImageFeatures> {
  const { width: w, height: h, rgb } = sample;
  const n = w * h;
  const l = new Float32Array(n);
  let sumL = 0;
  let sumL2 = 0;
  let sumC = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    const y = luma(r, g, b);
    l[i] = y;
    sumL += y;
    sumL2 += y * y;
    sumC += (max(r, g, b) - min(r, g, b)) / 255;
  }
  const luminance = sumL / n;
  const contrast = sqrt(max(0, sumL2 / n - luminance * luminance));

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

  await yieldToEventLoop();
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

  await yieldToEventLoop();
  // Fit the palette on every second pixel of every second row, then assign every pixel.
  const fit: number[] = [];
  for (let y = 0; y < h; y += CLUSTER_STRIDE) for (let x = 0; x < w; x += CLUSTER_STRIDE) fit.push(y * w + x);
  const points = new Float64Array(fit.length * 3);
  fit.forEach((i, p) => {
    points[p * 3] = rgb[i * 3];
    points[p * 3 + 1] = rgb[i * 3 + 1];
    points[p * 3 + 2] = rgb[i * 3 + 2];
  });
  const { centres } = kMeans(points, new Float64Array(fit.length).fill(1), PALETTE_SIZE);
  await yieldToEventLoop();
  const members = new Float64Array(PALETTE_SIZE);
  const skyMembers = new Float64Array(PALETTE_SIZE);
  const vegetationMembers = new Float64Array(PALETTE_SIZE);
  for (let i = 0; i < n; i++) {
    const j = nearestCentre(centres, PALETTE_SIZE, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
    members[j]++;
    if (sky[i]) skyMembers[j]++;
    if (vegetation[i]) vegetationMembers[j]++;
  }
  const raw: RawPaletteEntry[] = [];
  for (let j = 0; j < PALETTE_SIZE; j++) {
    raw.push({
      rgb: { r: centres[j * 3], g: centres[j * 3 + 1], b: centres[j * 3 + 2] },
      share: members[j] / n,
      skyShare: members[j] > 0 ? skyMembers[j] / members[j] : 0,
      vegetationShare: members[j] > 0 ? vegetationMembers[j] / members[j] : 0,
    });
  }

  await yieldToEventLoop();
  const coarse = reduce(l, w, h, floor(max(w, h) / SYMMETRY_LONGEST_SIDE));
  const { symmetry, offset } = symmetryOf(coarse.values, coarse.w, coarse.h);
  return {
    palette: finishPalette(raw),
    luminance,
    contrast,
    saturation: sumC / n,
    warmth: built > 0 ? warm / built : 0,
    edges,
    edgeDensity: edgeCount / n,
    verticalToHorizontal: ratio(edges.vertical, edges.horizontal),
    symmetry,
    symmetryAxisOffset: offset,
    sky: skyCount / n,
    vegetation: vegetationCount / n,
    verticalRhythm: rhythmOf(columnProfile),
    horizontalRhythm: rhythmOf(rowProfile),
    bands: measureElevationBands(edge, sky, w, h),
    aspectRatio: w / h,
    sampleWidth: w,
    sampleHeight: h,
  };
}

/** a / b, kept finite by a floor of 0.001 on both shares. */
function ratio(a: number, b: number): number {
  const least = 1e-3;
  return max(a, least) / max(b, least);
}

/**
 * Measures one image.
 * @param image JPEG, PNG or WebP (anything sharp decodes) bytes of at most `MAX_IMAGE_PIXELS` pixels
 * @returns its `ImageFeatures`
 * @throws ImageDecodeError when sharp cannot decode the bytes (or the image is larger than the pixel limit)
 */
export async function extractFeatures(image: Buffer): Promise<ImageFeatures> {
  return measure(await decodeSample(image));
}

/**
 * Combines the features of the images of one analysis, each image weighing the same: means of the
 * scalar measures and edge shares, a strength-weighted repeat period, and a palette re-clustered
 * (weighted k-means, k = 5) from the per-image palettes.
 * @param images at least one image's features
 * @throws Error when `images` is empty
 */
export function aggregateFeatures(images: readonly ImageFeatures[]): AggregateFeatures {
  if (images.length === 0) throw new Error('aggregateFeatures needs at least one image');
  const n = images.length;
  const mean = (pick: (f: ImageFeatures) => number) => images.reduce((s, f) => s + pick(f), 0) / n;
  const rhythm = (pick: (f: ImageFeatures) => Rhythm): Rhythm => {
    const strength = mean((f) => pick(f).strength);
    const weight = images.reduce((s, f) => s + pick(f).strength, 0);
    const period = weight > 0 ? images.reduce((s, f) => s + pick(f).strength * pick(f).period, 0) / weight : 0;
    return { strength, period };
  };

  const entries = images.flatMap((f) => f.palette);
  const points = new Float64Array(entries.length * 3);
  const weights = new Float64Array(entries.length);
  let e = 0;
  for (const f of images) {
    for (const p of f.palette) {
      points[e * 3] = p.rgb.r;
      points[e * 3 + 1] = p.rgb.g;
      points[e * 3 + 2] = p.rgb.b;
      weights[e] = p.share / n;
      e++;
    }
  }
  const k = min(PALETTE_SIZE, entries.length);
  const clustering = kMeans(points, weights, k);
  const raw: RawPaletteEntry[] = [];
  for (let j = 0; j < k; j++) {
    let sky = 0;
    let veg = 0;
    let w = 0;
    entries.forEach((p, i) => {
      if (clustering.assignment[i] !== j) return;
      sky += p.skyShare * weights[i];
      veg += p.vegetationShare * weights[i];
      w += weights[i];
    });
    raw.push({
      rgb: { r: clustering.centres[j * 3], g: clustering.centres[j * 3 + 1], b: clustering.centres[j * 3 + 2] },
      share: clustering.shares[j],
      skyShare: w > 0 ? sky / w : 0,
      vegetationShare: w > 0 ? veg / w : 0,
    });
  }

  const edges: EdgeBalance = {
    vertical: mean((f) => f.edges.vertical),
    horizontal: mean((f) => f.edges.horizontal),
    diagonal: mean((f) => f.edges.diagonal),
  };
  return {
    imageCount: n,
    images: [...images],
    palette: finishPalette(raw),
    luminance: mean((f) => f.luminance),
    contrast: mean((f) => f.contrast),
    saturation: mean((f) => f.saturation),
    warmth: mean((f) => f.warmth),
    edges,
    edgeDensity: mean((f) => f.edgeDensity),
    verticalToHorizontal: ratio(edges.vertical, edges.horizontal),
    symmetry: mean((f) => f.symmetry),
    symmetryAxisOffset: mean((f) => f.symmetryAxisOffset),
    sky: mean((f) => f.sky),
    vegetation: mean((f) => f.vegetation),
    verticalRhythm: rhythm((f) => f.verticalRhythm),
    horizontalRhythm: rhythm((f) => f.horizontalRhythm),
    bands: { top: mean((f) => f.bands.top), middle: mean((f) => f.bands.middle), bottom: mean((f) => f.bands.bottom) },
    aspectRatio: mean((f) => f.aspectRatio),
  };
}
