import { describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import { ApiException } from '../http/api-error.js';
import { retryAfterSecondsOf } from '../http/too-many-requests.exception.js';
import { PasswordVerifications } from './password-verifications.service.js';

/** A cheap argon2id hash (1 MiB, one pass), so the test spends its time on the limit, not the hash. */
const cheapHash = (password: string) => argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });

describe('PasswordVerifications', () => {
  it('runs as many verifications as allowed, lets as many wait, and refuses the next with 503 auth.sign-in-busy', async () => {
    const hash = await cheapHash('right');
    const verifications = new PasswordVerifications({ ARGON2_MAX_CONCURRENT: 1, ARGON2_MAX_WAITING: 1 });
    const running = verifications.verify(hash, 'right');
    const waiting = verifications.verify(hash, 'wrong');
    const refused = verifications.verify(hash, 'right');
    await expect(refused).rejects.toBeInstanceOf(ApiException);
    const error = (await refused.catch((e: unknown) => e)) as ApiException;
    expect([error.getStatus(), error.reference.code, retryAfterSecondsOf(error)]).toEqual([503, 'auth.sign-in-busy', 1]);
    expect(await Promise.all([running, waiting])).toEqual([true, false]);
    // Once they are done, the places are free again.
    expect(await verifications.verify(hash, 'right')).toBe(true);
  });

  it('with no waiting allowed, refuses anything past the verifications running', async () => {
    const hash = await cheapHash('right');
    const verifications = new PasswordVerifications({ ARGON2_MAX_CONCURRENT: 2, ARGON2_MAX_WAITING: 0 });
    const answers = await Promise.allSettled([0, 1, 2, 3].map(() => verifications.verify(hash, 'right')));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
  });
});
