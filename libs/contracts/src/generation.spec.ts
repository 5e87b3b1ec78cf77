import { describe, expect, it } from '@jest/globals';
import { generateFieldsSchema, MAX_GENERATION_STYLE_CHARS } from './generation.js';

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
