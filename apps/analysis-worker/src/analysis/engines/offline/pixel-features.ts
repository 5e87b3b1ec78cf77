import { measureEdges, verticalToHorizontal, type EdgeBalance, type Rhythm } from './edges.js';
import { measureElevationBands, type ElevationBands } from './elevation-bands.js';
import { measureMasks } from './masks.js';
import { assignPalette, combinePalettes, fitPalette, type PaletteEntry } from './palette.js';
import { decodeSample, type Sample } from './sample.js';
import { measureSymmetry } from './symmetry.js';
import { measureTone } from './tone.js';

export { EDGE_THRESHOLD, type EdgeBalance, type Rhythm } from './edges.js';
export { PALETTE_SIZE, type PaletteEntry } from './palette.js';
export { ImageDecodeError, SAMPLE_LONGEST_SIDE } from './sample.js';

/**
 * Measured pixel features of architectural photos, the only evidence the offline engine uses. Every
 * measure works on the working sample (`decodeSample`: at most `SAMPLE_LONGEST_SIDE` pixels on the
 * longest side, gamma-encoded sRGB); each has a file of its own: tone, edges, masks, palette,
 * symmetry and elevation bands.
 */

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

/**
 * Lets the event loop run pending I/O before the next stage of `measure`, so the worker keeps
 * downloading the next photos while it measures this one: a photo's stages then hold the thread
 * one at a time, the longest being k-means, rather than all at once.
 */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function measure(sample: Sample): Promise<ImageFeatures> {
  const { width: w, height: h } = sample;
  const tone = measureTone(sample);
  const edges = measureEdges(tone.luma, w, h);
  await yieldToEventLoop();
  const masks = measureMasks(sample, edges.magnitude);
  await yieldToEventLoop();
  const centres = fitPalette(sample);
  await yieldToEventLoop();
  const palette = assignPalette(sample, centres, masks.skyMask, masks.vegetationMask);
  await yieldToEventLoop();
  const { symmetry, offset } = measureSymmetry(tone.luma, w, h);
  return {
    palette,
    luminance: tone.luminance,
    contrast: tone.contrast,
    saturation: tone.saturation,
    warmth: masks.warmth,
    edges: edges.edges,
    edgeDensity: edges.edgeDensity,
    verticalToHorizontal: verticalToHorizontal(edges.edges),
    symmetry,
    symmetryAxisOffset: offset,
    sky: masks.sky,
    vegetation: masks.vegetation,
    verticalRhythm: edges.verticalRhythm,
    horizontalRhythm: edges.horizontalRhythm,
    bands: measureElevationBands(edges.edge, masks.skyMask, w, h),
    aspectRatio: w / h,
    sampleWidth: w,
    sampleHeight: h,
  };
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
  const edges: EdgeBalance = {
    vertical: mean((f) => f.edges.vertical),
    horizontal: mean((f) => f.edges.horizontal),
    diagonal: mean((f) => f.edges.diagonal),
  };
  return {
    imageCount: n,
    images: [...images],
    palette: combinePalettes(images.map((f) => f.palette)),
    luminance: mean((f) => f.luminance),
    contrast: mean((f) => f.contrast),
    saturation: mean((f) => f.saturation),
    warmth: mean((f) => f.warmth),
    edges,
    edgeDensity: mean((f) => f.edgeDensity),
    verticalToHorizontal: verticalToHorizontal(edges),
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
