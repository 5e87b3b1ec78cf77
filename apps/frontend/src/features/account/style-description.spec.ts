import { describe, expect, it } from '@jest/globals';
import { saveStyleProfileRequestSchema, STYLE_DESCRIPTION_INPUT_MAX_LENGTH } from '@archlens/contracts/style-profile';
import { limitStyleDescriptionEdit, styleDescriptionCounts, styleDescriptionRefusal } from './style-description';

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

describe('limitStyleDescriptionEdit (spec §5, §9: the text area holds 500 characters at most)', () => {
  const full = 'a'.repeat(500);

  it('keeps an edit within 500 characters as typed', () => {
    expect(limitStyleDescriptionEdit('abc', 'abcd')).toBe('abcd');
    expect(limitStyleDescriptionEdit(EMOJI.repeat(499), EMOJI.repeat(500))).toBe(EMOJI.repeat(500));
    expect(limitStyleDescriptionEdit(full, `${full}   `)).toBe(`${full}   `);
  });

  it('ignores a key pressed at the limit, at the end or in the middle', () => {
    expect(limitStyleDescriptionEdit(full, `${full}b`)).toBe(full);
    expect(limitStyleDescriptionEdit(full, `aaab${'a'.repeat(497)}`)).toBe(full);
    expect(limitStyleDescriptionEdit(EMOJI.repeat(500), EMOJI.repeat(501))).toBe(EMOJI.repeat(500));
  });

  it('cuts a paste over the limit at 500 characters, keeping the text around it', () => {
    expect(limitStyleDescriptionEdit('', 'x'.repeat(1000))).toBe('x'.repeat(500));
    const pasted = limitStyleDescriptionEdit('start end', `start ${'x'.repeat(600)}end`);
    expect(pasted).toBe(`start ${'x'.repeat(491)}end`);
    expect(styleDescriptionCounts(pasted).characters).toBe(500);
    // A selection replaced by a longer paste.
    expect(limitStyleDescriptionEdit(`${'a'.repeat(490)}bbbb`, `${'a'.repeat(490)}${'c'.repeat(20)}`)).toBe(
      `${'a'.repeat(490)}${'c'.repeat(10)}`,
    );
  });

  it('never gives more than 500 characters, whitespace and line breaks included', () => {
    for (const next of [`  ${'x'.repeat(700)}  `, `a ${'\r\n'.repeat(600)}b`, ` ${EMOJI.repeat(800)}`]) {
      expect(styleDescriptionCounts(limitStyleDescriptionEdit('', next)).characters).toBeLessThanOrEqual(500);
    }
    expect(styleDescriptionCounts(limitStyleDescriptionEdit('', 'z'.repeat(100_000))).characters).toBe(500);
  });
});
