import { describe, expect, it } from '@jest/globals';
import { generateFieldsSchema, generateJobSchema, MAX_GENERATION_STYLE_CHARS } from './generation.js';

/** The first issue's message of `fields`, or null when they pass. */
const refusal = (fields: Record<string, unknown>) => {
  const parsed = generateFieldsSchema.safeParse(fields);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
};

describe('generateFieldsSchema styleDescription (spec §5, §9)', () => {
  it('takes at most 500 characters (spec §9 style description maximum)', () => {
    expect(MAX_GENERATION_STYLE_CHARS).toBe(500);
    expect(refusal({ styleDescription: 'a'.repeat(500) })).toBeNull();
    expect(refusal({ styleDescription: 'a'.repeat(501) })).toBe('Please keep your description under 500 characters.');
  });

  it('counts a line break as one character, as the text area does, though multipart sends it as CRLF', () => {
    const lines = `${'a'.repeat(249)}\r\n${'b'.repeat(250)}`; // 499 characters in the text area
    const parsed = generateFieldsSchema.safeParse({ styleDescription: lines });
    expect(parsed.success && parsed.data.styleDescription).toBe(`${'a'.repeat(249)}\n${'b'.repeat(250)}`);
    expect(refusal({ styleDescription: `${'a'.repeat(250)}\r\n${'b'.repeat(250)}` })).toBe(
      'Please keep your description under 500 characters.',
    );
  });

  it('counts what is left once trimmed', () => {
    expect(refusal({ styleDescription: `  ${'a'.repeat(500)}  ` })).toBeNull();
  });

  it('gives the spec §5 text when the description is blank, and the same text when the field is missing', () => {
    expect(refusal({ styleDescription: '   ' })).toBe('Please provide a style description for better results.');
    expect(refusal({})).toBe('Please provide a style description for better results.');
    expect(refusal({ styleDescription: undefined })).toBe('Please provide a style description for better results.');
  });
});

describe('generateFieldsSchema styleDescription characters', () => {
  it('counts an emoji as one character, as the style editor does (300 emoji pass, 501 do not)', () => {
    expect(refusal({ styleDescription: '\u{1F3DB}'.repeat(300) })).toBeNull();
    expect(refusal({ styleDescription: '\u{1F3DB}'.repeat(500) })).toBeNull();
    expect(refusal({ styleDescription: '\u{1F3DB}'.repeat(501) })).toBe('Please keep your description under 500 characters.');
  });

  it('answers a description of only invisible characters as a missing one', () => {
    expect(refusal({ styleDescription: '\u200b\u202e' })).toBe('Please provide a style description for better results.');
  });

  it('refuses NUL or another control character in either text, but takes tabs and line breaks', () => {
    expect(refusal({ styleDescription: 'Brick\u0000' })).toBe('The style description contains characters that cannot be used.');
    expect(refusal({ styleDescription: 'Brick\ud800' })).toBe('The style description contains characters that cannot be used.');
    expect(refusal({ styleDescription: 'Brick', sketchDescription: 'Two storeys\u0007' })).toBe(
      'The sketch description contains characters that cannot be used.',
    );
    expect(refusal({ styleDescription: 'Brick\r\n\ttimber', sketchDescription: 'Two\r\nstoreys' })).toBeNull();
  });
});

describe('generateFieldsSchema numbers (multipart fields arrive as text)', () => {
  const style = { styleDescription: 'Brick' };
  const parse = (fields: Record<string, unknown>) => generateFieldsSchema.parse({ ...style, ...fields });

  it('takes an empty field as not sent: the default sketch influence and variations, no seed', () => {
    expect(parse({ sketchInfluence: '', variations: '', seed: '' })).toMatchObject({ sketchInfluence: 75, variations: 1 });
    expect(parse({ seed: '' }).seed).toBeUndefined();
    expect(parse({ sketchInfluence: '  ' }).sketchInfluence).toBe(75);
  });

  it('reads decimal digits', () => {
    expect(parse({ sketchInfluence: '40', variations: '4', seed: '4294967294' })).toMatchObject({
      sketchInfluence: 40,
      variations: 4,
      seed: 4294967294,
    });
    expect(parse({ sketchInfluence: '0', seed: '0' })).toMatchObject({ sketchInfluence: 0, seed: 0 });
  });

  it('refuses an exponent, hexadecimal, a sign or a fraction instead of reading them as another number', () => {
    expect(refusal({ ...style, seed: '1e1' })).toBe('Expected a whole number from 0 to 4294967294.');
    expect(refusal({ ...style, seed: '0x10' })).toBe('Expected a whole number from 0 to 4294967294.');
    expect(refusal({ ...style, seed: '-1' })).toBe('Expected a whole number from 0 to 4294967294.');
    expect(refusal({ ...style, sketchInfluence: '5e1' })).toBe('Expected a whole number from 0 to 100.');
    expect(refusal({ ...style, variations: '2.0' })).toBe('Expected a whole number from 1 to 4.');
  });

  it('keeps the range and step rules', () => {
    expect(refusal({ ...style, sketchInfluence: '105' })).toBe('Expected a whole number from 0 to 100.');
    expect(refusal({ ...style, sketchInfluence: '42' })).toBe('sketchInfluence must be a multiple of 5');
    expect(refusal({ ...style, variations: '0' })).toBe('Expected a whole number from 1 to 4.');
    expect(refusal({ ...style, seed: '4294967295' })).toBe('Expected a whole number from 0 to 4294967294.');
  });

  it('reads the parsed options again in the job (numbers, not text)', () => {
    const options = parse({ sketchInfluence: '40', seed: '7' });
    const job = {
      userId: '00000000-0000-4000-8000-000000000001',
      jobId: '00000000-0000-4000-8000-000000000002',
      sketch: {
        key: 'generation-inputs/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000003.png',
        fileName: 'sketch.png',
      },
      references: [],
      options,
    };
    expect(generateJobSchema.parse(job).options).toEqual(options);
  });
});
