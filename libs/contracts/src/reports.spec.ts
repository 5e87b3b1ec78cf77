import { describe, expect, it } from '@jest/globals';
import { EMAIL_ANALYSIS_BODY_BYTES, emailAnalysisRequestSchema, MAX_ANALYSIS_TEXT_CHARS, REPORT_MESSAGES } from './reports.js';

const who = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

/** The first refusal's text, as the gateway answers it. */
function refusal(body: unknown): string | undefined {
  const parsed = emailAnalysisRequestSchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('e-mail analysis refusals', () => {
  it('keeps the spec §5 texts for a missing or blank field', () => {
    expect(refusal({ ...who, firstName: ' ', analysisText: 'Text.' })).toBe('Please fill in all fields.');
    expect(refusal({ ...who, email: 'not-an-email', analysisText: 'Text.' })).toBe('Please enter a valid email address');
    expect(refusal(who)).toBe(REPORT_MESSAGES.noContent);
  });

  it('answers a blank, over-long or non-text analysisText with a product text', () => {
    expect(refusal({ ...who, analysisText: '  \n ' })).toBe('The analysis text is empty.');
    expect(refusal({ ...who, analysisText: '' })).toBe('The analysis text is empty.');
    expect(refusal({ ...who, analysisText: 'a'.repeat(MAX_ANALYSIS_TEXT_CHARS + 1) })).toBe(
      'The analysis text is longer than 20000 characters.',
    );
    expect(refusal({ ...who, analysisText: 42 })).toBe('The analysis text must be a string.');
  });

  it('answers an analysisId that is not an id with a product text', () => {
    expect(refusal({ ...who, analysisId: 'not-a-uuid' })).toBe('The analysis id is not valid.');
    expect(refusal({ ...who, analysisId: 7 })).toBe('The analysis id is not valid.');
    expect(emailAnalysisRequestSchema.safeParse({ ...who, analysisId: '00000000-0000-4000-8000-000000000000' }).success).toBe(true);
  });

  it('says a name or the e-mail is too long rather than missing', () => {
    expect(refusal({ ...who, firstName: 'A'.repeat(101), analysisText: 'Text.' })).toBe('First name must be at most 100 characters');
    expect(refusal({ ...who, lastName: 'L'.repeat(101), analysisText: 'Text.' })).toBe('Last name must be at most 100 characters');
    expect(refusal({ ...who, email: `${'a'.repeat(250)}@example.com`, analysisText: 'Text.' })).toBe(
      'Email address must be at most 254 characters',
    );
  });

  it('refuses NUL in a name or the analysis text, so no e-mail goes out for a lead that cannot be stored', () => {
    expect(refusal({ ...who, firstName: 'Ada\u0000', analysisText: 'Text.' })).toBe('First name contains characters that cannot be used.');
    expect(refusal({ ...who, lastName: '\u202eecalevoL', analysisText: 'Text.' })).toBe(
      'Last name contains characters that cannot be used.',
    );
    expect(refusal({ ...who, analysisText: 'Brick\u0000 and timber.' })).toBe('The analysis text contains characters that cannot be used.');
    expect(refusal({ ...who, analysisText: 'Brick \ud800' })).toBe('The analysis text contains characters that cannot be used.');
  });

  it('answers a name or text of only invisible characters as a missing or empty one', () => {
    expect(refusal({ ...who, firstName: '\u200b', analysisText: 'Text.' })).toBe('Please fill in all fields.');
    expect(refusal({ ...who, analysisText: '\u200b\n\u200b' })).toBe('The analysis text is empty.');
  });

  it('takes an analysis text of several lines, with tabs and any script', () => {
    const analysisText = 'Primary.\r\n\r\n## Massing\n\t- Brick 🏛 مريم\n\nTags: brick';
    expect(emailAnalysisRequestSchema.parse({ ...who, analysisText }).analysisText).toBe(analysisText);
  });

  it('names the body size its longest valid text needs (20,000 emoji, escaped)', () => {
    const analysisText = '\u{1F3DB}'.repeat(MAX_ANALYSIS_TEXT_CHARS);
    expect(refusal({ ...who, analysisText })).toBeUndefined();
    const escaped = JSON.stringify({ ...who, analysisText }).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    expect(Buffer.byteLength(escaped)).toBeLessThanOrEqual(EMAIL_ANALYSIS_BODY_BYTES);
    expect(EMAIL_ANALYSIS_BODY_BYTES).toBe(247_432);
  });
});
