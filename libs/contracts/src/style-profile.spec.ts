import { describe, expect, it } from '@jest/globals';
import { countCharacters } from './plain-text.js';
import {
  isStyleDescriptionWithinLimit,
  saveStyleProfileCommandSchema,
  saveStyleProfileRequestSchema,
  STYLE_DESCRIPTION_INPUT_MAX_LENGTH,
  styleProfileResponseSchema,
} from './style-profile.js';

const EMOJI = '\u{1F3DB}';

/** The first refusal's text, as the gateway answers it. */
function refusal(body: unknown): string | undefined {
  const parsed = saveStyleProfileRequestSchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('style description (spec §5 style description editor)', () => {
  it('keeps the spec §5 texts: required when missing, blank or only invisible; too long over 500 characters', () => {
    expect(refusal({})).toBe('Please enter a style description.');
    expect(refusal({ text: '  \n ' })).toBe('Please enter a style description.');
    expect(refusal({ text: '\u200b' })).toBe('Please enter a style description.');
    expect(refusal({ text: 'a'.repeat(501) })).toBe('Please keep your description under 500 characters.');
    expect(refusal({ text: EMOJI.repeat(501) })).toBe('Please keep your description under 500 characters.');
  });

  it('stores 300 emoji, and what it stores is within the limit when read back and saved again', () => {
    const saved = saveStyleProfileRequestSchema.parse({ text: EMOJI.repeat(300) }).text;
    expect(countCharacters(saved)).toBe(300);
    expect(styleProfileResponseSchema.safeParse({ description: saved }).success).toBe(true);
    expect(refusal({ text: saved })).toBeUndefined();
    expect(saved.length).toBeLessThanOrEqual(STYLE_DESCRIPTION_INPUT_MAX_LENGTH); // the text area shows it whole
  });

  it('counts the trimmed text, a line break as one character (CRLF stored as LF)', () => {
    expect(refusal({ text: `   ${'a'.repeat(500)}\n\n` })).toBeUndefined();
    const text = `${'a'.repeat(249)}\r\n${'b'.repeat(250)}`;
    expect(saveStyleProfileRequestSchema.parse({ text }).text).toBe(`${'a'.repeat(249)}\n${'b'.repeat(250)}`);
    expect(isStyleDescriptionWithinLimit(text)).toBe(true);
    expect(isStyleDescriptionWithinLimit(`${text}c`)).toBe(false);
  });

  it('refuses NUL and other control characters, in the request and in the command auth-service reads', () => {
    expect(refusal({ text: 'Brick\u0000' })).toBe('The style description contains characters that cannot be used.');
    expect(refusal({ text: 'Brick\u001b' })).toBe('The style description contains characters that cannot be used.');
    expect(refusal({ text: '\ud800Brick' })).toBe('The style description contains characters that cannot be used.');
    const command = saveStyleProfileCommandSchema.safeParse({ userId: '00000000-0000-4000-8000-000000000001', description: 'Brick\u0000' });
    expect(command.success).toBe(false);
  });

  it('takes tabs, line breaks and right-to-left text', () => {
    expect(refusal({ text: 'Brick\tand\ntimber, \u202bעץ\u202c' })).toBeUndefined();
  });
});
