import sharp from 'sharp';

/** JPEG quality of a render re-encoded from PNG or WebP. */
export const RENDER_JPEG_QUALITY = 90;
/** Most pixels a provider's image may declare before it is refused undecoded (a 4096x4096 render is 16.8 MP). */
const MAX_RENDER_PIXELS = 40_000_000;

/**
 * A provider's image as the JPEG that is stored (`generations/<userId>/<jobId>/<index>.jpg`):
 * a JPEG is kept byte for byte; PNG, WebP or anything else sharp reads is flattened on white
 * (no transparency in a JPEG) and re-encoded at quality 90.
 * @throws Error when the bytes are not an image sharp can read
 */
export async function toStoredJpeg(bytes: Buffer): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_RENDER_PIXELS });
  const { format } = await image.metadata();
  if (format === 'jpeg') return bytes;
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: RENDER_JPEG_QUALITY, mozjpeg: true }).toBuffer();
}
