import { describe, expect, it } from '@jest/globals';
import { LEAD_SOURCES } from '@archlens/contracts/leads';
import { likeSubstringPattern } from './leads.repository.js';

describe('likeSubstringPattern', () => {
  it('escapes the LIKE wildcards and the escape character, so they match only themselves', () => {
    expect(likeSubstringPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(likeSubstringPattern('C:\\temp')).toBe('%C:\\\\temp%');
    expect(likeSubstringPattern('%')).toBe('%\\%%');
  });

  it('leaves quotes and SQL text alone: they travel as a parameter, not in the statement', () => {
    expect(likeSubstringPattern(`O'Brien"; DROP TABLE leads; --`)).toBe(`%O'Brien"; DROP TABLE leads; --%`);
  });
});

describe('the source sort', () => {
  it('is case-insensitive without lower() only while every source is lower-case', () => {
    // A source with a capital would need lower(source) and an index for it, as the names have.
    for (const source of LEAD_SOURCES) expect(source).toBe(source.toLowerCase());
  });
});
