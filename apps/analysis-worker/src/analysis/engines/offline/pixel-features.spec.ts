import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { aggregateFeatures, extractFeatures, ImageDecodeError, type ImageFeatures } from './pixel-features.js';
import { FIXTURE_PHOTO_NAMES, fixturePhoto } from './testing/fixture-photos.js';

const PHOTOS = FIXTURE_PHOTO_NAMES;

/** A raw RGB image filled by `colour(x, y)`, encoded as PNG. */
async function syntheticPng(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      const i = (y * width + x) * 3;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('extractFeatures on the fixture photos', () => {
  const cache = new Map<string, Promise<ImageFeatures>>();
  const features = (name: string) => {
    if (!cache.has(name)) cache.set(name, extractFeatures(fixturePhoto(name)));
    return cache.get(name)!;
  };

  it('reads stronger vertical emphasis in the Tours facade than in the MIT Media Lab', async () => {
    const tours = await features('tours-cathedral-gothic.jpg');
    const mit = await features('mit-media-lab.jpg');
    expect(tours.edges.vertical).toBeGreaterThan(mit.edges.vertical);
    expect(tours.verticalToHorizontal).toBeGreaterThan(mit.verticalToHorizontal);
    expect(tours.verticalToHorizontal).toBeGreaterThan(1); // verticals lead at Tours
    expect(mit.verticalToHorizontal).toBeLessThan(1); // horizontals lead at the Media Lab
  });

  it('reads the Tours facade as more symmetrical than the MIT Media Lab', async () => {
    const tours = await features('tours-cathedral-gothic.jpg');
    const mit = await features('mit-media-lab.jpg');
    expect(tours.symmetry).toBeGreaterThan(mit.symmetry);
  });

  it.each(PHOTOS)('keeps every measure of %s in range', async (name) => {
    const f = await features(name);
    expect(f.palette.length).toBeGreaterThanOrEqual(1);
    expect(f.palette.length).toBeLessThanOrEqual(5);
    expect(sum(f.palette.map((p) => p.share))).toBeCloseTo(1, 6);
    for (const p of f.palette) {
      expect(p.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.name.length).toBeGreaterThan(0);
      expect(p.family).toMatch(/^[a-z -]+$/);
      expect(p.skyShare).toBeGreaterThanOrEqual(0);
      expect(p.skyShare).toBeLessThanOrEqual(1);
    }
    const shares = f.palette.map((p) => p.share);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares); // largest first
    expect(f.edges.vertical + f.edges.horizontal + f.edges.diagonal).toBeCloseTo(1, 9);
    for (const v of [f.luminance, f.saturation, f.symmetry, f.sky, f.vegetation, f.edgeDensity]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(f.contrast).toBeGreaterThan(0);
    expect(f.contrast).toBeLessThanOrEqual(0.5);
    expect(f.warmth).toBeGreaterThanOrEqual(-1);
    expect(f.warmth).toBeLessThanOrEqual(1);
    expect(Math.max(f.sampleWidth, f.sampleHeight)).toBeLessThanOrEqual(256);
  });

  it('finds sky in photos taken against the sky, and none of it in the palette of materials', async () => {
    const zeppelin = await features('friedrichshafen-zeppelin-museum.jpg');
    expect(zeppelin.sky).toBeGreaterThan(0.3);
    const skyCluster = zeppelin.palette.find((p) => p.skyShare > 0.9);
    expect(skyCluster?.family).toMatch(/blue/);
  });

  it('honours EXIF orientation: the 24-megapixel Tours photo is read upright and small', async () => {
    const big = await extractFeatures(fixturePhoto('tours-cathedral-gothic-7mb.jpg'));
    const small = await features('tours-cathedral-gothic.jpg');
    expect(big.sampleHeight).toBeGreaterThan(big.sampleWidth);
    expect(big.verticalToHorizontal).toBeCloseTo(small.verticalToHorizontal, 1);
  });

  it('is deterministic', async () => {
    const again = await extractFeatures(fixturePhoto('mit-media-lab.jpg'));
    expect(again).toEqual(await features('mit-media-lab.jpg'));
  });
});

describe('extractFeatures on synthetic images', () => {
  it('reads a sky-blue top half and a green bottom half as half sky and half vegetation', async () => {
    const png = await syntheticPng(200, 200, (_x, y) => (y < 100 ? [135, 206, 235] : [34, 139, 34]));
    const f = await extractFeatures(png);
    expect(f.sky).toBeGreaterThan(0.45);
    expect(f.sky).toBeLessThanOrEqual(0.5);
    expect(f.vegetation).toBeGreaterThan(0.45);
    expect(f.vegetation).toBeLessThanOrEqual(0.5);
    expect(f.palette.map((p) => p.family)).toEqual(expect.arrayContaining([expect.stringMatching(/blue/), expect.stringMatching(/green/)]));
  });

  it('does not count a sky-blue band at the bottom of the frame as sky', async () => {
    const png = await syntheticPng(200, 200, (_x, y) => (y < 100 ? [120, 90, 70] : [135, 206, 235]));
    expect((await extractFeatures(png)).sky).toBe(0);
  });

  it('reads vertical stripes as vertical edges (a vertical line has a horizontal gradient)', async () => {
    const png = await syntheticPng(240, 160, (x) => (Math.floor(x / 12) % 2 === 0 ? [40, 40, 40] : [220, 220, 220]));
    const f = await extractFeatures(png);
    expect(f.edges.vertical).toBeGreaterThan(0.9);
    expect(f.verticalRhythm.strength).toBeGreaterThan(0.5);
    // Every black-white boundary is an edge: one every 12 px of a 240 px frame.
    expect(f.verticalRhythm.period).toBeCloseTo(12 / 240, 3);
  });

  it('reads horizontal stripes as horizontal edges', async () => {
    const png = await syntheticPng(240, 160, (_x, y) => (Math.floor(y / 10) % 2 === 0 ? [40, 40, 40] : [220, 220, 220]));
    const f = await extractFeatures(png);
    expect(f.edges.horizontal).toBeGreaterThan(0.9);
    expect(f.verticalToHorizontal).toBeLessThan(0.1);
  });

  it('turns an image by its EXIF orientation before measuring', async () => {
    const stripes = await syntheticPng(240, 160, (x) => (Math.floor(x / 12) % 2 === 0 ? [40, 40, 40] : [220, 220, 220]));
    const rotated = await sharp(stripes).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const f = await extractFeatures(rotated);
    expect(f.sampleHeight).toBeGreaterThan(f.sampleWidth);
    expect(f.edges.horizontal).toBeGreaterThan(f.edges.vertical);
  });

  it('scores a mirror-symmetric image near 1 and above the photo it was made from', async () => {
    const photo = fixturePhoto('mit-media-lab.jpg');
    const { width, height } = await sharp(photo).metadata();
    const half = Math.floor(width / 2);
    const left = await sharp(photo).extract({ left: 0, top: 0, width: half, height: height }).png().toBuffer();
    const mirrored = await sharp(left).flop().png().toBuffer();
    const symmetric = await sharp({ create: { width: half * 2, height: height, channels: 3, background: '#000' } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: mirrored, left: half, top: 0 },
      ])
      .png()
      .toBuffer();
    const original = await extractFeatures(photo);
    const folded = await extractFeatures(symmetric);
    expect(folded.symmetry).toBeGreaterThan(0.95);
    expect(folded.symmetry).toBeLessThanOrEqual(1);
    expect(folded.symmetry).toBeGreaterThan(original.symmetry);
    expect(Math.abs(folded.symmetryAxisOffset)).toBeLessThan(0.01);
  });

  it('gives a single-colour image one palette entry and a perfect symmetry', async () => {
    const png = await syntheticPng(64, 48, () => [200, 190, 170]);
    const f = await extractFeatures(png);
    expect(f.palette).toHaveLength(1);
    expect(f.palette[0].share).toBeCloseTo(1, 9);
    expect(f.symmetry).toBe(1);
    expect(f.contrast).toBe(0);
  });

  it('reads greyscale and transparent images', async () => {
    const grey = await sharp({ create: { width: 50, height: 50, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .extractChannel(0)
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    expect((await extractFeatures(grey)).palette[0].family).toBe('mid grey');
    const clear = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    expect((await extractFeatures(clear)).palette[0].family).toBe('white'); // flattened on white
  });

  it('rejects bytes that are not an image with ImageDecodeError', async () => {
    await expect(extractFeatures(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(ImageDecodeError);
    await expect(extractFeatures(Buffer.alloc(0))).rejects.toThrow(/could not be decoded/);
  });

  it('rejects a truncated JPEG', async () => {
    const photo = fixturePhoto('mit-media-lab.jpg');
    await expect(extractFeatures(photo.subarray(0, 2000))).rejects.toBeInstanceOf(ImageDecodeError);
  });
});

describe('aggregateFeatures', () => {
  it('averages the measures and re-clusters the palette of several images', async () => {
    const tours = await extractFeatures(fixturePhoto('tours-cathedral-gothic.jpg'));
    const mit = await extractFeatures(fixturePhoto('mit-media-lab.jpg'));
    const both = aggregateFeatures([tours, mit]);
    expect(both.imageCount).toBe(2);
    expect(both.images).toEqual([tours, mit]);
    expect(both.luminance).toBeCloseTo((tours.luminance + mit.luminance) / 2, 9);
    expect(both.sky).toBeCloseTo((tours.sky + mit.sky) / 2, 9);
    expect(both.edges.vertical).toBeCloseTo((tours.edges.vertical + mit.edges.vertical) / 2, 9);
    expect(both.edges.vertical + both.edges.horizontal + both.edges.diagonal).toBeCloseTo(1, 9);
    expect(both.verticalToHorizontal).toBeGreaterThan(mit.verticalToHorizontal);
    expect(both.verticalToHorizontal).toBeLessThan(tours.verticalToHorizontal);
    expect(both.palette.length).toBeLessThanOrEqual(5);
    expect(sum(both.palette.map((p) => p.share))).toBeCloseTo(1, 6);
  });

  it('is the image itself for one image, palette aside', async () => {
    const mit = await extractFeatures(fixturePhoto('mit-media-lab.jpg'));
    const one = aggregateFeatures([mit]);
    expect(one.verticalToHorizontal).toBeCloseTo(mit.verticalToHorizontal, 9);
    expect(one.symmetry).toBe(mit.symmetry);
    expect(one.palette.map((p) => p.family).sort()).toEqual(mit.palette.map((p) => p.family).sort());
  });

  it('refuses an empty list', () => {
    expect(() => aggregateFeatures([])).toThrow(/at least one image/);
  });
});
