import { describe, expect, it } from '@jest/globals';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('finds passwords from leaked-password lists, in any letter case', () => {
    for (const password of ['password', '123456', 'qwerty123', 'letmein', 'Password', 'LETMEIN', 'concrete']) {
      expect([password, isCommonPassword(password)]).toEqual([password, true]);
    }
  });

  it('lets unusual passwords through', () => {
    for (const password of ['flying-buttress', 'correct-horse', 'Brick arches 1906', 'archlens-demo']) {
      expect([password, isCommonPassword(password)]).toEqual([password, false]);
    }
  });
});
