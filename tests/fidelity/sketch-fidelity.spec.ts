import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  GEOMETRY_DRIFT_BELOW,
  scoreSketchFidelity,
  type SketchFidelity,
} from '../../apps/generation-worker/src/fidelity/sketch-fidelity.js';
import { SKETCHES_DIR } from '../support/images.js';
import { CALIBRATION_REFERENCES, CALIBRATION_SKETCHES, calibrationSet, type CalibrationPair } from './calibration-set.js';

/**
 * The sketch-fidelity score on its calibration set: for every fixture sketch, a render that keeps
 * its geometry ((a) blurred and toned, (b) moved by 2 % and re-shaded) scores clearly above one
 * that does not ((c) another sketch, (d) an unrelated photograph), on either side of the product's
 * "geometry drift" threshold; the score is symmetric and repeatable.
 */
type Scored = CalibrationPair & { forward: SketchFidelity; reverse: SketchFidelity };
let scored: Scored[];
/** Points each kept render must clear the threshold by, and each lost one stay under it by. */
const MARGIN = 10;

beforeAll(async () => {
  scored = [];
  for (const pair of await calibrationSet()) {
    const [forward, reverse] = await Promise.all([
      scoreSketchFidelity(pair.sketchBytes, pair.renderBytes),
      scoreSketchFidelity(pair.renderBytes, pair.sketchBytes),
    ]);
    scored.push({ ...pair, forward, reverse });
  }
}, 180_000);

const scoresOf = (sketch: string, kind: CalibrationPair['kind']) =>
  scored.filter((pair) => pair.sketch === sketch && pair.kind === kind).map((pair) => pair.forward.score);

describe('the calibration set', () => {
  it('pairs every fixture sketch with the four kinds of render', () => {
    expect(CALIBRATION_SKETCHES.length).toBeGreaterThanOrEqual(4);
    expect(CALIBRATION_REFERENCES.length).toBeGreaterThanOrEqual(4);
    for (const sketch of CALIBRATION_SKETCHES) {
      expect(scoresOf(sketch, 'other-sketch')).toHaveLength(CALIBRATION_SKETCHES.length - 1);
      expect(scoresOf(sketch, 'unrelated-photo')).toHaveLength(CALIBRATION_REFERENCES.length);
    }
  });

  it.each(CALIBRATION_SKETCHES)('orders %s: blurred ≥ shifted > another sketch, an unrelated photo, with clear margins', (sketch) => {
    const [a] = scoresOf(sketch, 'blurred-and-toned');
    const [b] = scoresOf(sketch, 'shifted-and-reshaded');
    const lost = [...scoresOf(sketch, 'other-sketch'), ...scoresOf(sketch, 'unrelated-photo')];
    expect(a).toBeGreaterThanOrEqual(b);
    expect(a).toBeGreaterThanOrEqual(90);
    expect(b).toBeGreaterThanOrEqual(GEOMETRY_DRIFT_BELOW + MARGIN);
    expect(Math.max(...lost)).toBeLessThanOrEqual(GEOMETRY_DRIFT_BELOW - MARGIN);
  });
});

describe('the score', () => {
  it('is the same whichever image is called the sketch, within 1 point', () => {
    for (const pair of scored) expect(Math.abs(pair.forward.score - pair.reverse.score)).toBeLessThanOrEqual(1);
  });

  it('is the same for the same pair, every time', async () => {
    for (const pair of scored.filter((_, i) => i % 5 === 0)) {
      expect((await scoreSketchFidelity(pair.sketchBytes, pair.renderBytes)).score).toBe(pair.forward.score);
    }
  });

  it("leaves almost none of the sketch's lines unmatched on a faithful render, and most on an unrelated one", () => {
    const unmatchedShare = (pair: Scored) => {
      const { edge } = pair.forward.unmatchedSketch;
      return edge.reduce((n, v) => n + v, 0) / edge.length;
    };
    for (const sketch of CALIBRATION_SKETCHES) {
      const kept = scored.find((pair) => pair.sketch === sketch && pair.kind === 'blurred-and-toned')!;
      const photo = scored.find((pair) => pair.sketch === sketch && pair.kind === 'unrelated-photo')!;
      expect(kept.forward.sketchMatched).toBeGreaterThan(0.9);
      expect(unmatchedShare(photo)).toBeGreaterThan(10 * unmatchedShare(kept));
    }
  });
});

describe('a render of another aspect ratio', () => {
  /** The sketch as a provider composes it onto a canvas of another shape: whole, centred, on white. */
  async function composedOnto(sketch: Buffer, width: number, height: number): Promise<Buffer> {
    const fitted = await sharp(sketch)
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'contain', background: '#ffffff' })
      .png()
      .toBuffer();
    return sharp(fitted).blur(1.2).linear(0.8, 30).png().toBuffer();
  }

  it.each(CALIBRATION_SKETCHES)('keeps %s its geometry when the render is landscape or portrait', async (name) => {
    const sketch = await sharp(path.join(SKETCHES_DIR, name)).toBuffer();
    const [landscape, portrait] = await Promise.all([composedOnto(sketch, 1536, 1024), composedOnto(sketch, 1024, 1536)]);
    for (const render of [landscape, portrait]) {
      const forward = await scoreSketchFidelity(sketch, render);
      expect(forward.score).toBeGreaterThanOrEqual(GEOMETRY_DRIFT_BELOW + MARGIN);
      expect((await scoreSketchFidelity(render, sketch)).score).toBe(forward.score);
    }
  });
});
