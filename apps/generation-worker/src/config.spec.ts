import { describe, expect, it } from '@jest/globals';
import { QUEUE_SETTINGS } from '@archlens/contracts/queues';
import { generationLockDurationMs, loadGenerationConfig } from './config.js';

/** The generation queue's lock: its own variable, else the service-wide one, else the queue's setting. */
describe('generation-worker lock duration', () => {
  it('leaves GENERATION_LOCK_DURATION_MS unset (or empty) so that the queue settings apply', () => {
    expect(loadGenerationConfig({}).GENERATION_LOCK_DURATION_MS).toBeUndefined();
    expect(loadGenerationConfig({ GENERATION_LOCK_DURATION_MS: '' }).GENERATION_LOCK_DURATION_MS).toBeUndefined();
    expect(generationLockDurationMs(loadGenerationConfig({}), {})).toBe(QUEUE_SETTINGS.generation.lockDurationMs);
  });

  it('takes JOB_LOCK_DURATION_MS when only that is set, and GENERATION_LOCK_DURATION_MS over it', () => {
    expect(generationLockDurationMs(loadGenerationConfig({}), { JOB_LOCK_DURATION_MS: '4000' })).toBe(4000);
    const own = loadGenerationConfig({ GENERATION_LOCK_DURATION_MS: '2000' });
    expect(own.GENERATION_LOCK_DURATION_MS).toBe(2000);
    expect(generationLockDurationMs(own, { JOB_LOCK_DURATION_MS: '4000' })).toBe(2000);
  });

  it('refuses a lock shorter than 500 ms', () => {
    expect(() => loadGenerationConfig({ GENERATION_LOCK_DURATION_MS: '100' })).toThrow(/GENERATION_LOCK_DURATION_MS/);
  });
});

/** A generation's capture: retried while billing does not answer, then released. */
describe('generation-worker capture retries', () => {
  it('asks 4 times, 1 s apart at first, unless told otherwise', () => {
    const defaults = loadGenerationConfig({});
    expect([defaults.GENERATION_CAPTURE_ATTEMPTS, defaults.GENERATION_CAPTURE_RETRY_MS]).toEqual([4, 1000]);
    const set = loadGenerationConfig({ GENERATION_CAPTURE_ATTEMPTS: '2', GENERATION_CAPTURE_RETRY_MS: '50' });
    expect([set.GENERATION_CAPTURE_ATTEMPTS, set.GENERATION_CAPTURE_RETRY_MS]).toEqual([2, 50]);
  });

  it('refuses no attempt at all, or more than 10', () => {
    expect(() => loadGenerationConfig({ GENERATION_CAPTURE_ATTEMPTS: '0' })).toThrow(/GENERATION_CAPTURE_ATTEMPTS/);
    expect(() => loadGenerationConfig({ GENERATION_CAPTURE_ATTEMPTS: '11' })).toThrow(/GENERATION_CAPTURE_ATTEMPTS/);
  });
});
