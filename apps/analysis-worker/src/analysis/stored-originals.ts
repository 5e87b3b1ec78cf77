import { DomainError } from '@archlens/platform/messaging';
import type { ObjectStorage } from '@archlens/platform/storage';
import { UndecodableImageError } from './engines/vision-engine.js';

/** An uploaded original as a job names it: its object-storage key and the name the user gave it. */
export interface JobOriginal {
  key: string;
  fileName: string;
}

/**
 * Runs `work` on the stored originals of one job (photos or sketches) and keeps the originals
 * only if it succeeds: on any failure before `work` has recorded its row, the originals are
 * removed at once, since nothing will ever refer to them.
 * @param originals the job's originals, in upload order
 * @param unreadable the refusal when the originals cannot be read back from the store
 * @param work reads the files (same order), runs the engine and records the result
 * @throws DomainError `unreadable` when the originals cannot be read back;
 *   `analysis.image-undecodable` naming the file when the engine finds one undecodable
 *   (`UndecodableImageError`: truncated or corrupt); whatever `work` throws otherwise
 */
export async function withStoredOriginals<T>(
  storage: ObjectStorage,
  originals: readonly JobOriginal[],
  unreadable: 'analysis.photos-unreadable' | 'sketch.sketches-unreadable',
  work: (files: Buffer[]) => Promise<T>,
): Promise<T> {
  const keys = originals.map((original) => original.key);
  try {
    const files = await Promise.all(keys.map((key) => storage.get(key))).catch((error: unknown) => {
      throw new DomainError(unreadable, { cause: error });
    });
    return await work(files).catch((error: unknown) => {
      if (error instanceof UndecodableImageError) {
        const fileName = originals[error.index]?.fileName ?? `image ${error.index + 1}`;
        throw new DomainError('analysis.image-undecodable', { fileName }, { cause: error });
      }
      throw error;
    });
  } catch (error) {
    // Not recorded: nothing will ever refer to these originals.
    await storage.remove(keys).catch(() => undefined);
    throw error;
  }
}
