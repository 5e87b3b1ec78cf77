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
/** A measurement: a number (a count, a share or a score). */
const CITES_A_MEASUREMENT = /\d/;

describe('OfflineSketchEngine (issue 14: drawing type from the lines themselves)', () => {
  const engine = new OfflineSketchEngine();

  it.each([
    ['apartment-floorplan.png', 'plan'],
    ['house-facade.png', 'elevation'],
    ['tower-perspective.png', 'perspective'],
  ])('reads %s as a %s, saying it is an estimate and citing its evidence', async (name, type) => {
    const reading = await engine.read([sketch(name)]);
    expect(sketchReadingTextSchema.parse(reading)).toEqual(reading);
    expect(reading.drawingType).toBe(type);
    expect(reading.description).toMatch(new RegExp(`^The sketch reads as an? ${type} \\(estimate\\): .*\\d`));
    expect(reading.description).toContain('without an AI model');
    expect(reading.details[0]).toMatch(new RegExp(`^Drawing type: reads as an? ${type} \\(estimate\\), from .*\\d`));
    for (const point of reading.details) expect(point).toMatch(CITES_A_MEASUREMENT);
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
    expect(reading.details.find((p) => p.startsWith('Enclosed regions:'))).toContain(`${plan.regions.count} areas of paper`);
  });

  it('finds the perspective by its diagonal strokes converging on a vanishing point', async () => {
    const tower = await engine.measure(sketch('tower-perspective.png'));
    const facade = await engine.measure(sketch('house-facade.png'));
    expect(tower.orientation.diagonal).toBeGreaterThan(facade.orientation.diagonal + 0.1);
    expect(tower.vanishing.vanishingPoints).toBeGreaterThanOrEqual(1);
    expect(tower.vanishing.convergence).toBeGreaterThanOrEqual(0.5);
  });

  it('gives the line scribble a sensible reading whose points cite measurements', async () => {
    const reading = await engine.read([sketch('house-line-scribble.png')]);
    expect(sketchReadingTextSchema.safeParse(reading).success).toBe(true);
    expect(reading.description).toMatch(/^The sketch reads as an? (plan|elevation|section|perspective|axonometric) \(estimate\)/);
    expect(reading.details.length).toBeGreaterThanOrEqual(3);
    for (const point of reading.details) expect(point).toMatch(CITES_A_MEASUREMENT);
    expect(reading.details.join(' ')).not.toMatch(UNSEEABLE);
  });

  it('reads three sketches together: each named in the summary, the points shared out and numbered', async () => {
    const reading = await engine.read(['apartment-floorplan.png', 'house-facade.png', 'tower-perspective.png'].map(sketch));
    expect(sketchReadingTextSchema.safeParse(reading).success).toBe(true);
    expect(reading.drawingType).toBe('plan');
    expect(reading.description).toMatch(/Sketch 1 reads as a plan .*Sketch 2 reads as an elevation .*Sketch 3 reads as a perspective/);
    expect(reading.details).toHaveLength(12);
    expect(reading.details.map((p) => p.slice(0, 8))).toEqual([
      ...Array(4).fill('Sketch 1'),
      ...Array(4).fill('Sketch 2'),
      ...Array(4).fill('Sketch 3'),
    ]);
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
