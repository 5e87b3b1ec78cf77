import { describe, expect, it } from '@jest/globals';
import { analysisTextSchema, countSections } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { describeFeatures } from './offline-description.js';
import { aggregateFeatures, extractFeatures, type AggregateFeatures } from './pixel-features.js';
import { FIXTURE_PHOTO_NAMES, fixturePhoto } from './testing/fixture-photos.js';
import { randomFeatures, seededRandom } from './testing/random-features.js';
import { AMERICAN_SPELLINGS, FORBIDDEN_TERMS } from './testing/style-terms.js';

const PHOTOS = FIXTURE_PHOTO_NAMES;

async function photoFeatures(...names: string[]): Promise<AggregateFeatures> {
  const images = [];
  for (const name of names) images.push(await extractFeatures(fixturePhoto(name)));
  return aggregateFeatures(images);
}

function expectValidText(features: AggregateFeatures): void {
  const text = describeFeatures(features);
  expect(analysisTextSchema.safeParse(text).success).toBe(true);
  expect(countWords(text.primaryDescription)).toBe(88);
  expect(text.primaryDescription).not.toMatch(FORBIDDEN_TERMS);
  expect(text.expandedDescription).not.toMatch(FORBIDDEN_TERMS);
  expect(text.primaryDescription).not.toMatch(AMERICAN_SPELLINGS);
  expect(text.expandedDescription).not.toMatch(AMERICAN_SPELLINGS);
  expect(text.primaryDescription).not.toMatch(/\[|\]|\s[,.]|\s{2}|undefined|NaN|Infinity/);
  expect(text.expandedDescription).not.toMatch(/\[|\]|undefined|NaN|Infinity/);
  expect(text.tags.length).toBeGreaterThanOrEqual(5);
  expect(text.tags.length).toBeLessThanOrEqual(12);
  expect(new Set(text.tags).size).toBe(text.tags.length);
  for (const tag of text.tags) expect(tag).toBe(tag.toLowerCase());
}

describe('describeFeatures on random features', () => {
  it('always writes exactly 88 words and a valid analysis (600 random feature sets, extremes included)', () => {
    const random = seededRandom(20240601);
    for (let i = 0; i < 600; i++) expectValidText(randomFeatures(random));
  });

  it('copes with one image and with ten', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 50; i++) {
      expectValidText(randomFeatures(random, 1));
      expectValidText(randomFeatures(random, 10));
    }
  });
});

describe('describeFeatures on the fixture photos', () => {
  it.each(PHOTOS)('writes a valid 88-word analysis of %s', async (name) => {
    expectValidText(await photoFeatures(name));
  });

  it('writes a valid analysis of several photos together, with a comparison section', async () => {
    const features = await photoFeatures('tours-cathedral-gothic.jpg', 'mit-media-lab.jpg', 'persepolis-ruins.jpg');
    expectValidText(features);
    const text = describeFeatures(features);
    expect(text.primaryDescription).toMatch(/^Across the three images,/);
    expect(text.expandedDescription).toContain('## Images Compared');
    expect(text.expandedDescription).toMatch(/Image 3: /);
  });

  it('reads Tours as vertical and symmetrical, the MIT Media Lab as horizontal and asymmetrical', async () => {
    const tours = describeFeatures(await photoFeatures('tours-cathedral-gothic.jpg'));
    const mit = describeFeatures(await photoFeatures('mit-media-lab.jpg'));
    expect(tours.primaryDescription).toMatch(/vertical edges outweigh horizontal ones/i);
    expect(tours.tags.some((t) => t.includes('vertical emphasis'))).toBe(true);
    expect(tours.tags).toContain('symmetrical');
    expect(mit.primaryDescription).toMatch(/horizontal edges outweigh vertical ones/i);
    expect(mit.tags.some((t) => t.includes('horizontal emphasis'))).toBe(true);
    expect(mit.tags).toContain('asymmetrical');
  });

  it('cites the measured numbers in an expanded description with the expected sections', async () => {
    const features = await photoFeatures('tours-cathedral-gothic.jpg');
    const { expandedDescription } = describeFeatures(features);
    expect(countSections(expandedDescription)).toBeGreaterThanOrEqual(4);
    for (const heading of [
      'Massing and Form',
      'Materials and Palette',
      'Light and Atmosphere',
      'Detailing and Rhythm',
      'Setting',
      'Method',
    ]) {
      expect(expandedDescription).toContain(`## ${heading}\n\n`);
    }
    expect(expandedDescription).toContain(`by ${features.verticalToHorizontal.toFixed(1)} to 1`);
    expect(expandedDescription).toContain(`Mirror symmetry scores ${features.symmetry.toFixed(2)}`);
    expect(expandedDescription).toContain(features.palette[0].hex);
    expect(expandedDescription).toContain(features.palette[0].name);
    expect(expandedDescription).toMatch(/without an AI model/);
    expect(expandedDescription).not.toMatch(/\n{3,}/);
  });

  it('is deterministic', async () => {
    const features = await photoFeatures('havana-cathedral-baroque.jpg');
    expect(describeFeatures(features)).toEqual(describeFeatures(structuredClone(features)));
  });

  it('varies with the features', async () => {
    const texts = new Set<string>();
    for (const name of PHOTOS) texts.add(describeFeatures(await photoFeatures(name)).primaryDescription);
    expect(texts.size).toBe(PHOTOS.length);
  });
});
