import { describe, expect, it } from '@jest/globals';
import { compareTags, hasMeasurement, styleBriefOf, tagsInWords } from './design-loop.js';
import { countCharacters } from './plain-text.js';
import { MAX_STYLE_DESCRIPTION_CHARS } from './style-profile.js';

/** An offline-engine style primary description (88 words in the product; the brief does not care). */
const OFFLINE_ANALYSIS = {
  primaryDescription:
    'Emphatically upright, the facade carries the eye upward along its piers and vertical lines. ' +
    'Openings and piers fall into a steady bay rhythm of some five bays. ' +
    'Warm sand and terracotta tones lead the palette, consistent with brick and render. ' +
    'Across the three photographs, the architecture keeps one language. ' +
    'Surfaces are finely worked, each opening set in a shallow reveal that catches soft light.',
  tags: ['vertical emphasis', 'bay rhythm', 'warm palette', 'sand tones', 'soft light', 'shared design language', 'oblique view'],
};

/** A long OpenAI-style description: many sentences, some with measurements. */
const LONG_ANALYSIS = {
  primaryDescription: [
    'The tower rises 120 metres in a sheer glass envelope.',
    'Its crown steps back in three tiers, each crisply cut against the sky.',
    'A rigorous grid of mullions orders every face, lending the mass a calm, repetitive discipline.',
    'At street level a deep colonnade shelters the entrance and draws the public realm inward.',
    'Spandrels of pale stone alternate with tinted glazing, giving the elevation a measured, banded cadence.',
    'Roughly 40% of the facade is solid, so the building reads as a carved object rather than a curtain.',
    'Corners are chamfered, softening the silhouette and catching raking light at dusk.',
    'The palette is restrained, close to monochrome, with warm bronze accents at the base.',
    'Landscaped terraces spill over the setbacks, blurring the line between architecture and garden.',
    'Each storey is about 4 m high, expressed by a slim projecting sill.',
    'Details are sparse but exact, with shadow gaps where materials meet.',
  ].join(' '),
  tags: [
    'vertical emphasis',
    'orthogonal grid',
    'horizontal banding',
    'monochrome palette',
    'bronze accents',
    'colonnade',
    'chamfered corners',
    'landscaped setting',
    'shadow gaps',
    'stepped crown',
    'stone spandrels',
    'tinted glazing',
  ],
};

describe('styleBriefOf (Use as style)', () => {
  it('writes design prose from the analysis, with its design tags, leaving out measurements and the photographs', () => {
    const brief = styleBriefOf(OFFLINE_ANALYSIS);
    expect(brief).toBe(
      'Emphatically upright, the facade carries the eye upward along its piers and vertical lines. ' +
        'Warm sand and terracotta tones lead the palette, consistent with brick and render. ' +
        'Surfaces are finely worked, each opening set in a shallow reveal that catches soft light. ' +
        'Carry through vertical emphasis, bay rhythm, warm palette, sand tones and soft light.',
    );
    expect(brief).not.toMatch(/five|three|photograph|shared design language|oblique view/);
  });

  it('stays within 500 characters on a long analysis, ending on a whole sentence, with no digits or units', () => {
    const brief = styleBriefOf(LONG_ANALYSIS);
    expect(countCharacters(brief)).toBeLessThanOrEqual(MAX_STYLE_DESCRIPTION_CHARS);
    expect(brief).toMatch(/\.$/);
    expect(brief).not.toMatch(/\d|%|metres?|storey|\bm\b|tiers/);
    expect(hasMeasurement(brief)).toBe(false);
    // The design vocabulary is kept.
    expect(brief).toContain('A rigorous grid of mullions orders every face');
    expect(brief).toContain('vertical emphasis');
    expect(brief).toContain('monochrome palette');
  });

  it('never passes 500 characters, whatever the lengths of the sentences and tags', () => {
    const word = 'articulated';
    for (let sentenceWords = 1; sentenceWords <= 90; sentenceWords += 7) {
      const sentence = `${Array.from({ length: sentenceWords }, () => word).join(' ')}.`;
      const primaryDescription = Array.from({ length: 8 }, () => sentence).join(' ');
      const tags = Array.from({ length: 12 }, (_, i) => `${word} ${'x'.repeat(i * 5 + 1)} surfaces`);
      const brief = styleBriefOf({ primaryDescription, tags });
      expect(countCharacters(brief)).toBeLessThanOrEqual(MAX_STYLE_DESCRIPTION_CHARS);
      expect(brief.length).toBeGreaterThan(0);
      expect(brief).toMatch(/\.$/);
    }
  });

  it('leaves out a single sentence longer than the limit rather than cutting it mid-word', () => {
    const longSentence = `${'Layered brick courses '.repeat(40).trim()}.`;
    const brief = styleBriefOf({ primaryDescription: `${longSentence} Deep reveals shade the windows.`, tags: ['deep relief'] });
    expect(brief).toBe('Deep reveals shade the windows. Carry through deep relief.');
  });

  it('is the same every time for the same analysis', () => {
    expect(styleBriefOf(LONG_ANALYSIS)).toBe(styleBriefOf({ ...LONG_ANALYSIS, tags: [...LONG_ANALYSIS.tags] }));
  });

  it('is empty when nothing in the analysis is design prose', () => {
    expect(styleBriefOf({ primaryDescription: 'Two photographs, 3 storeys.', tags: ['oblique view'] })).toBe('');
  });
});

describe('hasMeasurement', () => {
  it('reads digits, percentages, number words and units as measurements, and design words not', () => {
    for (const text of ['12 bays', 'about 40%', 'three storeys', 'a 4 m sill', 'six floors', 'ten metres'])
      expect(hasMeasurement(text)).toBe(true);
    for (const text of ['vertical emphasis', 'bay rhythm', 'someone', 'monochrome palette', 'base, middle and top'])
      expect(hasMeasurement(text)).toBe(false);
  });
});

describe('compareTags (Analyse this render)', () => {
  it('says which tags were kept, added and lost, in the order of each side', () => {
    expect(
      compareTags(
        ['vertical emphasis', 'bay rhythm', 'monochrome palette'],
        ['bay rhythm', 'warm palette', 'vertical emphasis'],
        'analysis',
      ),
    ).toEqual({ kept: ['vertical emphasis', 'bay rhythm'], added: ['warm palette'], lost: ['monochrome palette'], against: 'analysis' });
  });

  it('compares case and spacing blind, counts a tag once, and leaves out the photographic tags', () => {
    expect(
      compareTags(['Bay  Rhythm', 'bay rhythm', 'shared design language'], ['bay rhythm', 'oblique view', 'soft light'], 'style'),
    ).toEqual({ kept: ['bay rhythm'], added: ['soft light'], lost: [], against: 'style' });
  });

  it('keeps nothing when nothing matches, and everything is added against an empty reference', () => {
    expect(compareTags(['deep relief'], ['plain surfaces'], 'analysis')).toEqual({
      kept: [],
      added: ['plain surfaces'],
      lost: ['deep relief'],
      against: 'analysis',
    });
    expect(compareTags([], ['plain surfaces'], 'style')).toEqual({ kept: [], added: ['plain surfaces'], lost: [], against: 'style' });
  });
});

describe('tagsInWords', () => {
  it('lists tags with commas and a last "and", or with semicolons when a tag has a comma of its own', () => {
    expect(tagsInWords([])).toBe('');
    expect(tagsInWords(['bay rhythm'])).toBe('bay rhythm');
    expect(tagsInWords(['vertical emphasis', 'bay rhythm', 'soft light'])).toBe('vertical emphasis, bay rhythm and soft light');
    expect(tagsInWords(['bay rhythm', 'base, middle and top', 'soft light'])).toBe('bay rhythm; base, middle and top; soft light');
  });
});
