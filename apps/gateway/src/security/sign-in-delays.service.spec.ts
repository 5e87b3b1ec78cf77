import { describe, expect, it } from '@jest/globals';
import { signInDelaySeconds } from './sign-in-delays.service.js';

describe('signInDelaySeconds', () => {
  it('gives the free failures no delay, then doubles from the base up to the cap', () => {
    const delays = Array.from({ length: 16 }, (_, i) => signInDelaySeconds(i + 1, 5, 2, 900));
    expect(delays).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it('never goes past the cap, however many failures', () => {
    expect(signInDelaySeconds(10_000, 5, 2, 900)).toBe(900);
    expect(signInDelaySeconds(7, 1, 1, 3)).toBe(3);
  });
});
