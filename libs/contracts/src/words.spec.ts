import { describe, expect, it } from '@jest/globals';
import { countWords } from './words.js';

describe('countWords (a word is a maximal run of non-whitespace characters)', () => {
  it('counts runs separated by any whitespace, ignoring leading, trailing and repeated space', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
    expect(countWords('Massing')).toBe(1);
    expect(countWords('  a  tall\tnave,\nbuttressed   ')).toBe(4);
  });

  it('treats hyphenated words, numbers and punctuation runs as single words', () => {
    expect(countWords('mid-century 2.1:1 ratio — bold')).toBe(5);
    expect(countWords('storey-high (glazed) bays.')).toBe(3);
  });

  it('counts non-breaking and other Unicode spaces as separators', () => {
    expect(countWords('stone\u00a0and\u2003brick')).toBe(3);
  });
});
