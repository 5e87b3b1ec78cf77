import { describe, expect, it } from '@jest/globals';
import { CLIPBOARD_MESSAGES, emailClipboardRequestSchema } from './clipboard.js';

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
});
