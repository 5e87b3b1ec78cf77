import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { scoreSketchFidelity } from './sketch-fidelity.js';
import { OVERLAY_COLOUR, unmatchedLinesOverlay } from './unmatched-lines-overlay.js';

/** An elevation drawn in black lines on white (a box, a roof, two windows, a door), `width` × `height`. */
function drawing(width: number, height: number, lines = 'all'): Promise<Buffer> {
  const w = (x: number) => (x * width) / 600;
  const h = (y: number) => (y * height) / 400;
  const shapes = [
    `<rect x="${w(100)}" y="${h(150)}" width="${w(400)}" height="${h(220)}"/>`,
    `<polyline points="${w(80)},${h(160)} ${w(300)},${h(40)} ${w(520)},${h(160)}"/>`,
    `<rect x="${w(150)}" y="${h(200)}" width="${w(80)}" height="${h(70)}"/>`,
    `<rect x="${w(370)}" y="${h(200)}" width="${w(80)}" height="${h(70)}"/>`,
    `<rect x="${w(265)}" y="${h(260)}" width="${w(70)}" height="${h(110)}"/>`,
  ];
  const drawn = lines === 'all' ? shapes : shapes.slice(0, 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <g fill="none" stroke="#000" stroke-width="${Math.max(2, width / 200)}">${drawn.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The overlay's drawn pixels (alpha above half), as a set of indexes, and its size and colour where drawn. */
async function drawnPixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const drawn: number[] = [];
  for (let i = 0; i < info.width * info.height; i++) if (data[i * 4 + 3] > 127) drawn.push(i);
  const first = drawn[0] ?? 0;
  return { info, drawn, colour: { r: data[first * 4], g: data[first * 4 + 1], b: data[first * 4 + 2] } };
}

describe('unmatchedLinesOverlay', () => {
  it("draws the sketch's lines a blank render lacks where the sketch has them, on the render's own pixels", async () => {
    const sketch = await drawing(600, 400);
    // A blank render twice the sketch's size: every line is unmatched, and each must land on the sketch's line scaled up.
    const render = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const overlay = await unmatchedLinesOverlay(await scoreSketchFidelity(sketch, render), render);
    const { info, drawn, colour } = await drawnPixels(overlay);
    expect([info.width, info.height, info.channels]).toEqual([1200, 800, 4]);
    expect(colour).toEqual(OVERLAY_COLOUR);
    expect(drawn.length).toBeGreaterThan(0.01 * 1200 * 800);

    // Within 12 px (about three frame pixels at this size: a line has an edge either side) of a line of the sketch drawn at the render's size.
    const lines = await sharp(await drawing(1200, 800))
      .removeAlpha()
      .extractChannel(0)
      .dilate(12)
      .raw()
      .toBuffer();
    const onALine = drawn.filter((i) => lines[i] < 128).length;
    expect(onALine / drawn.length).toBeGreaterThan(0.97);
  });

  it('draws next to nothing over a render that kept every line, and only the missing ones over one that kept some', async () => {
    const sketch = await drawing(600, 400);
    const kept = await drawnPixels(await unmatchedLinesOverlay(await scoreSketchFidelity(sketch, sketch), sketch));
    expect(kept.drawn.length).toBeLessThan(0.001 * 600 * 400);

    // The render has the box and the roof but no windows or door: those are drawn, the rest is not.
    const partial = await drawing(600, 400, 'outline');
    const missing = await drawnPixels(await unmatchedLinesOverlay(await scoreSketchFidelity(sketch, partial), partial));
    const openings = (i: number) => {
      const x = i % 600;
      const y = Math.floor(i / 600);
      return y >= 190 && y <= 380 && ((x >= 140 && x <= 240) || (x >= 360 && x <= 460) || (x >= 255 && x <= 345));
    };
    expect(missing.drawn.length).toBeGreaterThan(0.005 * 600 * 400);
    expect(missing.drawn.filter(openings).length / missing.drawn.length).toBeGreaterThan(0.9);
  });
});
