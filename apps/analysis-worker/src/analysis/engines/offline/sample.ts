import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@archlens/contracts/analysis';

/**
 * The working sample every pixel measure reads. Each image is decoded with sharp, turned upright
 * from its EXIF orientation, flattened on white and reduced so its longest side is at most
 * `SAMPLE_LONGEST_SIDE` pixels (libjpeg shrink-on-load decodes a large JPEG at a fraction of its
 * size, so a camera photo stays cheap to read). The measures work on it in gamma-encoded sRGB.
 */

const { min } = Math;

/** Longest side of the analysed sample, in pixels. */
export const SAMPLE_LONGEST_SIDE = 256;

/** A decoded image reduced to the working size. */
export interface Sample {
  width: number;
  height: number;
  /** RGB triplets, 0..255, row-major. */
  rgb: Uint8Array;
}

/** Thrown when sharp cannot decode the bytes as an image. */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

/**
 * Decodes an image to its working sample: upright, on white, sRGB, at most `SAMPLE_LONGEST_SIDE`
 * pixels on its longest side (never enlarged), three channels (a grey image's one channel copied).
 * @param image JPEG, PNG or WebP (anything sharp decodes) bytes of at most `MAX_IMAGE_PIXELS` pixels
 * @throws ImageDecodeError when sharp cannot decode the bytes (or the image is larger than the pixel limit)
 */
export async function decodeSample(image: Buffer): Promise<Sample> {
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
