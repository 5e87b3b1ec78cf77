import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { displayName, ImageHeaderCheck, isSvg, UploadRejectedError, UploadTooLargeError, type ImageHeader } from './upload-validation.js';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/photos');
const photo = (name: string) => readFileSync(path.join(PHOTOS, name));

/** A small real PNG. */
const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a5aa0' } })
    .png()
    .toBuffer();

/** A PNG whose IHDR declares `width`×`height` but which carries almost no data (a decompression bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(2, 17);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(5000)]);
}

/**
 * `jpeg` with `bytes` of comment segments (COM, 0xFFFE) inserted after its start-of-image marker,
 * so that its frame header (the dimensions) lies that much further into the file.
 */
function jpegWithHeaderPushedBack(jpeg: Buffer, bytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 65_533) {
    const payload = Math.min(left, 65_533);
    const segment = Buffer.alloc(4 + payload, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment);
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** Feeds `bytes` in chunks of `chunkBytes`, as the multipart parser hands a file over; returns the header or the refusal. */
async function check(
  name: string,
  bytes: Buffer,
  chunkBytes = 65_536,
): Promise<{ header?: ImageHeader; error?: UploadRejectedError; fed: number }> {
  const checker = new ImageHeaderCheck(displayName(name));
  let fed = 0;
  try {
    for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
      const chunk = bytes.subarray(offset, offset + chunkBytes);
      await checker.add(chunk);
      fed += chunk.length;
    }
    return { header: await checker.finish(), fed };
  } catch (error) {
    if (error instanceof UploadRejectedError) return { error, fed };
    throw error;
  }
}

describe('ImageHeaderCheck (each file checked on its first bytes as it arrives; spec §5, §9)', () => {
  it('accepts JPEG, PNG and WebP by their bytes and reports their type and dimensions', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#808080' } })
      .webp()
      .toBuffer();
    const results = await Promise.all([
      check('mit-media-lab.jpg', photo('mit-media-lab.jpg')),
      check('a.png', await smallPng()),
      check('no-extension', webp),
    ]);
    expect(results.map((r) => r.header && [r.header.mimeType, r.header.extension, r.header.width, r.header.height])).toEqual([
      ['image/jpeg', 'jpg', 800, 533],
      ['image/png', 'png', 64, 48],
      ['image/webp', 'webp', 30, 20],
    ]);
  });

  it('judges the type by content, not by the name: a PNG named .jpg is a PNG', async () => {
    expect((await check('really-a-png.jpg', await smallPng())).header?.mimeType).toBe('image/png');
  });

  it('refuses a text file on its first chunk, naming the file, without reading the rest', async () => {
    const text = Buffer.from('these are not pixels, just words\n'.repeat(20_000));
    const { error, fed } = await check('notes.jpg', text);
    expect([error?.status, error?.message]).toEqual([415, '"notes.jpg" is not an image file.']);
    expect(fed).toBe(0); // refused on the very chunk that was added first
  });

  it('refuses an image of another format (GIF, TIFF, SVG) as not a JPG, PNG or WebP, and an empty file', async () => {
    const blank = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    const svg = Buffer.from('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    for (const [name, bytes] of [
      ['anim.gif', await blank().gif().toBuffer()],
      ['scan.tiff', await blank().tiff().toBuffer()],
      ['logo.svg', svg],
    ] as const) {
      const { error } = await check(name, bytes);
      expect([name, error?.status, error?.message]).toEqual([name, 415, `"${name}" is not a JPG, PNG or WebP image.`]);
    }
    const { error } = await check('empty.jpg', Buffer.alloc(0));
    expect([error?.status, error?.message]).toEqual([400, '"empty.jpg" is empty.']);
  });

  it('tells an SVG document from other text', () => {
    expect(isSvg(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>'))).toBe(true);
    expect(isSvg(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<SVG>'))).toBe(true);
    expect(isSvg(Buffer.from('<html><body><svg></svg></body></html>'))).toBe(false);
    expect(isSvg(Buffer.from('svg is a vector format'))).toBe(false);
  });

  it('refuses a file by the chunk that takes it past 50 MB, with the spec text, reading nothing after it', async () => {
    const huge = Buffer.concat([photo('mit-media-lab.jpg'), Buffer.alloc(60 * 1024 * 1024)]);
    const { error, fed } = await check('huge.jpg', huge);
    expect(error).toBeInstanceOf(UploadTooLargeError);
    expect([error?.status, error?.message]).toEqual([413, '"huge.jpg" is too large (over 50.0 MB). Maximum size is 50MB.']);
    // Refused within the 64 KB chunk that crossed the line, not at the file's end (60 MB on).
    expect(fed).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(fed).toBeGreaterThan(MAX_IMAGE_BYTES - 65_536);
  });

  it('takes a file of exactly 50 MB (52,428,800 bytes: "Maximum size is 50MB" is inclusive, as in the SPA) and refuses one byte more', async () => {
    const jpeg = photo('mit-media-lab.jpg');
    const exactly = await check('limit.jpg', Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES - jpeg.length)]));
    expect(exactly.header?.mimeType).toBe('image/jpeg');
    const over = await check('over.jpg', Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES - jpeg.length + 1)]));
    expect([over.error?.status, over.error?.message]).toEqual([413, '"over.jpg" is too large (over 50.0 MB). Maximum size is 50MB.']);
  });

  it('refuses a PNG declaring 30000×30000 pixels on its first bytes, without decoding it', async () => {
    const { error, fed } = await check('bomb.png', pngDeclaring(30000, 30000));
    expect([error?.status, error?.message]).toEqual([422, '"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.']);
    expect(fed).toBe(0);
  });

  it('refuses a file cut before its header, and strips paths from names', async () => {
    const { error } = await check('C:\\photos\\broken.jpg', photo('mit-media-lab.jpg').subarray(0, 40));
    expect([error?.status, error?.message]).toEqual([400, '"broken.jpg" could not be read as an image.']);
  });

  it('reads type and dimensions from a photo that arrives in many small chunks', async () => {
    const tours = photo('tours-cathedral-gothic.jpg');
    const { header } = await check('tours.jpg', tours, 1000);
    expect(header && [header.mimeType, header.width, header.height]).toEqual(['image/jpeg', 2000, 3008]);
  });

  it('finds a JPEG frame header that lies beyond the first 256 KB, and refuses the same file cut before it', async () => {
    const deep = jpegWithHeaderPushedBack(photo('mit-media-lab.jpg'), 356 * 1024);
    const { header } = await check('deep-header.jpg', deep);
    expect(header && [header.mimeType, header.width, header.height]).toEqual(['image/jpeg', 800, 533]);
    const { error } = await check('cut.jpg', deep.subarray(0, 300 * 1024));
    expect([error?.status, error?.message]).toEqual([400, '"cut.jpg" could not be read as an image.']);
  });
});
