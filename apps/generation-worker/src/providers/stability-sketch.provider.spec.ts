import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ASPECT_RATIOS, MAX_SEED } from '@archlens/contracts/generation';
import { fitSketch, stabilityCanvas, stabilityControlStrength, stabilityErrorMessage, stabilitySeed } from './stability-sketch.provider.js';

describe('Stability AI sketch-control parameters', () => {
  it('control_strength is sketch influence / 100', () => {
    expect([0, 5, 50, 75, 100].map(stabilityControlStrength)).toEqual(['0', '0.05', '0.5', '0.75', '1']);
  });

  it('numbers seeds from the one asked for (wrapping past the largest), or draws one per call', () => {
    expect([0, 1, 2, 3].map((i) => stabilitySeed(42, i))).toEqual([42, 43, 44, 45]);
    expect(stabilitySeed(MAX_SEED, 1)).toBe(0);
    expect(stabilitySeed(undefined, 2, () => 777)).toBe(777);
    const drawn = stabilitySeed(undefined, 0);
    expect(Number.isInteger(drawn) && drawn >= 0 && drawn <= MAX_SEED).toBe(true);
  });

  it('fits the sketch into a canvas of the aspect ratio, sides multiples of 64, about a megapixel', async () => {
    for (const ratio of ASPECT_RATIOS) {
      const { width, height } = stabilityCanvas(ratio);
      expect(width % 64 === 0 && height % 64 === 0).toBe(true);
      expect(width * height).toBeGreaterThan(900_000);
      expect(width * height).toBeLessThan(1_200_000);
    }
    const sketch = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const fitted = await sharp(await fitSketch(sketch, '16:9')).metadata();
    expect([fitted.format, fitted.width, fitted.height]).toEqual(['png', 1344, 768]);
  });

  it("passes Stability's own error text on: errors[], else message, else name, else the status", () => {
    const body = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(stabilityErrorMessage(400, body({ id: 'x', name: 'bad_request', errors: ['prompt: is required', 'seed: too big'] }))).toBe(
      'prompt: is required; seed: too big',
    );
    expect(stabilityErrorMessage(500, body({ message: 'Internal error' }))).toBe('Internal error');
    expect(stabilityErrorMessage(403, body({ name: 'content_moderation' }))).toBe('content_moderation');
    expect(stabilityErrorMessage(502, Buffer.from('<html>bad gateway</html>'))).toBe('Stability AI answered HTTP 502.');
  });
});
