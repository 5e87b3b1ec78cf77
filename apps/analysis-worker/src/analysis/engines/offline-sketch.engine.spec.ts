import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sketchReadingTextSchema } from '@archlens/contracts/sketch';
import { FIXTURE_PHOTOS_DIR } from './offline/testing/fixture-photos.js';
import { AMERICAN_SPELLINGS } from './offline/testing/style-terms.js';
import { OfflineSketchEngine } from './offline-sketch.engine.js';
import { UndecodableImageError } from './vision-engine.js';

/** The shared fixture sketches, read by path beside the repository (never copied in). */
const SKETCHES_DIR = path.resolve(FIXTURE_PHOTOS_DIR, '../sketches');
const sketch = (name: string) => readFileSync(path.join(SKETCHES_DIR, name));

/** What the offline engine cannot know from lines: materials, named rooms, styles. */
const UNSEEABLE =
  /\b(concrete|brick|timber|wood|glass|steel|stone|marble|bedroom|kitchen|bathroom|living room|sofa|bed|modernist|gothic|baroque|brutalist)\b/i;
/** Figures and the vocabulary of image processing, which belong only to the last, Measurements point. */
const FIGURES = /\d|%|\bper ?cent\b|\b(sobel|pixels?|gradient|estimate)\b/i;
const SKETCH_NAMES = ['apartment-floorplan.png', 'house-facade.png', 'house-line-scribble.png', 'tower-perspective.png'];

/** A reading's points, its figures kept for the last one, headed "Measurements". */
function expectProseThenMeasurements(details: readonly string[], sketches = 1): void {
  const measurements = details.slice(-sketches);
  for (const point of details.slice(0, -sketches)) expect(point).not.toMatch(FIGURES);
  for (const point of measurements) {
    expect(point).toMatch(/^Measurements(, (first|second|third) sketch)?: ink \d+% of the sheet/);
    expect(point).toContain('without an AI model');
  }
}

describe('OfflineSketchEngine: drawing type from the lines themselves', () => {
  const engine = new OfflineSketchEngine();

  it.each([
    ['apartment-floorplan.png', 'plan'],
    ['house-facade.png', 'elevation'],
    ['tower-perspective.png', 'perspective'],
  ])('reads %s as the %s it is, a brief in words with its figures in a last Measurements point', async (name, type) => {
    const reading = await engine.read([sketch(name)]);
    expect(sketchReadingTextSchema.parse(reading)).toEqual(reading);
    expect(reading.drawingType).toBe(type);
    expect(reading.description).toMatch(new RegExp(`^Reads as an? ${type}: `));
    expect(reading.description).not.toMatch(FIGURES);
    expect(reading.details[0]).toMatch(new RegExp(`^Drawing type: reads as an? ${type}, because `));
    expectProseThenMeasurements(reading.details);
    for (const text of [reading.description, ...reading.details]) {
      expect(text).not.toMatch(UNSEEABLE);
      expect(text).not.toMatch(AMERICAN_SPELLINGS);
    }
  });

  it('cites the statistics that set the plan apart: many enclosed regions, ink spread over the whole sheet', async () => {
    const plan = await engine.measure(sketch('apartment-floorplan.png'));
    const facade = await engine.measure(sketch('house-facade.png'));
    expect(plan.regions.count).toBeGreaterThan(3 * facade.regions.count);
    expect(Math.min(...plan.coverage.thirds)).toBeGreaterThan(0.25);
    expect(facade.coverage.thirds[0]).toBeLessThan(0.15); // empty sky above the elevation
    const reading = await engine.read([sketch('apartment-floorplan.png')]);
    expect(reading.description).toContain('divided into many enclosed spaces');
    expect(reading.details.find((p) => p.startsWith('Openings and enclosure:'))).toMatch(/many areas are closed by lines/);
    expect(reading.details[reading.details.length - 1]).toContain(`${plan.regions.count} enclosed regions`);
  });

  it('finds the perspective by its diagonal strokes converging on a vanishing point', async () => {
    const tower = await engine.measure(sketch('tower-perspective.png'));
    const facade = await engine.measure(sketch('house-facade.png'));
    expect(tower.orientation.diagonal).toBeGreaterThan(facade.orientation.diagonal + 0.1);
    expect(tower.vanishing.vanishingPoints).toBeGreaterThanOrEqual(1);
    expect(tower.vanishing.convergence).toBeGreaterThanOrEqual(0.5);
  });

  it.each(SKETCH_NAMES)('writes %s up as a design brief that names its drawing type, with no figures', async (name) => {
    const reading = await engine.read([sketch(name)]);
    expect(sketchReadingTextSchema.safeParse(reading).success).toBe(true);
    expect(reading.description).toMatch(new RegExp(`^Reads as an? ${reading.drawingType}: [a-z]`));
    expect(reading.description).not.toMatch(FIGURES);
    expect(reading.description).not.toMatch(/AI model/);
    expect(reading.details.length).toBeGreaterThanOrEqual(3);
    expectProseThenMeasurements(reading.details);
    expect(reading.details.join(' ')).not.toMatch(UNSEEABLE);
  });

  it('reads three sketches together: each named in the summary, the points shared out by sketch, the figures last', async () => {
    const reading = await engine.read(['apartment-floorplan.png', 'house-facade.png', 'tower-perspective.png'].map(sketch));
    expect(sketchReadingTextSchema.safeParse(reading).success).toBe(true);
    expect(reading.drawingType).toBe('plan');
    expect(reading.description).toMatch(
      /^The first sketch reads as a plan: .*The second sketch reads as an elevation: .*The third sketch reads as a perspective: /,
    );
    expect(reading.description).not.toMatch(FIGURES);
    expect(reading.details).toHaveLength(12);
    expect(reading.details.map((p) => p.split(':')[0])).toEqual([
      ...Array(3).fill('First sketch'),
      ...Array(3).fill('Second sketch'),
      ...Array(3).fill('Third sketch'),
      'Measurements, first sketch',
      'Measurements, second sketch',
      'Measurements, third sketch',
    ]);
    expectProseThenMeasurements(reading.details, 3);
  });

  it('gives the same reading for the same sketch', async () => {
    const bytes = sketch('house-facade.png');
    expect(await new OfflineSketchEngine().read([Buffer.from(bytes)])).toEqual(await engine.read([bytes]));
  });

  it('reports a truncated or non-image sketch as undecodable, by its position', async () => {
    const cut = sketch('house-facade.png');
    const attempt = engine.read([sketch('house-line-scribble.png'), cut.subarray(0, Math.floor(cut.length / 2))]);
    await expect(attempt).rejects.toBeInstanceOf(UndecodableImageError);
    await expect(attempt).rejects.toMatchObject({ index: 1 });
    await expect(engine.read([Buffer.from('not a drawing')])).rejects.toThrow(/^Image 1 could not be decoded/);
  });

  it('refuses no sketches and more than three', async () => {
    await expect(engine.read([])).rejects.toThrow(/1 to 3 sketches/);
    await expect(engine.read(Array.from({ length: 4 }, () => sketch('house-line-scribble.png')))).rejects.toThrow(/1 to 3 sketches/);
  });
});
