import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analysisTextSchema, countSections } from '@archlens/contracts/analysis';
import { MEASUREMENTS_HEADING } from '@archlens/contracts/clipboard-text';
import { countWords } from '@archlens/contracts/words';
import { readDesign, type DesignReading } from './design-reading.js';
import { describeFeatures } from './offline-description.js';
import { aggregateFeatures, extractFeatures, type AggregateFeatures, type ImageFeatures } from './pixel-features.js';
import { FIXTURE_PHOTO_NAMES, fixturePhoto, REPO_ROOT } from './testing/fixture-photos.js';
import { randomFeatures, seededRandom } from './testing/random-features.js';
import { AMERICAN_SPELLINGS, FORBIDDEN_TERMS, MEASUREMENT_TERMS } from './testing/style-terms.js';

const single = new Map<string, ImageFeatures>();
async function photo(name: string): Promise<ImageFeatures> {
  const cached = single.get(name);
  if (cached) return cached;
  const features = await extractFeatures(fixturePhoto(name));
  single.set(name, features);
  return features;
}
async function photoFeatures(...names: string[]): Promise<AggregateFeatures> {
  const images = [];
  for (const name of names) images.push(await photo(name));
  return aggregateFeatures(images);
}
const SET_OF_THREE = ['tours-cathedral-gothic.jpg', 'mit-media-lab.jpg', 'persepolis-ruins.jpg'];

/** The expanded text before its last section, and that section. */
function splitMeasurements(expanded: string): { prose: string; measurements: string } {
  const at = expanded.lastIndexOf(`\n${MEASUREMENTS_HEADING}\n`);
  return { prose: expanded.slice(0, at), measurements: expanded.slice(at + 1) };
}

function expectValidText(features: AggregateFeatures): void {
  const text = describeFeatures(features);
  expect(analysisTextSchema.safeParse(text).success).toBe(true);
  expect(countWords(text.primaryDescription)).toBe(88);
  for (const part of [text.primaryDescription, text.expandedDescription, ...text.tags]) {
    expect(part).not.toMatch(FORBIDDEN_TERMS);
    expect(part).not.toMatch(AMERICAN_SPELLINGS);
    expect(part).not.toMatch(/\[|\]|undefined|NaN|Infinity|\ba [aeiou]/);
  }
  expect(text.primaryDescription).not.toMatch(/\s[,.]|\s{2}|\n/);
  expect(text.primaryDescription).not.toMatch(MEASUREMENT_TERMS);
  expect(text.tags.join(' ')).not.toMatch(MEASUREMENT_TERMS);
  // The figures all sit in the last section, which lists them one per line.
  const headings = text.expandedDescription.split('\n').filter((line) => line.startsWith('## '));
  expect(headings[headings.length - 1]).toBe(MEASUREMENTS_HEADING);
  const { prose, measurements } = splitMeasurements(text.expandedDescription);
  expect(prose).not.toMatch(MEASUREMENT_TERMS);
  expect(measurements.split('\n').filter((line) => line.startsWith('- ')).length).toBeGreaterThanOrEqual(12);
  expect(text.expandedDescription).not.toMatch(/\n{3,}/);
  expect(text.tags.length).toBeGreaterThanOrEqual(5);
  expect(text.tags.length).toBeLessThanOrEqual(12);
  expect(new Set(text.tags).size).toBe(text.tags.length);
  for (const tag of text.tags) expect(tag).toBe(tag.toLowerCase());
}

/**
 * Each phrase of the primary description and the class of the reading it follows from: wherever
 * the phrase appears, the reading must hold. Together they cover every claim the paragraph makes
 * about stance, order, rhythm, surface, palette, light and setting.
 */
const PHRASE_EVIDENCE: ReadonlyArray<[RegExp, (r: DesignReading) => boolean]> = [
  [/emphatically upright|verticals lead emphatically|soaring/i, (r) => r.emphasis === 'strong-vertical'],
  [/\bupright\b/i, (r) => r.emphasis === 'strong-vertical' || r.emphasis === 'vertical'],
  [/long, low mass|horizontal lines dominate|stretches long and low/i, (r) => r.emphasis === 'strong-horizontal'],
  [/horizontal layers|horizontals lead|grounded/i, (r) => r.emphasis === 'horizontal' || r.emphasis === 'strong-horizontal'],
  [/equal weight|even grid|orthogonal/i, (r) => r.emphasis === 'balanced'],
  [/central axis|mirrored halves|formal and axial|\bformal\b/i, (r) => r.symmetry === 'strong'],
  [/partly symmetrical|answer rather than mirror|\bbalanced\b/i, (r) => r.symmetry === 'partial'],
  [/freely composed|\binformal\b/i, (r) => r.symmetry === 'none'],
  [/slightly off centre/i, (r) => r.symmetry === 'partial' && r.axisOffCentre],
  [/bay rhythm/i, (r) => r.bays !== null],
  [/bands recur/i, (r) => r.bays === null && r.tiers !== null],
  [/base, middle and top|plainer middle/i, (r) => r.elevation === 'plain-middle'],
  [/middle band is the most richly worked/i, (r) => r.elevation === 'rich-middle'],
  [/gathers towards the top/i, (r) => r.elevation === 'top-heavy'],
  [/gather at the base/i, (r) => r.elevation === 'base-heavy'],
  [/raking lines/i, (r) => r.diagonal],
  [/deeply modelled|close-set relief/i, (r) => r.detail === 'dense' && r.contrast === 'high'],
  [/richly worked|finely worked|richly modelled|rich but ordered|lively/i, (r) => r.detail === 'dense' || r.elevation === 'rich-middle'],
  [
    /plain planes|largely plain|planar and smooth|\brestrained\b(?! range)|austere|understated/i,
    (r) => r.detail === 'plain' || r.colour === 'restrained',
  ],
  [/close to monochrome|\bsober\b/i, (r) => r.colour === 'restrained' || r.tone === 'sober'],
  [/\bwarm\b(?! grey| off-white)|warm-toned/i, (r) => r.temperature === 'warm'],
  [/\bcool\b(?! grey)|cool-toned/i, (r) => r.temperature === 'cool'],
  [/colourful|strong enough to act as a design element/i, (r) => r.colour === 'saturated'],
  [/two-toned/i, (r) => r.tone === 'two-tone'],
  [/dark-toned/i, (r) => r.tone === 'dark'],
  [/hard, bright light|bright light|bright, diffuse/i, (r) => r.light === 'bright'],
  [/low-key|subdued|dim and flat/i, (r) => r.light === 'subdued'],
  [/strong darks|hard shadow|deep shadow|cut sharply|sharp, clean edges/i, (r) => r.contrast === 'high'],
  [/soft and diffuse|lightly drawn|read in tone|flattens|dim and flat|taut skin/i, (r) => r.contrast === 'soft'],
  [/wide, open sky|open sky fills|silhouette/i, (r) => r.sky === 'dominant'],
  [/open sky frames/i, (r) => r.sky === 'backdrop'],
  [/little sky shows/i, (r) => r.sky === 'sliver'],
  [/no sky/i, (r) => r.sky === 'none'],
  [/among planting|planting softens the base/i, (r) => r.green === 'substantial'],
  [/a little planting/i, (r) => r.green === 'some'],
  [/tall frontage/i, (r) => r.frame === 'portrait'],
  [/broad front/i, (r) => r.frame === 'landscape'],
];

function expectPhrasesFollowFromReading(features: AggregateFeatures): void {
  const reading = readDesign(features);
  const { primaryDescription } = describeFeatures(features);
  for (const [phrase, holds] of PHRASE_EVIDENCE) {
    if (phrase.test(primaryDescription)) {
      if (!holds(reading)) throw new Error(`"${phrase.source}" in a text whose reading does not support it:\n${primaryDescription}`);
    }
  }
}

describe('describeFeatures on random features', () => {
  it('always writes exactly 88 words of prose, and keeps the figures for the Measurements section (600 random feature sets, extremes included)', () => {
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

  it('says nothing the reading does not support (each phrase tied to the class behind it)', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 600; i++) expectPhrasesFollowFromReading(randomFeatures(random, i % 3 === 0 ? 3 : 1));
  });

  it('opens on what stands out, so different readings give differently built paragraphs', () => {
    const random = seededRandom(31);
    const openings = new Set<string>();
    const shapes = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const text = describeFeatures(randomFeatures(random, 1)).primaryDescription;
      openings.add(text.split(/\s+/).slice(0, 6).join(' '));
      // The shape of a paragraph: the first word of each of its sentences.
      shapes.add(
        text
          .split(/(?<=\.)\s+/)
          .map((sentence) => sentence.split(/\s+/)[0])
          .join(' '),
      );
    }
    expect(openings.size).toBeGreaterThanOrEqual(15);
    expect(shapes.size).toBeGreaterThanOrEqual(150);
  });
});

describe('describeFeatures on the fixture photos', () => {
  it.each(FIXTURE_PHOTO_NAMES)('writes a valid 88-word analysis of %s, its phrases following from its reading', async (name) => {
    const features = await photoFeatures(name);
    expectValidText(features);
    expectPhrasesFollowFromReading(features);
  });

  it('writes a valid analysis of three photos together, comparing them in words', async () => {
    const features = await photoFeatures(...SET_OF_THREE);
    expectValidText(features);
    expectPhrasesFollowFromReading(features);
    const text = describeFeatures(features);
    expect(text.primaryDescription).toMatch(/^Across the three photographs,/);
    expect(text.expandedDescription).toContain('## Images Compared');
    expect(text.expandedDescription).toMatch(/The first photograph is the most upright/);
    expect(text.expandedDescription).toMatch(/- Photograph 3: /);
  });

  it('opens every single-photo description differently (first six words)', async () => {
    const openings = new Map<string, string>();
    for (const name of FIXTURE_PHOTO_NAMES) {
      const text = describeFeatures(await photoFeatures(name)).primaryDescription;
      const opening = text.split(/\s+/).slice(0, 6).join(' ');
      expect(openings.get(opening)).toBeUndefined();
      openings.set(opening, name);
    }
    expect(openings.size).toBe(FIXTURE_PHOTO_NAMES.length);
  });

  it('reads Tours as axial and soaring, the MIT Media Lab as long, low and freely composed', async () => {
    const tours = describeFeatures(await photoFeatures('tours-cathedral-gothic.jpg'));
    const mit = describeFeatures(await photoFeatures('mit-media-lab.jpg'));
    expect(tours.primaryDescription).toMatch(/^Composed strictly about a central axis, the tall frontage rises/);
    expect(tours.primaryDescription).toMatch(/formal, soaring design language/);
    expect(tours.tags).toEqual(expect.arrayContaining(['strong vertical emphasis', 'symmetrical elevation', 'bay rhythm']));
    expect(mit.primaryDescription).toMatch(/^A long, low mass stretches across the view in horizontal layers/);
    expect(mit.primaryDescription).toMatch(/freely composed/);
    expect(mit.tags).toEqual(expect.arrayContaining(['strong horizontal emphasis', 'asymmetrical massing']));
  });

  it('lists each measured value, with what it measures, in the Measurements section', async () => {
    const features = await photoFeatures('tours-cathedral-gothic.jpg');
    const { expandedDescription } = describeFeatures(features);
    expect(countSections(expandedDescription)).toBe(6);
    for (const heading of ['Massing and Form', 'Materials and Palette', 'Light and Atmosphere', 'Detailing and Rhythm', 'Setting']) {
      expect(expandedDescription).toContain(`## ${heading}\n\n`);
    }
    const { measurements } = splitMeasurements(expandedDescription);
    expect(measurements).toContain(`Vertical to horizontal edge weight: ${features.verticalToHorizontal.toFixed(2)} to 1`);
    expect(measurements).toContain(`Mirror symmetry: ${features.symmetry.toFixed(2)} on a scale from 0 to 1`);
    expect(measurements).toContain(features.palette[0].hex);
    expect(measurements).toContain(features.palette[0].name);
    expect(measurements).toContain(`Sky: ${Math.round(features.sky * 100)}% of the frame`);
    expect(measurements).toMatch(/Measured without an AI model/);
  });

  it('writes what docs/offline-writing.md shows as "after" for its three photos', async () => {
    const page = readFileSync(path.join(REPO_ROOT, 'docs/offline-writing.md'), 'utf8');
    const shown = [...page.matchAll(/^## (\S+\.jpg) [\s\S]*?After:\n\n> (.+)$/gm)].map(([, name, after]) => [name, after]);
    expect(shown.map(([name]) => name)).toEqual(['tours-cathedral-gothic.jpg', 'mit-media-lab.jpg', 'havana-cathedral-baroque.jpg']);
    for (const [name, after] of shown) expect(describeFeatures(await photoFeatures(name)).primaryDescription).toBe(after);
  });

  it('is deterministic', async () => {
    const features = await photoFeatures('havana-cathedral-baroque.jpg');
    expect(describeFeatures(features)).toEqual(describeFeatures(structuredClone(features)));
  });
});
