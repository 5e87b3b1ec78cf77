import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { toStoredJpeg } from './stored-jpeg.js';

const image = (format: 'png' | 'webp' | 'jpeg') =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

describe('renders are stored as JPEG', () => {
  it('keeps a JPEG byte for byte and re-encodes PNG and WebP to JPEG', async () => {
    const jpeg = await image('jpeg');
    expect((await toStoredJpeg(jpeg)).equals(jpeg)).toBe(true);
    for (const format of ['png', 'webp'] as const) {
      const stored = await sharp(await toStoredJpeg(await image(format))).metadata();
      expect([stored.format, stored.width, stored.height, stored.hasAlpha]).toEqual(['jpeg', 40, 30, false]);
    }
  });

  it('refuses bytes that are not an image', async () => {
    await expect(toStoredJpeg(Buffer.from('not an image'))).rejects.toThrow();
  });
});
