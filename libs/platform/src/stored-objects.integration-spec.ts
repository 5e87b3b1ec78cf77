import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { redisConnection } from './messaging.js';
import { ObjectNotStoredError, STORED_SIGNAL_PREFIX, STORED_SIGNAL_TTL_SECONDS, StoredObjectSignals } from './stored-objects.js';

const redisUrl = process.env.REDIS_URL!;
const keys = (n: number) => Array.from({ length: n }, (_, i) => `uploads/${randomUUID()}/${i}.jpg`);
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Settles to 'stored', 'failed:<reason>' or 'pending' after `ms`. */
async function stateAfter(arrival: Promise<void>, ms: number): Promise<string> {
  return Promise.race([
    arrival.then(
      () => 'stored',
      (error: unknown) => `failed:${error instanceof ObjectNotStoredError ? error.reason : String(error)}`,
    ),
    later(ms).then(() => 'pending'),
  ]);
}

describe('StoredObjectSignals over the Redis of the test run', () => {
  // The gateway and the worker each have their own; so does this test.
  const gateway = new StoredObjectSignals(redisUrl);
  const worker = new StoredObjectSignals(redisUrl);
  const redis = new Redis(redisConnection(redisUrl));

  afterAll(async () => {
    await Promise.all([gateway.close(), worker.close()]);
    await redis.quit();
  });

  it('lets the reader take each object as its signal comes, whether it came before the wait or during it', async () => {
    const [first, second, third] = keys(3) as [string, string, string];
    await gateway.signal(first, 'stored'); // stored before the worker starts waiting
    const [a, b, c] = worker.waitForStored([first, second, third], 5000) as [Promise<void>, Promise<void>, Promise<void>];
    expect(await stateAfter(a, 1000)).toBe('stored');
    expect(await stateAfter(b, 100)).toBe('pending');
    await gateway.signal(third, 'stored'); // the last in the job's order lands first
    expect(await stateAfter(c, 1000)).toBe('stored');
    expect(await stateAfter(b, 100)).toBe('pending');
    await gateway.signal(second, 'stored');
    expect(await stateAfter(b, 1000)).toBe('stored');
    // Each signal is read once: nothing is left behind in Redis.
    expect(await redis.exists(...[first, second, third].map((k) => STORED_SIGNAL_PREFIX + k))).toBe(0);
  });

  it("rejects the object whose upload failed, with its key, and still delivers the others", async () => {
    const [good, bad] = keys(2) as [string, string];
    const [ok, failed] = worker.waitForStored([good, bad], 5000) as [Promise<void>, Promise<void>];
    await gateway.signal(bad, 'failed');
    await expect(failed).rejects.toMatchObject({ name: 'ObjectNotStoredError', key: bad, reason: 'failed' });
    await gateway.signal(good, 'stored');
    await expect(ok).resolves.toBeUndefined();
  });

  it('gives up on a signal that never comes once the timeout has passed', async () => {
    const [missing] = keys(1) as [string];
    const started = Date.now();
    const [arrival] = worker.waitForStored([missing], 400) as [Promise<void>];
    await expect(arrival).rejects.toMatchObject({ reason: 'timeout', key: missing });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(350);
    expect(waited).toBeLessThan(3000);
    // A signal that comes after the reader gave up is not lost for ever: it expires.
    await gateway.signal(missing, 'stored');
    const ttl = await redis.ttl(STORED_SIGNAL_PREFIX + missing);
    expect(ttl).toBeGreaterThan(STORED_SIGNAL_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(STORED_SIGNAL_TTL_SECONDS);
  });

  it('serves more waits at once than it keeps idle connections for', async () => {
    const batches = Array.from({ length: 6 }, () => keys(2));
    const waits = batches.map((batch) => worker.waitForStored(batch, 5000));
    for (const batch of [...batches].reverse()) for (const key of batch) await gateway.signal(key, 'stored');
    await expect(Promise.all(waits.flat())).resolves.toHaveLength(12);
  });
});
