import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { maxJsonBodyBytes } from './http.js';
import { countCharacters, hasUnusableCharacters, inputMaxLength, isBlankText, plainText, unusableCharactersMessage } from './plain-text.js';

const EMOJI = '\u{1F3DB}'; // 🏛, two UTF-16 units, one character

describe('characters a free-text field refuses', () => {
  it('refuses NUL in every field, passwords included', () => {
    expect(hasUnusableCharacters('Ada\u0000', 'line')).toBe(true);
    expect(hasUnusableCharacters('Board-marked\u0000 concrete', 'lines')).toBe(true);
    expect(hasUnusableCharacters('pass\u0000word', 'secret')).toBe(true);
  });

  it('lets a password hold any other character', () => {
    expect(hasUnusableCharacters('p\u0001\t\n\u007f\u202e\ud800 word', 'secret')).toBe(false);
  });

  it('refuses other control characters and DEL; tab, LF and CR only where several lines are allowed', () => {
    for (const control of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f']) {
      expect(hasUnusableCharacters(`a${control}b`, 'lines')).toBe(true);
      expect(hasUnusableCharacters(`a${control}b`, 'line')).toBe(true);
    }
    expect(hasUnusableCharacters('one\ttwo\r\nthree\nfour', 'lines')).toBe(false);
    for (const lineBreak of ['\t', '\n', '\r', '\u0085', '\u2028', '\u2029'])
      expect(hasUnusableCharacters(`Ada${lineBreak}Lovelace`, 'line')).toBe(true);
  });

  it('refuses a lone surrogate but takes an emoji (a surrogate pair)', () => {
    expect(hasUnusableCharacters('\ud800', 'line')).toBe(true);
    expect(hasUnusableCharacters('a\udc00b', 'lines')).toBe(true);
    expect(hasUnusableCharacters(`end\ud83c`, 'lines')).toBe(true);
    expect(hasUnusableCharacters(`${EMOJI} Ada ${EMOJI}`, 'line')).toBe(false);
  });

  it('refuses bidirectional overrides in a one-line field, where they disguise a name, but not in several lines of text', () => {
    expect(hasUnusableCharacters('\u202eevil', 'line')).toBe(true);
    expect(hasUnusableCharacters('a\u2066b\u2069', 'line')).toBe(true);
    expect(hasUnusableCharacters('\u202bשלום\u202c', 'lines')).toBe(false);
  });

  it('takes the letters of every script, joiners and accents', () => {
    for (const name of ['Zoë', 'Łukasz', '王小明', 'مريم', 'नमस्ते', 'می\u200cخواهم', '👩\u200d💻', "O'Brien-Smith"]) {
      expect(hasUnusableCharacters(name, 'line')).toBe(false);
    }
  });
});

describe('a value that shows nothing', () => {
  it('is blank when empty or only whitespace and invisible format characters', () => {
    for (const blank of ['', '   ', '\n\t', '\u200b', '\u202e', ' \u200b\u200d\ufeff ', '\u2060\u00ad'])
      expect(isBlankText(blank)).toBe(true);
  });

  it('is not blank when anything shows', () => {
    for (const shown of ['a', '\u200bA', '\u202eevil', EMOJI, '.']) expect(isBlankText(shown)).toBe(false);
  });
});

describe('counting characters (spec §5, §9 limits in characters)', () => {
  it('counts an emoji as one character, as a person does', () => {
    expect(countCharacters(EMOJI.repeat(300))).toBe(300);
    expect(EMOJI.repeat(300).length).toBe(600); // what the SPA used to count
  });

  it('counts what is left once trimmed, a line break as one whether LF or CRLF', () => {
    expect(countCharacters('  Brick and timber.  \n')).toBe(17);
    expect(countCharacters('a\r\nb')).toBe(3);
    expect(countCharacters('a\nb')).toBe(3);
    expect(countCharacters('   ')).toBe(0);
  });

  it("agrees with zod's own limit on a trimmed text", () => {
    const upTo500 = z.string().trim().max(500);
    for (const text of [EMOJI.repeat(500), `  ${'a'.repeat(500)}  `, `${EMOJI.repeat(250)}${'é'.repeat(250)}`]) {
      expect(countCharacters(text)).toBe(500);
      expect(upTo500.safeParse(text).success).toBe(true);
      expect(upTo500.safeParse(`${text}x`).success).toBe(false);
    }
  });

  it('gives a maxLength attribute (browsers count UTF-16 units) that never cuts a text within the limit', () => {
    expect(inputMaxLength(500)).toBe(1000);
    expect(EMOJI.repeat(500).length).toBeLessThanOrEqual(inputMaxLength(500));
  });
});

describe('plainText on a field', () => {
  const required = 'Name is required';
  const name = plainText(z.string({ error: required }).trim().min(1, required).max(10, 'Too long'), {
    shape: 'line',
    unusable: unusableCharactersMessage('Name'),
    blank: required,
  });
  const refusal = (value: unknown) => {
    const parsed = name.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it("keeps the field's own texts first and adds the new refusals", () => {
    expect(refusal(undefined)).toBe(required);
    expect(refusal('  ')).toBe(required);
    expect(refusal('\u200b')).toBe(required);
    expect(refusal('a'.repeat(11))).toBe('Too long');
    expect(refusal('Ada\u0000')).toBe('Name contains characters that cannot be used.');
    expect(name.parse(' Ada ')).toBe('Ada');
  });
});

describe('the largest JSON body of a route', () => {
  it('leaves room for every character sent as two \\uXXXX escapes', () => {
    const body = JSON.stringify({ text: EMOJI.repeat(1000) }).replace(/[\u{10000}-\u{10FFFF}]/gu, (c) =>
      c
        .split('')
        .map((unit) => `\\u${unit.charCodeAt(0).toString(16)}`)
        .join(''),
    );
    expect(Buffer.byteLength(body)).toBe(12_011);
    expect(maxJsonBodyBytes({ text: 1000 })).toBe(13_072);
  });
});
