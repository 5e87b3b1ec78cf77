import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@archlens/contracts/analysis';

/** A photo's thumbnail for the report: a small JPEG and its size in pixels. */
export interface ReportThumbnail {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Longest side of a thumbnail, in pixels: a grid cell of the A4 report is about 115 points wide
 * (1.6 inches), so 360 px prints at over 200 dpi and keeps the PDF small.
 */
export const THUMBNAIL_MAX_SIDE_PX = 360;
/** JPEG quality of a thumbnail (1–100). */
export const THUMBNAIL_QUALITY = 72;

/**
 * A small JPEG of one analysed photo for the report's thumbnails:
 * turned upright by its EXIF orientation, fitted within `THUMBNAIL_MAX_SIDE_PX` (never enlarged),
 * flattened onto white (PNG and WebP transparency), metadata dropped. Decoding is bounded by the
 * upload rule's pixel limit (`MAX_IMAGE_PIXELS`).
 * @param photo the original's bytes (JPEG, PNG or WebP)
 * @throws sharp's Error when the bytes do not decode as an image
 */
export async function makeThumbnail(photo: Buffer): Promise<ReportThumbnail> {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: THUMBNAIL_MAX_SIDE_PX, height: THUMBNAIL_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}
