// Test-only: the sketch-fidelity calibration set, built at run time from the fixture sketches and
// reference photos (by path, never copied), for the unit tests and `npm run bench:fidelity`.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fixtureSketch, SKETCHES_DIR } from '../support/images.js';

/** The folder of fixture reference photos, beside the fixture sketches (`SKETCHES_DIR`). */
export const REFERENCES_DIR = path.resolve(SKETCHES_DIR, '..', 'references');

/** Every fixture sketch, by file name. */
export const CALIBRATION_SKETCHES = readdirSync(SKETCHES_DIR)
  .filter((name) => name.endsWith('.png'))
  .sort();
/** Every fixture reference photo, by file name: renders of other buildings, unrelated to any sketch. */
export const CALIBRATION_REFERENCES = readdirSync(REFERENCES_DIR)
  .filter((name) => /\.(png|jpe?g)$/.test(name))
  .sort();

/** The four kinds of render each sketch is scored against, from most to least faithful. */
export type CalibrationKind = 'blurred-and-toned' | 'shifted-and-reshaded' | 'other-sketch' | 'unrelated-photo';

/** One pair of the set: a sketch and a stand-in render of a known kind. */
export interface CalibrationPair {
  sketch: string;
  kind: CalibrationKind;
  /** What the render is made from: the sketch itself, another sketch or a reference photo. */
  renderOf: string;
  sketchBytes: Buffer;
  renderBytes: Buffer;
}

/** (a) The sketch lightly blurred (σ 1.2 px) and toned: lower contrast, lifted and warmed like paper under a lamp. */
async function blurredAndToned(sketch: Buffer): Promise<Buffer> {
  return sharp(sketch).flatten({ background: '#ffffff' }).blur(1.2).linear(0.8, 30).tint({ r: 240, g: 225, b: 200 }).png().toBuffer();
}

/**
 * (b) The sketch moved right and down by 2 % of its width and height (the uncovered edge white) and
 * re-shaded: a top-left to bottom-right darkening multiplied over it, as a render's light falls.
 */
async function shiftedAndReshaded(sketch: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(sketch).metadata();
  const dx = Math.round(width * 0.02);
  const dy = Math.round(height * 0.02);
  const shifted = await sharp(sketch)
    .flatten({ background: '#ffffff' })
    .extend({ left: dx, top: dy, background: '#ffffff' })
    .extract({ left: 0, top: 0, width, height })
    .png()
    .toBuffer();
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8a8f99"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
  return sharp(shifted)
    .composite([{ input: shade, blend: 'multiply' }])
    .png()
    .toBuffer();
}

/** Every pair of the set: for each sketch, (a), (b), each other sketch (c) and each reference photo (d). */
export async function calibrationSet(): Promise<CalibrationPair[]> {
  const pairs: CalibrationPair[] = [];
  for (const sketch of CALIBRATION_SKETCHES) {
    const sketchBytes = fixtureSketch(sketch);
    pairs.push({ sketch, kind: 'blurred-and-toned', renderOf: sketch, sketchBytes, renderBytes: await blurredAndToned(sketchBytes) });
    pairs.push({ sketch, kind: 'shifted-and-reshaded', renderOf: sketch, sketchBytes, renderBytes: await shiftedAndReshaded(sketchBytes) });
    for (const other of CALIBRATION_SKETCHES.filter((name) => name !== sketch)) {
      pairs.push({ sketch, kind: 'other-sketch', renderOf: other, sketchBytes, renderBytes: fixtureSketch(other) });
    }
    for (const reference of CALIBRATION_REFERENCES) {
      pairs.push({
        sketch,
        kind: 'unrelated-photo',
        renderOf: reference,
        sketchBytes,
        renderBytes: await sharp(path.join(REFERENCES_DIR, reference)).toBuffer(),
      });
    }
  }
  return pairs;
}
