import { describe, expect, it } from '@jest/globals';
import { MIN_PASSWORD_LENGTH } from '@archlens/contracts/auth';
import { generateTemporaryPassword, TEMPORARY_PASSWORD_ALPHABET, TEMPORARY_PASSWORD_LENGTH } from './temporary-password-generator.js';

describe('generateTemporaryPassword', () => {
  it('gives 12 readable characters, long enough to be a password', () => {
    const password = generateTemporaryPassword();
    expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
    expect(TEMPORARY_PASSWORD_LENGTH).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect([...password].every((c) => TEMPORARY_PASSWORD_ALPHABET.includes(c))).toBe(true);
    expect(password).not.toMatch(/[0O1lIo]/);
  });

  it('does not repeat itself and uses the whole alphabet', () => {
    const passwords = Array.from({ length: 2000 }, () => generateTemporaryPassword());
    expect(new Set(passwords).size).toBe(passwords.length);
    const seen = new Set(passwords.join(''));
    expect(seen.size).toBe(TEMPORARY_PASSWORD_ALPHABET.length);
  });
});
