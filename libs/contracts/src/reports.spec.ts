import { describe, expect, it } from '@jest/globals';
import { emailAnalysisRequestSchema, MAX_ANALYSIS_TEXT_CHARS, REPORT_MESSAGES } from './reports.js';

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
});
