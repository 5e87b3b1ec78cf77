import { describe, expect, it } from '@jest/globals';
import { measureSymmetry } from './symmetry.js';

/** A `w × h` luma image from a function of the row and column. */
function image(w: number, h: number, luma: (y: number, x: number) => number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = luma(y, x);
  return out;
}

describe('measureSymmetry', () => {
  it('finds a mirror axis right of centre and says how far', () => {
    const w = 64;
    const h = 32;
    // Mirror-symmetric about x = 35.5: four pixels right of the centre (31.5).
    const luma = image(w, h, (y, x) => ((Math.abs(x - 35.5) + y) % 9) / 9);
    const { symmetry, offset } = measureSymmetry(luma, w, h);
    expect(symmetry).toBeCloseTo(1, 6);
    expect(offset).toBeCloseTo(4 / w, 6);
  });

  it('reads rows of one colour each as their own mirror', () => {
    const gradient = image(40, 40, (y) => y / 40);
    expect(measureSymmetry(gradient, 40, 40)).toEqual({ symmetry: 1, offset: 0 });
  });

  it('scores an image that mirrors to its negative at 0', () => {
    const w = 64;
    const luma = image(w, 16, (_y, x) => (x < w / 2 ? 0.2 : 0.8));
    expect(measureSymmetry(luma, w, 16).symmetry).toBe(0);
  });
});
