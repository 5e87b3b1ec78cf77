import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The commonly used passwords of zxcvbn-ts's common dictionary (`@zxcvbn-ts/language-common`,
 * about 49,000 entries from leaked-password lists, all lower case), loaded once per process.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/**
 * True when `password`, in any letter case, is one of the commonly used passwords: such a password
 * is refused at sign-up and as a new password (`auth.password-too-common`).
 */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
