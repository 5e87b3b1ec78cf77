import { describe, expect, it } from '@jest/globals';
import { neutraliseCell } from './csv-cells.js';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'])('prefixes %j with a single quote', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text, empty text and a trigger that is not first as they are', () => {
    expect(neutraliseCell('Ada')).toBe('Ada');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell('ada@example.com')).toBe('ada@example.com');
  });
});
