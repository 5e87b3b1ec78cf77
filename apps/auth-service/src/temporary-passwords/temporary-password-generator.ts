import { randomBytes } from 'node:crypto';

/**
 * The characters of a temporary password: letters and digits without the ones people misread
 * (0/O/o, 1/l/I), 56 in all.
 */
export const TEMPORARY_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** Length of a temporary password: 12 characters of 56, about 70 bits. */
export const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * A random temporary password from `crypto.randomBytes`, uniform over
 * `TEMPORARY_PASSWORD_ALPHABET` (bytes that would bias the choice are drawn again).
 */
export function generateTemporaryPassword(length: number = TEMPORARY_PASSWORD_LENGTH): string {
  const size = TEMPORARY_PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % size); // bytes at or above it would favour the first characters
  let password = '';
  while (password.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      password += TEMPORARY_PASSWORD_ALPHABET[byte % size];
      if (password.length === length) break;
    }
  }
  return password;
}
