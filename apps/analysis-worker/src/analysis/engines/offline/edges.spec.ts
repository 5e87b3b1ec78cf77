import { describe, expect, it } from '@jest/globals';
import { measureEdges, verticalToHorizontal } from './edges.js';

/** A `w × h` luma image from a function of the row and column. */
function image(w: number, h: number, luma: (y: number, x: number) => number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = luma(y, x);
  return out;
}

describe('measureEdges', () => {
  it('reads bays of a regular width as a vertical rhythm with that period', () => {
    const w = 120;
    const h = 60;
    // A dark pier every 12 columns: 10 bays across the width.
    const piers = image(w, h, (_y, x) => (x % 12 < 2 ? 0.1 : 0.9));
    const measures = measureEdges(piers, w, h);
    expect(measures.edges.vertical).toBeGreaterThan(0.9);
    expect(measures.verticalRhythm.period).toBeCloseTo(12 / w, 6);
    expect(measures.verticalRhythm.strength).toBeGreaterThan(0.8);
    expect(measures.horizontalRhythm).toEqual({ strength: 0, period: 0 });
  });

  it('gives a plain image no edges and an even balance', () => {
    const plain = image(20, 20, () => 0.5);
    const measures = measureEdges(plain, 20, 20);
    expect(measures.edgeDensity).toBe(0);
    expect(measures.edge.every((e) => e === 0)).toBe(true);
    expect(measures.edges).toEqual({ vertical: 1 / 3, horizontal: 1 / 3, diagonal: 1 / 3 });
  });
});

describe('verticalToHorizontal', () => {
  it('divides the vertical share by the horizontal one, with a floor of 0.001 on both', () => {
    expect(verticalToHorizontal({ vertical: 0.6, horizontal: 0.3, diagonal: 0.1 })).toBeCloseTo(2);
    expect(verticalToHorizontal({ vertical: 1, horizontal: 0, diagonal: 0 })).toBe(1000);
  });
});
