import { formatBytes, MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { FILE_CHECK_TEXTS as T } from './texts';

/** The fields of a file the checks read (a `File` has them). */
export type CheckedFile = Pick<File, 'name' | 'size' | 'type'>;

/**
 * Spec §5 checks for a batch joining `existingCount` images: at most `maxImages` in all (10
 * photos on /analyse, 3 sketches on /read-sketch), image types only, each at most 50MB. Returns
 * the toast to show, or null. A batch with any failing file is refused whole, so the user sees
 * exactly what was added.
 */
export function checkImageBatch(
  files: readonly CheckedFile[],
  existingCount: number,
  maxImages: number,
): { title: string; description: string } | null {
  if (existingCount + files.length > maxImages) return { title: T.tooManyTitle, description: T.tooMany(maxImages) };
  const notImage = files.find((f) => !f.type.startsWith('image/'));
  if (notImage) return { title: T.invalidTitle, description: T.notAnImage(notImage.name) };
  const tooLarge = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (tooLarge) return { title: T.tooLargeTitle, description: T.tooLarge(tooLarge.name, formatBytes(tooLarge.size)) };
  return null;
}
