import { describe, expect, it } from '@jest/globals';
import { countWords } from '@archlens/contracts/words';
import { expandTemplate, fitExactly, optionalSentence } from './word-budget.js';

describe('expandTemplate', () => {
  it('offers one candidate per reachable word count, longest first', () => {
    const candidates = expandTemplate('[Read plainly,] the frame is [!close to] symmetrical[!!, formal and ordered].');
    // 4 fixed words; chunks of 2, 2 and 3 words.
    expect(candidates.map((c) => c.words)).toEqual([11, 9, 8, 7, 6, 4]);
    for (const c of candidates) expect(countWords(c.text)).toBe(c.words);
    expect(candidates[0].text).toBe('Read plainly, the frame is close to symmetrical, formal and ordered.');
    expect(candidates[candidates.length - 1].text).toBe('The frame is symmetrical.');
  });

  it('keeps the more valuable chunk when two renderings have the same length', () => {
    const candidates = expandTemplate('Light is even[ and calm][!! and soft].');
    expect(candidates.find((c) => c.words === 5)!.text).toBe('Light is even and soft.');
  });

  it('tidies the spacing and punctuation left by dropped chunks', () => {
    const candidates = expandTemplate('Sky fills [about] 24 per cent[!, so the form is read against it].');
    expect(candidates.map((c) => c.text)).toContain('Sky fills 24 per cent.');
  });

  it('rejects unbalanced brackets', () => {
    expect(() => expandTemplate('A [broken] template]')).toThrow(/Unbalanced/);
  });
});

describe('fitExactly', () => {
  it('hits every reachable target exactly, and only those', () => {
    const slots = [
      expandTemplate('Vertical edges lead by 1.7 to 1[!!, a pronounced upward emphasis].'),
      expandTemplate('The palette is [largely] warm grey[!, with charcoal in support].'),
      optionalSentence('[!Taken together,] it reads as upright and formal.'),
    ];
    const reachable = new Set<number>();
    for (const a of slots[0]) for (const b of slots[1]) for (const c of slots[2]) reachable.add(a.words + b.words + c.words);
    for (let target = 0; target <= 40; target++) {
      const texts = fitExactly(slots, target);
      expect(texts !== null).toBe(reachable.has(target));
      if (texts) expect(countWords(texts.join(' '))).toBe(target);
    }
  });

  it('prefers the renderings that keep the most valuable chunks', () => {
    const slots = [
      expandTemplate('Vertical edges lead by 1.7 to 1[!!, a pronounced upward emphasis].'),
      expandTemplate('The palette is [largely] warm grey[!, with charcoal in support].'),
    ];
    // 17 words: either the emphasis clause (5 per word) or the charcoal clause (3 per word).
    expect(fitExactly(slots, 17)).toEqual([
      'Vertical edges lead by 1.7 to 1, a pronounced upward emphasis.',
      'The palette is largely warm grey.',
    ]);
  });

  it('returns null when the target cannot be reached', () => {
    expect(fitExactly([expandTemplate('One two three.')], 4)).toBeNull();
    expect(fitExactly([expandTemplate('One two three.')], 2)).toBeNull();
  });

  it('can leave an optional sentence out', () => {
    expect(fitExactly([expandTemplate('One two.'), optionalSentence('Three four five.')], 2)).toEqual(['One two.', '']);
  });
});
