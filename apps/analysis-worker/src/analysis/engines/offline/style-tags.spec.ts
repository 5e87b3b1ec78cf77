import { describe, expect, it } from '@jest/globals';
import { styleTagsOf } from './style-tags.js';

describe('styleTagsOf (a style description read against the offline tag vocabulary)', () => {
  it('finds the tags a style brief names, in its order', () => {
    expect(styleTagsOf('Warm sand tones lead the palette. Carry through vertical emphasis, bay rhythm and monochrome palette.')).toEqual([
      'sand tones',
      'vertical emphasis',
      'bay rhythm',
      'monochrome palette',
    ]);
  });

  it('takes the longer phrase and not the shorter inside it', () => {
    expect(styleTagsOf('Strong vertical emphasis throughout.')).toEqual(['strong vertical emphasis']);
  });

  it('reads case, hyphens and American spelling as the vocabulary does', () => {
    expect(styleTagsOf('Low key light, FINE GRAINED DETAIL and strong color')).toEqual([
      'low-key light',
      'fine-grained detail',
      'strong colour',
    ]);
  });

  it('names nothing for a description without the vocabulary, nor for words merely containing it', () => {
    expect(styleTagsOf('Brick arches and deep reveals')).toEqual([]);
    expect(styleTagsOf('even lighting')).toEqual([]);
  });
});
