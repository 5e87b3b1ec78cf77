import { describe, expect, it } from '@jest/globals';
import { countWords } from '@archlens/contracts/words';
import { toBritishSpelling } from './british-spelling.js';

describe('toBritishSpelling', () => {
  it.each([
    ['color', 'colour'],
    ['center', 'centre'],
    ['gray', 'grey'],
    ['analyze', 'analyse'],
    ['analyzed', 'analysed'],
    ['fiber', 'fibre'],
    ['aluminum', 'aluminium'],
    ['modeling', 'modelling'],
    ['meter', 'metre'],
    ['neighborhoods', 'neighbourhoods'],
    ['centerpiece', 'centrepiece'],
    ['multicolored', 'multicoloured'],
    ['colorful', 'colourful'],
  ])('rewrites the listed word %s as %s', (american, british) => {
    expect(toBritishSpelling(american)).toBe(british);
  });

  it('keeps lower, UPPER and Capitalised case', () => {
    expect(toBritishSpelling('Color COLOR color')).toBe('Colour COLOUR colour');
    expect(toBritishSpelling('Gray Aluminum FIBER')).toBe('Grey Aluminium FIBRE');
  });

  it('leaves mixed-case identifiers alone', () => {
    expect(toBritishSpelling('ColorMatch iColor')).toBe('ColorMatch iColor');
  });

  it('keeps punctuation and whitespace around words', () => {
    const text = '"Color," she said (centered; gray!)  \n\tThe fiber-optic analyzer... modeled.';
    expect(toBritishSpelling(text)).toBe('"Colour," she said (centred; grey!)  \n\tThe fibre-optic analyzer... modelled.');
  });

  it('treats hyphenated parts as words', () => {
    expect(toBritishSpelling('gray-green, color-coded')).toBe('grey-green, colour-coded');
  });

  it('never touches a word that only contains an American spelling', () => {
    for (const word of ['parameter', 'diameter', 'perimeter', 'decolorize', 'grayscale', 'watercolorist']) {
      expect(toBritishSpelling(word)).toBe(word);
    }
  });

  it('leaves British spellings and ordinary words untouched', () => {
    const british = 'The colour of the centre is grey; we analysed the fibre and aluminium modelling in metres.';
    expect(toBritishSpelling(british)).toBe(british);
  });

  it('skips the documented homographs that the list would otherwise rewrite', () => {
    expect(toBritishSpelling('an architectural practice and a first draft')).toBe('an architectural practice and a first draft');
    expect(toBritishSpelling('a Sobel filter, filtered twice')).toBe('a Sobel filter, filtered twice');
  });

  it('fills inflections the list lacks only by derivation from listed words', () => {
    expect(toBritishSpelling('characterization')).toBe('characterisation');
    expect(toBritishSpelling('armors')).toBe('armours');
  });

  it('never changes the number of words', () => {
    const text =
      'The gray aluminum center, analyzed by color and fiber, shows modeling of meters of theater space; ' +
      'favorite harbors, neighbors, vapors, catalogs and dialogs — program, jewelry, plow.';
    const out = toBritishSpelling(text);
    expect(countWords(out)).toBe(countWords(text));
    expect(out).toContain('grey aluminium centre, analysed by colour and fibre');
  });

  it('returns an empty string unchanged', () => {
    expect(toBritishSpelling('')).toBe('');
  });
});
