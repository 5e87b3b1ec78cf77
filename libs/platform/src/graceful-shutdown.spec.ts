import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SHUTDOWN_GRACE_MS, jobLockOverride, shutdownGraceMs, waitWithinGrace } from './graceful-shutdown.js';

describe('graceful shutdown settings', () => {
  it('reads SHUTDOWN_GRACE_MS, defaults it, and refuses anything but whole milliseconds in range', () => {
    expect(shutdownGraceMs({})).toBe(DEFAULT_SHUTDOWN_GRACE_MS);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: '5000' })).toBe(5000);
    for (const bad of ['-1', '1.5', 'soon', '600001'])
      expect(() => shutdownGraceMs({ SHUTDOWN_GRACE_MS: bad })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('reads JOB_LOCK_DURATION_MS as a lock override, none when unset', () => {
    expect(jobLockOverride({})).toEqual({});
    expect(jobLockOverride({ JOB_LOCK_DURATION_MS: '2000' })).toEqual({ lockDurationMs: 2000 });
    expect(() => jobLockOverride({ JOB_LOCK_DURATION_MS: '100' })).toThrow(/JOB_LOCK_DURATION_MS/);
  });

  it('waits for work within the grace period, and no longer', async () => {
    expect(await waitWithinGrace(Promise.resolve(), 1000)).toBe('done');
    expect(await waitWithinGrace(Promise.reject(new Error('x')), 1000)).toBe('done');
    expect(await waitWithinGrace(new Promise(() => undefined), 20)).toBe('timed-out');
  });
});
