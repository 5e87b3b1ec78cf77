import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, signInRequestSchema, signUpRequestSchema } from './auth.js';

const valid = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', password: 'analytical' };

/** The first refusal's text, as the gateway answers it. */
function refusal(schema: typeof signUpRequestSchema | typeof signInRequestSchema, body: unknown): string | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('sign-up and sign-in refusals', () => {
  it('keeps the spec §5 texts for a missing, blank or invalid value', () => {
    expect(refusal(signUpRequestSchema, { ...valid, first_name: undefined })).toBe('First name is required');
    expect(refusal(signUpRequestSchema, { ...valid, first_name: '  ' })).toBe('First name is required');
    expect(refusal(signUpRequestSchema, { ...valid, last_name: '' })).toBe('Last name is required');
    expect(refusal(signUpRequestSchema, { ...valid, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(refusal(signUpRequestSchema, { ...valid, password: '12345' })).toBe('Password must be at least 6 characters');
    expect(refusal(signInRequestSchema, { email: valid.email })).toBe('Password must be at least 6 characters');
  });

  it('says a name, e-mail or password is too long rather than missing', () => {
    expect(refusal(signUpRequestSchema, { ...valid, first_name: 'A'.repeat(MAX_NAME_LENGTH + 1) })).toBe(
      'First name must be at most 100 characters',
    );
    expect(refusal(signUpRequestSchema, { ...valid, last_name: 'L'.repeat(MAX_NAME_LENGTH + 1) })).toBe(
      'Last name must be at most 100 characters',
    );
    expect(refusal(signUpRequestSchema, { ...valid, email: `${'a'.repeat(250)}@example.com` })).toBe(AUTH_MESSAGES.emailTooLong);
    expect(refusal(signInRequestSchema, { email: valid.email, password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) })).toBe(
      'Password must be at most 256 characters',
    );
  });

  it('accepts names of exactly the limit, trimmed', () => {
    const name = 'A'.repeat(MAX_NAME_LENGTH);
    expect(signUpRequestSchema.parse({ ...valid, first_name: ` ${name} ` }).first_name).toBe(name);
  });

  it('refuses a control character, a lone surrogate or a right-to-left override in a name (no account is created)', () => {
    expect(refusal(signUpRequestSchema, { ...valid, first_name: 'Ada\u0000' })).toBe('First name contains characters that cannot be used.');
    expect(refusal(signUpRequestSchema, { ...valid, first_name: '\u202eevil' })).toBe(
      'First name contains characters that cannot be used.',
    );
    expect(refusal(signUpRequestSchema, { ...valid, first_name: '\ud800' })).toBe('First name contains characters that cannot be used.');
    expect(refusal(signUpRequestSchema, { ...valid, last_name: 'Love\nlace' })).toBe('Last name contains characters that cannot be used.');
    expect(refusal(signUpRequestSchema, { ...valid, last_name: 'Love\u007flace' })).toBe(
      'Last name contains characters that cannot be used.',
    );
  });

  it('answers a name of only invisible characters as the missing name it looks like', () => {
    expect(refusal(signUpRequestSchema, { ...valid, first_name: '\u200b' })).toBe('First name is required');
    expect(refusal(signUpRequestSchema, { ...valid, last_name: ' \u200b\u2060 ' })).toBe('Last name is required');
  });

  it('takes names in any script, with accents, joiners and emoji', () => {
    expect(signUpRequestSchema.parse({ ...valid, first_name: 'Zoë', last_name: '王' }).first_name).toBe('Zoë');
    expect(signUpRequestSchema.safeParse({ ...valid, first_name: 'می\u200cخواهم', last_name: '👩\u200d💻' }).success).toBe(true);
  });

  it('refuses NUL in a password and nothing else', () => {
    expect(refusal(signUpRequestSchema, { ...valid, password: 'analytical\u0000' })).toBe(
      'Password contains characters that cannot be used.',
    );
    expect(refusal(signInRequestSchema, { email: valid.email, password: '\u0000\u0000\u0000\u0000\u0000\u0000' })).toBe(
      'Password contains characters that cannot be used.',
    );
    expect(signInRequestSchema.safeParse({ email: valid.email, password: ' \t\u202e🏛 pass\u200b ' }).success).toBe(true);
  });

  it('refuses a control or invisible character in the e-mail as an invalid address', () => {
    for (const email of ['ada\u0000@example.com', 'ada@example.com\u0000', '\u200bada@example.com', 'ada\ud800@example.com']) {
      expect(refusal(signUpRequestSchema, { ...valid, email })).toBe('Please enter a valid email address');
    }
  });
});
