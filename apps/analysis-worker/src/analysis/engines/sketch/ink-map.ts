import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@archlens/contracts/analysis';

/**
 * Longest side, in pixels, a sketch is measured at. Statistics are ratios of the sheet or lengths
 * relative to its side, so they do not depend on the resolution the sketch was drawn or scanned at;
 * 512 px keeps a pen line of a 2048 px drawing at least a pixel wide and bounds each sketch's work.
 */
export const WORK_LONGEST_SIDE = 512;

/** A sketch as measured: its grey levels and which pixels are ink. */
export interface InkMap {
  /** Working size in pixels (longest side at most `WORK_LONGEST_SIDE`). */
  width: number;
  height: number;
  /** Luma per pixel, 0 (black) to 1 (white), row by row. */
  grey: Float32Array;
  /** 1 where the pixel is ink (a line or a fill), 0 where it is paper. */
  ink: Uint8Array;
  /** The grey level below which a pixel counts as ink, 0..1. */
  threshold: number;
}

/** Thrown when sharp cannot decode the bytes as an image (truncated, corrupt, not an image). */
export class SketchDecodeError extends Error {
  override readonly name = 'SketchDecodeError';
}

/**
 * Otsu's threshold of a 256-bin histogram: the grey level that best splits the pixels into two
 * classes (ink and paper) by maximising the between-class variance.
 * @returns the threshold as a bin index, 0..255
 */
export function otsuThreshold(histogram: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += histogram[i];
    sum += i * histogram[i];
  }
  let weightBelow = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    weightBelow += histogram[t];
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += t * histogram[t];
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sum - sumBelow) / weightAbove;
    const variance = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

/**
 * Decodes a sketch (JPEG, PNG or WebP; transparency laid on white paper, EXIF rotation applied),
 * scales it to `WORK_LONGEST_SIDE` and separates ink from paper.
 *
 * Ink is anything clearly darker than the paper (the 90th percentile of grey, since paper covers
 * most of a sketch): the threshold is 0.3 below the paper, or Otsu's split of the grey levels where
 * that lies higher (a heavily inked sheet), but never closer than 0.1 to the paper, so faint pencil
 * construction lines count while paper texture and scan shading do not.
 * @throws SketchDecodeError when the bytes do not decode (or exceed `MAX_IMAGE_PIXELS`)
 */
export async function readInkMap(image: Buffer): Promise<InkMap> {
  let data: Buffer;
  let width: number;
  let height: number;
  try {
    const decoded = await sharp(image, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(WORK_LONGEST_SIDE, WORK_LONGEST_SIDE, { fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    ({ data } = decoded);
    ({ width, height } = decoded.info);
    if (decoded.info.channels !== 1) throw new Error(`expected one channel, got ${decoded.info.channels}`);
  } catch (error) {
    throw new SketchDecodeError(`The sketch could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const histogram = new Uint32Array(256);
  for (const value of data) histogram[value]++;
  let seen = 0;
  let paper = 255;
  for (let i = 0; i < 256; i++) {
    seen += histogram[i];
    if (seen >= 0.9 * data.length) {
      paper = i;
      break;
    }
  }
  const threshold = Math.min(Math.max(otsuThreshold(histogram), paper - 0.3 * 255), paper - 0.1 * 255) / 255;
  const grey = new Float32Array(data.length);
  const ink = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    grey[i] = data[i] / 255;
    ink[i] = grey[i] < threshold ? 1 : 0;
  }
  return { width, height, grey, ink, threshold };
}
