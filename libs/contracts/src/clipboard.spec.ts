import { describe, expect, it } from '@jest/globals';
import { CLIPBOARD_MESSAGES, EMAIL_CLIPBOARD_BODY_BYTES, emailClipboardRequestSchema, MAX_CLIPBOARD_EMAIL_CHARS } from './clipboard.js';

const valid = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', clipboardText: 'Board-marked concrete.' };

/** The first refusal's text, as the gateway answers it. */
function refusal(body: unknown): string | undefined {
  const parsed = emailClipboardRequestSchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('e-mail clipboard refusals', () => {
  it('keeps the spec §5 texts for a missing or blank field', () => {
    expect(refusal({ ...valid, firstName: undefined })).toBe('Please fill in all fields.');
    expect(refusal({ ...valid, lastName: '   ' })).toBe('Please fill in all fields.');
    expect(refusal({ ...valid, email: '' })).toBe('Please fill in all fields.');
    expect(refusal({ ...valid, email: 'ada@' })).toBe('Please enter a valid email address');
    expect(refusal({ ...valid, clipboardText: ' \n ' })).toBe('Add some content to your clipboard first.');
  });

  it('says a name or the e-mail is too long rather than missing', () => {
    expect(refusal({ ...valid, firstName: 'A'.repeat(101) })).toBe('First name must be at most 100 characters');
    expect(refusal({ ...valid, lastName: 'L'.repeat(101) })).toBe('Last name must be at most 100 characters');
    expect(refusal({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toBe('Email address must be at most 254 characters');
    expect(CLIPBOARD_MESSAGES.emailTooLong).toBe('Email address must be at most 254 characters');
  });

  it('refuses a control character, a lone surrogate or an override in a name, and a control character in the text', () => {
    expect(refusal({ ...valid, firstName: 'Ada\u0000' })).toBe('First name contains characters that cannot be used.');
    expect(refusal({ ...valid, lastName: '\u202eecalevoL' })).toBe('Last name contains characters that cannot be used.');
    expect(refusal({ ...valid, firstName: '\ud800' })).toBe('First name contains characters that cannot be used.');
    expect(refusal({ ...valid, clipboardText: 'Concrete\u0000' })).toBe('The clipboard text contains characters that cannot be used.');
    expect(refusal({ ...valid, clipboardText: 'Concrete \u001b[31m' })).toBe('The clipboard text contains characters that cannot be used.');
  });

  it('answers a name or text of only invisible characters with the spec §5 texts', () => {
    expect(refusal({ ...valid, firstName: '\u200b' })).toBe('Please fill in all fields.');
    expect(refusal({ ...valid, clipboardText: '\u200b \n\u2060' })).toBe('Add some content to your clipboard first.');
  });

  it('takes a text of several lines, tabs and any script', () => {
    const parsed = emailClipboardRequestSchema.parse({ ...valid, clipboardText: 'Prompt:\r\n\tBrick 🏛\nمريم' });
    expect(parsed.clipboardText).toBe('Prompt:\r\n\tBrick 🏛\nمريم');
  });
});

describe('the body size the e-mail clipboard route needs', () => {
  const emoji = '\u{1F3DB}';
  /** `body` as JSON the way a client escaping everything beyond ASCII sends it (Python's json.dumps). */
  const asciiJson = (body: object) =>
    JSON.stringify(body).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  it('takes 26,000 emoji, the clipboard counting characters as a person does', () => {
    const body = { ...valid, clipboardText: emoji.repeat(26_000) };
    expect(emailClipboardRequestSchema.safeParse(body).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(100 * 1024); // over the gateway's general limit
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(EMAIL_CLIPBOARD_BODY_BYTES);
  });

  it('holds the largest valid body however it is written', () => {
    const longest = {
      email: `${'a'.repeat(242)}@example.com`,
      firstName: emoji.repeat(100),
      lastName: emoji.repeat(100),
      clipboardText: emoji.repeat(MAX_CLIPBOARD_EMAIL_CHARS),
    };
    expect(emailClipboardRequestSchema.safeParse(longest).success).toBe(true);
    expect(Buffer.byteLength(asciiJson(longest))).toBeLessThanOrEqual(EMAIL_CLIPBOARD_BODY_BYTES);
    expect(Buffer.byteLength(JSON.stringify(longest, null, 2))).toBeLessThanOrEqual(EMAIL_CLIPBOARD_BODY_BYTES);
    expect(EMAIL_CLIPBOARD_BODY_BYTES).toBe(366_892);
  });

  it('still refuses one character more with its own text', () => {
    expect(refusal({ ...valid, clipboardText: emoji.repeat(MAX_CLIPBOARD_EMAIL_CHARS + 1) })).toBe(
      'The clipboard is longer than 30000 characters.',
    );
  });
});
