import { formatBytes, MAX_ANALYSIS_IMAGES, MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { ANALYSIS_TEXTS } from './texts';

const T = ANALYSIS_TEXTS.toasts;

/** The fields of a file the checks read (a `File` has them). */
export type CheckedFile = Pick<File, 'name' | 'size' | 'type'>;

/**
 * Spec §5 checks for a batch joining `existingCount` images: at most 10 in all, image types
 * only, each at most 50MB. Returns the toast to show, or null. A batch with any failing file
 * is refused whole, so the user sees exactly what was added.
 */
export function checkImageBatch(files: readonly CheckedFile[], existingCount: number): { title: string; description: string } | null {
  if (existingCount + files.length > MAX_ANALYSIS_IMAGES) return { title: T.tooManyTitle, description: T.tooMany };
  const notImage = files.find((f) => !f.type.startsWith('image/'));
  if (notImage) return { title: T.invalidTitle, description: T.notAnImage(notImage.name) };
  const tooLarge = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (tooLarge) return { title: T.tooLargeTitle, description: T.tooLarge(tooLarge.name, formatBytes(tooLarge.size)) };
  return null;
}
