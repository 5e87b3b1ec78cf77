import { ANALYSIS_MESSAGES } from '@archlens/contracts/analysis';
import { DomainError } from '@archlens/platform/messaging';
import type { ObjectStorage } from '@archlens/platform/storage';
import { UndecodableImageError } from './engines/vision-engine.js';

/** An uploaded original as a job names it: its object-storage key and the name the user gave it. */
export interface JobOriginal {
  key: string;
  fileName: string;
}

/**
 * Runs `work` on the stored originals of one job and keeps the originals only if it succeeds
 * (issue 11; issue 14 for sketches): on any failure before `work` has recorded its row, the
 * originals are removed at once, since nothing will ever refer to them.
 * @param originals the job's originals, in upload order
 * @param unreadableMessage the 503 text when the originals cannot be read back from the store
 * @param work reads the files (same order), runs the engine and records the result
 * @throws DomainError 503 when the originals cannot be read back; DomainError 422 naming the file
 *   when the engine finds one undecodable (`UndecodableImageError`: truncated or corrupt); whatever
 *   `work` throws otherwise
 */
export async function withStoredOriginals<T>(
  storage: ObjectStorage,
  originals: readonly JobOriginal[],
  unreadableMessage: string,
  work: (files: Buffer[]) => Promise<T>,
): Promise<T> {
  const keys = originals.map((original) => original.key);
  try {
    const files = await Promise.all(keys.map((key) => storage.get(key))).catch((error: unknown) => {
      throw new DomainError(503, unreadableMessage, error);
    });
    return await work(files).catch((error: unknown) => {
      if (error instanceof UndecodableImageError) {
        throw new DomainError(422, ANALYSIS_MESSAGES.undecodable(originals[error.index]?.fileName ?? `image ${error.index + 1}`), error);
      }
      throw error;
    });
  } catch (error) {
    // Not recorded: nothing will ever refer to these originals.
    await storage.remove(keys).catch(() => undefined);
    throw error;
  }
}
