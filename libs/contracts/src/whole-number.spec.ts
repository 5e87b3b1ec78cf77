import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { fromTextField, wholeNumber } from './whole-number.js';

const fields = z.object({
  influence: fromTextField(wholeNumber(0, 100).default(75)),
  seed: fromTextField(wholeNumber(0, 1000).optional()),
});

/** The parsed fields, or the first refusal's path and text. */
function read(input: Record<string, unknown>) {
  const parsed = fields.safeParse(input);
  return parsed.success ? parsed.data : `${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`;
}

describe('whole numbers sent as text', () => {
  it('reads decimal digits, trimmed, and numbers as they are', () => {
    expect(read({ influence: '50', seed: ' 007 ' })).toEqual({ influence: 50, seed: 7 });
    expect(read({ influence: 100, seed: 0 })).toEqual({ influence: 100, seed: 0 });
  });

  it('takes an empty or blank field as absent: the default, or no value', () => {
    expect(read({ influence: '', seed: '' })).toEqual({ influence: 75 });
    expect(read({ influence: '   ', seed: ' ' })).toEqual({ influence: 75 });
    expect(read({})).toEqual({ influence: 75 });
  });

  it('refuses an exponent, hexadecimal, a sign, a fraction and words rather than reading them', () => {
    for (const text of ['1e1', '0x10', '-5', '+5', '7.5', '5 0', 'fifty', 'Infinity', 'NaN']) {
      expect(read({ influence: text })).toBe('influence: Expected a whole number from 0 to 100.');
    }
    expect(read({ influence: 7.5 })).toBe('influence: Expected a whole number from 0 to 100.');
    expect(read({ influence: ['5'] })).toBe('influence: Expected a whole number from 0 to 100.');
  });

  it('refuses a number out of range, however many digits', () => {
    expect(read({ influence: '101' })).toBe('influence: Expected a whole number from 0 to 100.');
    expect(read({ seed: '1001' })).toBe('seed: Expected a whole number from 0 to 1000.');
    expect(read({ seed: '9'.repeat(400) })).toBe('seed: Expected a whole number from 0 to 1000.');
  });
});
