import { describe, expect, it } from '@jest/globals';
import { chroma, colourFamily, colourTemperature, nearestColourName, rgbToHex, rgbToHsl } from './colour-naming.js';

describe('colourFamily', () => {
  it.each([
    [{ r: 245, g: 245, b: 245 }, 'white'],
    [{ r: 230, g: 226, b: 218 }, 'warm off-white'],
    [{ r: 226, g: 220, b: 205 }, 'beige'],
    [{ r: 40, g: 40, b: 42 }, 'charcoal'],
    [{ r: 128, g: 122, b: 112 }, 'warm grey'],
    [{ r: 115, g: 118, b: 124 }, 'cool grey'],
    [{ r: 135, g: 123, b: 112 }, 'taupe'],
    [{ r: 128, g: 128, b: 128 }, 'mid grey'],
    [{ r: 180, g: 100, b: 70 }, 'terracotta'],
    [{ r: 204, g: 150, b: 40 }, 'ochre'],
    [{ r: 95, g: 115, b: 145 }, 'slate blue'],
    [{ r: 135, g: 206, b: 235 }, 'sky blue'],
    [{ r: 34, g: 139, b: 34 }, 'green'],
    [{ r: 140, g: 160, b: 130 }, 'sage'],
  ])('names %o as %s', (rgb, family) => {
    expect(colourFamily(rgb)).toBe(family);
  });
});

describe('colourTemperature', () => {
  it('reads reds and ochres as warm, blues as cool and greys as neutral', () => {
    expect(colourTemperature({ r: 180, g: 100, b: 70 })).toBe('warm');
    expect(colourTemperature({ r: 95, g: 115, b: 145 })).toBe('cool');
    expect(colourTemperature({ r: 128, g: 128, b: 129 })).toBe('neutral');
  });
});

describe('nearestColourName', () => {
  it('finds a name from the curated list, spelt the British way', () => {
    for (let v = 0; v <= 255; v += 15) {
      const name = nearestColourName({ r: v, g: (v * 7) % 256, b: 255 - v });
      expect(name).toMatch(/^[A-Z][A-Za-z -]*$/);
      expect(name).not.toMatch(/\b(Gray|Harbor|Color)\b/);
    }
  });

  it('gives plain material and colour names for architectural tones', () => {
    const names = [
      { r: 128, g: 128, b: 128 },
      { r: 200, g: 190, b: 170 },
      { r: 150, g: 80, b: 60 },
      { r: 60, g: 60, b: 65 },
    ].map(nearestColourName);
    for (const name of names) expect(name.split(' ').length).toBeLessThanOrEqual(3);
    expect(new Set(names).size).toBe(4);
  });

  it('never uses a name that recognises a style, a building type or a place', () => {
    const forbidden =
      /gothic|baroque|modern|bauhaus|victorian|georgian|tudor|roman|renaissance|classic|palladian|tuscan|cathedral|temple|palace|castle|mosque|paris|french|persian|greek|italian|english/i;
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 17) {
        for (let b = 0; b <= 255; b += 17) expect(nearestColourName({ r, g, b })).not.toMatch(forbidden);
      }
    }
  });
});

describe('conversions', () => {
  it('converts to HSL, hex and chroma', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 1, l: 0.5 });
    expect(rgbToHsl({ r: 0, g: 0, b: 255 }).h).toBeCloseTo(240, 9);
    expect(rgbToHex({ r: 255, g: 128.4, b: 0 })).toBe('#ff8000');
    expect(chroma({ r: 200, g: 100, b: 150 })).toBeCloseTo(100 / 255, 9);
  });
});
