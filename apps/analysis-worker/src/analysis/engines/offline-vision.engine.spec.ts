import { describe, expect, it } from '@jest/globals';
import { analysisTextSchema } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { OfflineVisionEngine } from './offline-vision.engine.js';
import { fixturePhoto } from './offline/testing/fixture-photos.js';
import { AMERICAN_SPELLINGS, FORBIDDEN_TERMS } from './offline/testing/style-terms.js';
import { UndecodableImageError } from './vision-engine.js';

const THREE = ['tours-cathedral-gothic.jpg', 'mit-media-lab.jpg', 'havana-cathedral-baroque.jpg'];

describe('OfflineVisionEngine', () => {
  const engine = new OfflineVisionEngine();

  it('names itself as the offline engine with a versioned model', () => {
    expect(engine.name).toBe('offline');
    expect(engine.model).toMatch(/^archlens-pixel-features-\d+$/);
  });

  it.each(THREE)('analyses %s into a valid 88-word text with no style names', async (name) => {
    const text = await engine.analyse([fixturePhoto(name)]);
    expect(analysisTextSchema.parse(text)).toEqual(text);
    expect(countWords(text.primaryDescription)).toBe(88);
    for (const part of [text.primaryDescription, text.expandedDescription, ...text.tags]) {
      expect(part).not.toMatch(FORBIDDEN_TERMS);
      expect(part).not.toMatch(AMERICAN_SPELLINGS);
    }
  });

  it('analyses three photos together', async () => {
    const text = await engine.analyse(THREE.map(fixturePhoto));
    expect(analysisTextSchema.safeParse(text).success).toBe(true);
    expect(countWords(text.primaryDescription)).toBe(88);
    expect(text.primaryDescription).not.toMatch(FORBIDDEN_TERMS);
    expect(text.expandedDescription).toContain('## Images Compared');
  });

  it('gives the same output for the same input', async () => {
    const images = THREE.map(fixturePhoto);
    const first = await engine.analyse(images);
    const second = await new OfflineVisionEngine().analyse(images.map((b) => Buffer.from(b)));
    expect(second).toEqual(first);
  });

  it('gives different output for different photos', async () => {
    const tours = await engine.analyse([fixturePhoto('tours-cathedral-gothic.jpg')]);
    const mit = await engine.analyse([fixturePhoto('mit-media-lab.jpg')]);
    expect(tours.primaryDescription).not.toBe(mit.primaryDescription);
  });

  it('reports an undecodable image by its position (0-based index, 1-based message)', async () => {
    const attempt = engine.analyse([fixturePhoto('mit-media-lab.jpg'), Buffer.from('<html>not an image</html>')]);
    await expect(attempt).rejects.toBeInstanceOf(UndecodableImageError);
    await expect(attempt).rejects.toMatchObject({ index: 1 });
    await expect(engine.analyse([Buffer.from('nope')])).rejects.toThrow(/^Image 1 could not be decoded/);
  });

  it('reports a truncated JPEG as undecodable rather than describing grey filler', async () => {
    const photo = fixturePhoto('havana-cathedral-baroque.jpg');
    await expect(engine.analyse([photo.subarray(0, Math.floor(photo.length * 0.6))])).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('refuses no images and more than ten', async () => {
    await expect(engine.analyse([])).rejects.toThrow(/1 to 10 images/);
    const eleven = Array.from({ length: 11 }, () => fixturePhoto('mit-media-lab.jpg'));
    await expect(engine.analyse(eleven)).rejects.toThrow(/1 to 10 images/);
  });
});
