import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ObjectStorage, type StoredObjectInfo } from './storage.js';
import { SWEEP_BATCH_SIZE, sweepUnreferenced } from './unreferenced-sweep.js';

/** The S3 settings of the test run (scripts/jest-integration-setup.mjs). */
function storageConfig() {
  return {
    S3_ENDPOINT: process.env.S3_ENDPOINT!,
    S3_ACCESS_KEY: process.env.S3_ACCESS_KEY!,
    S3_SECRET_KEY: process.env.S3_SECRET_KEY!,
    S3_BUCKET: process.env.S3_BUCKET!,
    S3_REGION: process.env.S3_REGION!,
  };
}

/** Counts the objects the sweep has taken from the listing so far. */
class CountingStorage extends ObjectStorage {
  listed = 0;

  override async *listStream(prefix: string): AsyncGenerator<StoredObjectInfo> {
    for await (const object of super.listStream(prefix)) {
      this.listed++;
      yield object;
    }
  }
}

/** Stores a small object under each key, `concurrency` at a time. */
async function putAll(storage: ObjectStorage, keys: string[], concurrency = 32): Promise<void> {
  for (let i = 0; i < keys.length; i += concurrency) {
    await Promise.all(keys.slice(i, i + concurrency).map((key) => storage.put(key, Buffer.from(key), 'text/plain')));
  }
}

/** Removes keys one request each: s3rver's multi-delete fails (500, then a retry) when two of its keys empty a folder. */
async function cleanUp(storage: ObjectStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.remove([key]);
}

/**
 * Waits into the next whole second and returns its start: objects stored before are older than
 * it, objects stored after are not, even where the store keeps times to the second (s3rver does).
 */
async function nextSecond(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

describe('sweepUnreferenced against the S3 server of the test run', () => {
  const storage = new CountingStorage(storageConfig());

  beforeAll(() => storage.ensureBucket());

  it('checks and removes in batches while the listing streams, keeping referenced and young objects', async () => {
    const prefix = `sweep-it/${randomUUID()}/`;
    const old = Array.from({ length: 10 }, (_, i) => `${prefix}old-${String(i).padStart(2, '0')}.jpg`);
    const referenced = old[7];
    const young = `${prefix}young.jpg`;
    await putAll(storage, old);
    const modifiedBefore = await nextSecond();
    await putAll(storage, [young]);

    storage.listed = 0;
    const batches: Array<{ keys: string[]; listed: number }> = [];
    const result = await sweepUnreferenced(storage, {
      prefix,
      modifiedBefore,
      batchSize: 4,
      referenced: async (keys) => {
        batches.push({ keys: [...keys], listed: storage.listed });
        return keys.filter((key) => key === referenced);
      },
    });

    // Each batch is checked as soon as it is full, before the rest of the listing is read.
    expect(batches).toEqual([
      { keys: old.slice(0, 4), listed: 4 },
      { keys: old.slice(4, 8), listed: 8 },
      { keys: old.slice(8), listed: 11 },
    ]);
    expect(result).toEqual({ examined: 10, removed: 9 });
    expect(await storage.list(prefix)).toEqual([referenced, young]);
    await cleanUp(storage, [referenced, young]);
  });

  it('removes only the keys `matches` accepts, and every one of them when nothing is referenced', async () => {
    const prefix = `sweep-it/${randomUUID()}/`;
    const keys = [`${prefix}a/text-1.pdf`, `${prefix}a/report.pdf`, `${prefix}b/text-2.pdf`];
    await putAll(storage, keys);
    const modifiedBefore = await nextSecond();

    const result = await sweepUnreferenced(storage, { prefix, modifiedBefore, matches: (key) => key.includes('/text-') });

    expect(result).toEqual({ examined: 2, removed: 2 });
    expect(await storage.list(prefix)).toEqual([`${prefix}a/report.pdf`]);
    await cleanUp(storage, [`${prefix}a/report.pdf`]);
  });

  it('refuses a batch size S3 cannot remove in one request', async () => {
    await expect(
      sweepUnreferenced(storage, { prefix: 'sweep-it/', modifiedBefore: new Date(0), batchSize: SWEEP_BATCH_SIZE + 1 }),
    ).rejects.toThrow(RangeError);
  });
});
