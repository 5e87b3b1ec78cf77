import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { fixturePhoto, pngDeclaring, smallPng } from '../testing/images.js';
import { HEADER_BYTES, UploadRejectedError, validateImageUploads, type IncomingFile } from './upload-validation.js';

function file(name: string, buffer: Buffer, size = buffer.length): IncomingFile {
  return { originalname: name, size, chunks: [buffer] };
}

/** `buffer` cut into chunks of `chunkBytes`, as the multipart parser hands a file over. */
function chunked(name: string, buffer: Buffer, chunkBytes: number): IncomingFile {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += chunkBytes) chunks.push(buffer.subarray(offset, offset + chunkBytes));
  return { originalname: name, size: buffer.length, chunks };
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

async function rejection(files: IncomingFile[] | undefined): Promise<UploadRejectedError> {
  try {
    await validateImageUploads(files);
  } catch (error) {
    if (error instanceof UploadRejectedError) return error;
    throw error;
  }
  throw new Error('the upload was accepted');
}

describe('validateImageUploads (issue #2 upload rules, spec §5 and §9)', () => {
  it('accepts JPEG, PNG and WebP by their bytes and reports their type and dimensions', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#808080' } }).webp().toBuffer();
    const result = await validateImageUploads([
      file('mit-media-lab.jpg', fixturePhoto('mit-media-lab.jpg')),
      file('a.png', await smallPng()),
      file('photo-without-extension', webp),
    ]);
    expect(result.map((r) => [r.mimeType, r.extension, r.width, r.height])).toEqual([
      ['image/jpeg', 'jpg', 800, 533],
      ['image/png', 'png', 64, 48],
      ['image/webp', 'webp', 30, 20],
    ]);
  });

  it('judges the type by content, not by the name: a PNG named .jpg is stored as PNG', async () => {
    const [image] = await validateImageUploads([file('really-a-png.jpg', await smallPng())]);
    expect(image!.mimeType).toBe('image/png');
  });

  it('refuses no files and more than 10 files with the spec texts', async () => {
    expect((await rejection([])).message).toBe('Please upload at least one architectural image.');
    expect((await rejection(undefined)).status).toBe(400);
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => smallPng(i)));
    const tooMany = await rejection(eleven.map((b, i) => file(`p${i}.png`, b)));
    expect([tooMany.status, tooMany.message]).toEqual([400, 'Please select up to 10 images only.']);
  });

  it('refuses a text file named .jpg, a GIF and an empty file, naming the file', async () => {
    const text = await rejection([file('notes.jpg', Buffer.from('these are not pixels, just words\n'.repeat(20)))]);
    expect([text.status, text.message]).toEqual([415, '"notes.jpg" is not an image file.']);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await rejection([file('anim.gif', gif)])).status).toBe(415);
    const empty = await rejection([file('empty.jpg', Buffer.alloc(0))]);
    expect([empty.status, empty.message]).toEqual([400, '"empty.jpg" is empty.']);
  });

  it('refuses a file over 50 MB with the spec text and its size', async () => {
    const big = await rejection([file('huge.jpg', Buffer.alloc(16), MAX_IMAGE_BYTES + 1)]);
    expect([big.status, big.message]).toEqual([413, '"huge.jpg" is too large (50.0 MB). Maximum size is 50MB.']);
  });

  it('refuses a PNG declaring 30000×30000 pixels without decoding it', async () => {
    const bomb = await rejection([file('bomb.png', pngDeclaring(30000, 30000))]);
    expect(bomb.status).toBe(422);
    expect(bomb.message).toBe('"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.');
  });

  it('refuses a truncated JPEG whose header cannot be read, and strips paths from names', async () => {
    const truncated = fixturePhoto('mit-media-lab.jpg').subarray(0, 40);
    const error = await rejection([file('C:\\photos\\broken.jpg', truncated)]);
    expect(error.status).toBe(400);
    expect(error.message).toBe('"broken.jpg" could not be read as an image.');
  });

  it('reads type and dimensions from a photo that arrived in many small chunks, and keeps its bytes as they came', async () => {
    const tours = fixturePhoto('tours-cathedral-gothic.jpg');
    const upload = chunked('tours-cathedral-gothic.jpg', tours, 1000);
    const [image] = await validateImageUploads([upload]);
    expect([image!.mimeType, image!.width, image!.height, image!.size]).toEqual(['image/jpeg', 2000, 3008, tours.length]);
    expect(image!.chunks).toBe(upload.chunks);
    expect(Buffer.concat(image!.chunks).equals(tours)).toBe(true);
  });

  it('reads the dimensions from the whole file when the header lies beyond the first 256 KB', async () => {
    const deep = jpegWithHeaderPushedBack(fixturePhoto('mit-media-lab.jpg'), HEADER_BYTES + 100_000);
    const [image] = await validateImageUploads([chunked('deep-header.jpg', deep, 65_536)]);
    expect([image!.mimeType, image!.width, image!.height]).toEqual(['image/jpeg', 800, 533]);
    // The same file cut off before its frame header is still refused as unreadable.
    const cut = await rejection([file('cut.jpg', deep.subarray(0, HEADER_BYTES + 50_000))]);
    expect([cut.status, cut.message]).toEqual([400, '"cut.jpg" could not be read as an image.']);
  });

  it('answers for the first bad file in upload order, whichever check finishes first', async () => {
    // The empty file fails at once; the bomb before it needs its header read, and still answers.
    const error = await rejection([
      file('mit-media-lab.jpg', fixturePhoto('mit-media-lab.jpg')),
      file('bomb.png', pngDeclaring(30000, 30000)),
      file('empty.jpg', Buffer.alloc(0)),
    ]);
    expect([error.status, error.message]).toEqual([422, '"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.']);
  });
});
