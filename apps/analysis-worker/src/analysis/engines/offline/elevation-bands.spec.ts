import { describe, expect, it } from '@jest/globals';
import { measureElevationBands } from './elevation-bands.js';

/** A `w × h` mask from a function of the row and column. */
function mask(w: number, h: number, on: (y: number, x: number) => boolean): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = on(y, x) ? 1 : 0;
  return out;
}

describe('measureElevationBands', () => {
  it('finds a worked base and crown around a plain middle, below the sky', () => {
    const w = 10;
    const h = 40;
    // Rows 0–9 are sky; the building is rows 10–39: edges in its top and bottom thirds only.
    const sky = mask(w, h, (y) => y < 10);
    const edge = mask(w, h, (y, x) => y >= 10 && (y < 20 || y >= 30) && x % 2 === 0);
    const bands = measureElevationBands(edge, sky, w, h);
    expect(bands.top).toBeCloseTo(0.5);
    expect(bands.middle).toBe(0);
    expect(bands.bottom).toBeCloseTo(0.5);
  });

  it('leaves sky pixels out, so a spire against the sky does not thin the top band', () => {
    const w = 10;
    const h = 30;
    // Sky on the right half of the top rows: the left half is a tower, all edges.
    const sky = mask(w, h, (y, x) => y < 10 && x >= 5);
    const edge = mask(w, h, (y, x) => x < 5 || y >= 10);
    expect(measureElevationBands(edge, sky, w, h)).toEqual({ top: 1, middle: 1, bottom: 1 });
  });

  it('reads a frame that is nearly all sky as one band', () => {
    const w = 8;
    const h = 20;
    const sky = mask(w, h, (y) => y < 17);
    const edge = mask(w, h, (y) => y === 19);
    const bands = measureElevationBands(edge, sky, w, h);
    expect(bands.top).toBe(bands.middle);
    expect(bands.middle).toBe(bands.bottom);
    expect(bands.top).toBeCloseTo(1 / 3);
  });
});
