import { describe, expect, it } from '@jest/globals';
import { saveStyleProfileRequestSchema, STYLE_DESCRIPTION_INPUT_MAX_LENGTH } from '@archlens/contracts/style-profile';
import { styleDescriptionCounts, styleDescriptionRefusal } from './style-description';

const EMOJI = '\u{1F3DB}';

describe('style description editor counts (spec §5: character and word counts)', () => {
  it('shows 300 emoji as 300 characters, as the server stored them', () => {
    expect(styleDescriptionCounts(EMOJI.repeat(300))).toEqual({ characters: 300, words: 1, overLimit: false });
  });

  it('counts the trimmed text and its words', () => {
    expect(styleDescriptionCounts('  Warm brick and timber.\n')).toEqual({ characters: 22, words: 4, overLimit: false });
    expect(styleDescriptionCounts('')).toEqual({ characters: 0, words: 0, overLimit: false });
    expect(styleDescriptionCounts('a'.repeat(501)).overLimit).toBe(true);
  });

  it('lets the text area hold 500 emoji (its maxLength counts UTF-16 units)', () => {
    expect(EMOJI.repeat(500).length).toBeLessThanOrEqual(STYLE_DESCRIPTION_INPUT_MAX_LENGTH);
  });
});

describe('style description save check (spec §5)', () => {
  it('re-saves a description the server stored, emoji and all', () => {
    const stored = saveStyleProfileRequestSchema.parse({ text: EMOJI.repeat(300) }).text;
    expect(styleDescriptionRefusal(stored)).toBeNull();
  });

  it("refuses what the server refuses, with the spec's texts", () => {
    expect(styleDescriptionRefusal('   ')).toEqual({ title: 'Description Required', description: 'Please enter a style description.' });
    expect(styleDescriptionRefusal('\u200b')).toEqual({ title: 'Description Required', description: 'Please enter a style description.' });
    expect(styleDescriptionRefusal(EMOJI.repeat(501))).toEqual({
      title: 'Description Too Long',
      description: 'Please keep your description under 500 characters.',
    });
    for (const text of ['   ', '\u200b', EMOJI.repeat(501), 'a'.repeat(501)]) {
      expect(saveStyleProfileRequestSchema.safeParse({ text }).success).toBe(false);
    }
  });

  it('lets a description of exactly 500 characters through, with surrounding spaces', () => {
    expect(styleDescriptionRefusal(`  ${'a'.repeat(500)}  `)).toBeNull();
    expect(styleDescriptionRefusal(EMOJI.repeat(500))).toBeNull();
  });
});
