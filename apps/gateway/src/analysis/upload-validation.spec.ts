import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { fixturePhoto, pngDeclaring, smallPng } from '../testing/images.js';
import { UploadRejectedError, validateImageUploads, type IncomingFile } from './upload-validation.js';

function file(name: string, buffer: Buffer, size = buffer.length): IncomingFile {
  return { originalname: name, size, buffer };
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
