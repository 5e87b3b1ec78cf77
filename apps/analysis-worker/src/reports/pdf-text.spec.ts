import { describe, expect, it } from '@jest/globals';
import { toWinAnsi, wrapAtSpaces } from './pdf-text.js';

describe('wrapAtSpaces', () => {
  // One unit per character: the width of a line is its length.
  const width = (s: string) => s.length;

  it('breaks at spaces only, never after a hyphen, so hyphenated words stay whole', () => {
    expect(wrapAtSpaces('a mid-century grey-green facade', 14, width)).toEqual(['a mid-century', 'grey-green', 'facade']);
  });

  it('keeps every word once and in order, whatever the width', () => {
    const text = 'one  two\tthree\nfour five-six seven';
    for (const max of [1, 5, 9, 40]) expect(wrapAtSpaces(text, max, width).join(' ')).toBe('one two three four five-six seven');
  });

  it('puts a word wider than the line on a line of its own', () => {
    expect(wrapAtSpaces('a extraordinarily b', 5, width)).toEqual(['a', 'extraordinarily', 'b']);
  });

  it('gives no lines for blank text', () => {
    expect(wrapAtSpaces('  \n ', 10, width)).toEqual([]);
  });
});

describe('toWinAnsi (the standard PDF fonts encode WinAnsi only)', () => {
  it('keeps Latin-1 and WinAnsi’s curly quotes, dashes and euro as they are', () => {
    const text = 'Façade “naïve” – café — 5 € ‘x’ •';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('spells common others in WinAnsi, drops accents outside Latin-1, and marks the rest', () => {
    expect(toWinAnsi('≥ 2 − 1 → x')).toBe('>= 2 - 1 -> x');
    expect(toWinAnsi('Łódź ąę')).toBe('?ódz ae');
    expect(toWinAnsi('中')).toBe('?');
    expect(toWinAnsi('a\tb\u00a0c')).toBe('a b c');
  });
});
