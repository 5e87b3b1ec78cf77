import { MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import { MAX_SKETCH_IMAGES, SKETCH_MESSAGES } from '@archlens/contracts/sketch';
import { checkImageBatch } from './image-batch-checks';

const image = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

describe('checkImageBatch (spec §5)', () => {
  it('accepts up to 10 images in all', () => {
    expect(checkImageBatch([image('a.jpg'), image('b.png', 10, 'image/png')], 8, MAX_ANALYSIS_IMAGES)).toBeNull();
  });

  it('refuses an 11th image', () => {
    expect(checkImageBatch([image('a.jpg')], 10, MAX_ANALYSIS_IMAGES)).toEqual({
      title: 'Too Many Files',
      description: 'Please select up to 10 images only.',
    });
  });

  it('refuses a 4th sketch with the sketch reader’s text', () => {
    expect(checkImageBatch([image('a.png'), image('b.png'), image('c.png'), image('d.png')], 0, MAX_SKETCH_IMAGES)).toEqual({
      title: SKETCH_MESSAGES.tooManyTitle,
      description: SKETCH_MESSAGES.tooMany,
    });
    expect(checkImageBatch([image('a.png'), image('b.png')], 1, MAX_SKETCH_IMAGES)).toBeNull();
  });

  it('names the first file that is not an image', () => {
    expect(checkImageBatch([image('a.jpg'), image('notes.txt', 5, 'text/plain')], 0, MAX_ANALYSIS_IMAGES)).toEqual({
      title: 'Invalid Files',
      description: '"notes.txt" is not an image file.',
    });
  });

  it('accepts JPG, PNG and WebP only (spec §2, §9), naming an image of another format', () => {
    expect(checkImageBatch([image('a.jpg'), image('b.png', 10, 'image/png'), image('c.webp', 10, 'image/webp')], 0, 10)).toBeNull();
    for (const [name, type] of [
      ['anim.gif', 'image/gif'],
      ['scan.bmp', 'image/bmp'],
      ['plan.svg', 'image/svg+xml'],
      ['phone.heic', 'image/heic'],
      ['photo.tiff', 'image/tiff'],
    ]) {
      expect(checkImageBatch([image('a.jpg'), image(name, 10, type)], 0, MAX_ANALYSIS_IMAGES)).toEqual({
        title: 'Invalid Files',
        description: `"${name}" is not a JPG, PNG or WebP image.`,
      });
    }
  });

  it('keeps the spec text for a file that is not an image at all, even after an image of another format', () => {
    expect(checkImageBatch([image('anim.gif', 10, 'image/gif'), image('notes.txt', 5, 'text/plain')], 0, MAX_ANALYSIS_IMAGES)).toEqual({
      title: 'Invalid Files',
      description: '"notes.txt" is not an image file.',
    });
    // A file with no type (the browser could not tell) is not taken for an image.
    expect(checkImageBatch([image('mystery', 5, '')], 0, MAX_ANALYSIS_IMAGES)).toEqual({
      title: 'Invalid Files',
      description: '"mystery" is not an image file.',
    });
  });

  it('names a file over 50MB with its size', () => {
    expect(checkImageBatch([image('huge.jpg', 51 * 1024 * 1024)], 0, MAX_SKETCH_IMAGES)).toEqual({
      title: 'Files Too Large',
      description: '"huge.jpg" is too large (51.0 MB). Maximum size is 50MB.',
    });
  });

  describe('in the general wording of /create (spec §5 general image upload rule)', () => {
    it("refuses a file that is not an image with 'Only image files are allowed.', naming no file", () => {
      expect(checkImageBatch([image('a.jpg'), image('notes.txt', 5, 'text/plain')], 0, 4, 'general')).toEqual({
        title: 'Invalid Files',
        description: 'Only image files are allowed.',
      });
    });

    it('refuses an image of another format without naming it', () => {
      expect(checkImageBatch([image('a.jpg'), image('anim.gif', 10, 'image/gif')], 0, 4, 'general')).toEqual({
        title: 'Invalid Files',
        description: 'Only JPG, PNG and WebP images are allowed.',
      });
      expect(checkImageBatch([image('a.webp', 10, 'image/webp')], 0, 1, 'general')).toBeNull();
    });

    it("refuses a file over 50MB with 'Each image must be under 50MB.'", () => {
      expect(checkImageBatch([image('huge.jpg', 51 * 1024 * 1024)], 0, 1, 'general')).toEqual({
        title: 'Files Too Large',
        description: 'Each image must be under 50MB.',
      });
    });

    it('keeps the count rule and its text', () => {
      expect(checkImageBatch([image('a.png'), image('b.png')], 3, 4, 'general')).toEqual({
        title: 'Too Many Files',
        description: 'Please select up to 4 images only.',
      });
      expect(checkImageBatch([image('a.png')], 3, 4, 'general')).toBeNull();
    });
  });
});
