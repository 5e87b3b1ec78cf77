/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { firstFileNotAnImage, imageFormatOf, readImageFormat } from './image-signature';

const bytes = (...values: number[]) => new Uint8Array(values);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0x24, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);

describe('imageFormatOf: an image by its first bytes', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(imageFormatOf(JPEG)).toBe('jpeg');
    expect(imageFormatOf(PNG)).toBe('png');
    expect(imageFormatOf(WEBP)).toBe('webp');
  });

  it('refuses text, other formats, other RIFF files and files too short to tell', () => {
    expect(imageFormatOf(new TextEncoder().encode('just some notes'))).toBeNull();
    expect(imageFormatOf(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(imageFormatOf(new TextEncoder().encode('%PDF-1.7 ....'))).toBeNull();
    expect(imageFormatOf(new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(imageFormatOf(bytes(0xff, 0xd8))).toBeNull();
    expect(imageFormatOf(bytes())).toBeNull();
  });
});

describe('readImageFormat and firstFileNotAnImage: files, whatever their names', () => {
  it('reads a real image under any name, and refuses a text file named .jpg', async () => {
    expect(await readImageFormat(new File([PNG], 'drawing.jpg', { type: 'image/jpeg' }))).toBe('png');
    expect(await readImageFormat(new File(['not an image'], 'notimage.jpg', { type: 'image/jpeg' }))).toBeNull();
  });

  it('names the first file that is not an image, or none', async () => {
    const photo = new File([JPEG], 'front.jpg', { type: 'image/jpeg' });
    const notes = new File(['hello'], 'notimage.jpg', { type: 'image/jpeg' });
    const empty = new File([], 'empty.png', { type: 'image/png' });
    expect(await firstFileNotAnImage([photo, new File([WEBP], 'side.webp', { type: 'image/webp' })])).toBeNull();
    expect((await firstFileNotAnImage([photo, notes, empty]))?.name).toBe('notimage.jpg');
    expect((await firstFileNotAnImage([empty]))?.name).toBe('empty.png');
  });
});
