import { describe, expect, it } from '@jest/globals';
import { analysisTextSchema } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { OfflineVisionEngine } from './offline-vision.engine.js';
import { fixturePhoto } from './offline/testing/fixture-photos.js';
import { AMERICAN_SPELLINGS, FORBIDDEN_TERMS } from './offline/testing/style-terms.js';
import { AnalysisEngineError } from './vision-engine.js';

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

  it('reports an undecodable image by its position, as an AnalysisEngineError', async () => {
    const attempt = engine.analyse([fixturePhoto('mit-media-lab.jpg'), Buffer.from('<html>not an image</html>')]);
    await expect(attempt).rejects.toBeInstanceOf(AnalysisEngineError);
    await expect(engine.analyse([Buffer.from('nope')])).rejects.toThrow(/^Image 1 of 1 could not be decoded/);
  });

  it('gives the same text for photos still arriving from storage as for photos in hand', async () => {
    const inHand = await engine.analyse(THREE.map(fixturePhoto));
    const arriving = THREE.map((name) => new Promise<Buffer>((resolve) => setTimeout(() => resolve(fixturePhoto(name)), 5)));
    expect(await engine.analyse(arriving)).toEqual(inHand);
  });

  it('works on the first photo without waiting for the later ones', async () => {
    const neverArrives = new Promise<Buffer>(() => undefined);
    const attempt = engine.analyse([Buffer.from('not a photo'), neverArrives, neverArrives]);
    await expect(attempt).rejects.toThrow(/^Image 1 of 3 could not be decoded/);
  });

  it('measures a photo in hand while an earlier one is still on its way', async () => {
    // Photo 2 is unreadable and in hand; photo 1 never arrives. Taking photos in upload order
    // would wait for photo 1 for ever; taking them as they arrive reports photo 2 at once.
    const neverArrives = new Promise<Buffer>(() => undefined);
    const attempt = engine.analyse([neverArrives, Buffer.from('not a photo')]);
    await expect(attempt).rejects.toThrow(/^Image 2 of 2 could not be decoded/);
  });

  it('gives the same text whatever order the photos arrive in', async () => {
    const photos = THREE.map((name) => fixturePhoto(name));
    const inOrder = await engine.analyse(photos);
    // The first photo arrives last, after the others have been measured.
    const late = (bytes: Buffer, ms: number) => new Promise<Buffer>((resolve) => setTimeout(() => resolve(bytes), ms));
    const reversed = await engine.analyse([late(photos[0]!, 400), late(photos[1]!, 40), photos[2]!]);
    expect(reversed).toEqual(inOrder);
  });

  it('fails with the storage error, not a decoding error, when a photo cannot be read', async () => {
    const lost = Promise.reject(new Error('The specified key does not exist.'));
    lost.catch(() => undefined); // as AnalysisService does: it rejects while photo 1 is measured
    const attempt = engine.analyse([fixturePhoto('mit-media-lab.jpg'), lost]);
    await expect(attempt).rejects.toThrow('The specified key does not exist.');
    await expect(attempt).rejects.not.toBeInstanceOf(AnalysisEngineError);
  });

  it('refuses no images and more than ten', async () => {
    await expect(engine.analyse([])).rejects.toBeInstanceOf(AnalysisEngineError);
    const eleven = Array.from({ length: 11 }, () => fixturePhoto('mit-media-lab.jpg'));
    await expect(engine.analyse(eleven)).rejects.toThrow(/1 to 10 images/);
  });
});
