import type { ObjectStorage } from './storage.js';

/**
 * Keys checked for references, and removed, per batch: S3's DeleteObjects takes at most a
 * thousand keys, and a listing page holds as many.
 */
export const SWEEP_BATCH_SIZE = 1000;

/** What one `sweepUnreferenced` run removes. */
export interface UnreferencedSweep {
  /** Key prefix listed, e.g. `uploads/`. */
  prefix: string;
  /** Only objects last changed before this instant are candidates (an upload in progress is never swept). */
  modifiedBefore: Date;
  /** Only keys this accepts are candidates; every key under `prefix` when absent. */
  matches?: (key: string) => boolean;
  /**
   * Of one batch of candidate keys, those a record still refers to; they are kept. When absent
   * nothing refers to any candidate, so every candidate is removed.
   * @param keys at most `batchSize` keys, in listing order
   */
  referenced?: (keys: string[]) => Promise<Iterable<string>>;
  /** Candidates per batch, 1..`SWEEP_BATCH_SIZE`; `SWEEP_BATCH_SIZE` when absent. */
  batchSize?: number;
}

/** How many objects a sweep found old enough (and accepted by `matches`), and how many of those it removed. */
export interface UnreferencedSweepResult {
  examined: number;
  removed: number;
}

/**
 * Removes the objects under a prefix that are old enough and that nothing refers to. The listing
 * is streamed (`ObjectStorage.listStream`); candidates are gathered into batches of `batchSize`,
 * each batch checked with `referenced` and its unreferenced keys removed before the listing goes
 * on, so memory holds one listing page and one batch whatever the number of objects. Removing
 * listed keys does not disturb the listing: S3 continues after the last key it returned.
 * @returns the counts over every batch
 * @throws the store's error, or `referenced`'s; the batches before it stay removed, and a later
 *   run picks up the rest
 */
export async function sweepUnreferenced(storage: ObjectStorage, sweep: UnreferencedSweep): Promise<UnreferencedSweepResult> {
  const cutoff = sweep.modifiedBefore.getTime();
  const batchSize = sweep.batchSize ?? SWEEP_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > SWEEP_BATCH_SIZE) {
    throw new RangeError(`batchSize must be an integer from 1 to ${SWEEP_BATCH_SIZE}, not ${batchSize}`);
  }
  const result: UnreferencedSweepResult = { examined: 0, removed: 0 };
  let batch: string[] = [];
  const settle = async (): Promise<void> => {
    const keys = batch;
    batch = [];
    const kept = new Set(sweep.referenced ? await sweep.referenced(keys) : []);
    const orphans = kept.size > 0 ? keys.filter((key) => !kept.has(key)) : keys;
    await storage.remove(orphans);
    result.examined += keys.length;
    result.removed += orphans.length;
  };
  for await (const object of storage.listStream(sweep.prefix)) {
    if (object.lastModified.getTime() >= cutoff) continue;
    if (sweep.matches && !sweep.matches(object.key)) continue;
    batch.push(object.key);
    if (batch.length === batchSize) await settle();
  }
  if (batch.length > 0) await settle();
  return result;
}
