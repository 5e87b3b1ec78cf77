import { ACCEPTED_IMAGE_MIME_TYPES, formatBytes, MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { firstFileNotAnImage } from './image-signature';
import { FILE_CHECK_TEXTS as T } from './texts';

/** The fields of a file the checks read (a `File` has them). */
export type CheckedFile = Pick<File, 'name' | 'size' | 'type'>;

/**
 * Which texts the checks speak in (spec §5): `perFile`, the analysis screen's and the sketch
 * reader's, naming the file ('"x" is not an image file.', '"x" is too large (51.0 MB). Maximum size
 * is 50MB.'); `general`, the general image upload rule that the other uploads (/create's sketch and
 * reference images) follow ('Only image files are allowed.', 'Each image must be under 50MB.').
 */
export type FileCheckWording = 'perFile' | 'general';

const ACCEPTED_TYPES: readonly string[] = ACCEPTED_IMAGE_MIME_TYPES;

/**
 * Spec §5 checks for a batch joining `existingCount` images: at most `maxImages` in all (10
 * photos on /analyse, 3 sketches on /read-sketch, 1 sketch and 4 references on /create), image
 * types only, and of those only the accepted formats JPG, PNG and WebP (spec §2, §9;
 * `ACCEPTED_IMAGE_MIME_TYPES`: a GIF, BMP, SVG or HEIC dropped on the page, which the file
 * picker's `accept` does not stop, would only come back refused by the server), each at most
 * 50MB. All of them come under 'Invalid Files': a file that is not an image keeps the spec's text,
 * an image of another format gets `notAcceptedFormat` / `onlyAcceptedFormats`. A batch with any
 * failing file is refused whole, so the user sees exactly what was added.
 * @param wording the texts to use (`perFile` unless given: /analyse and /read-sketch)
 * @returns the toast to show ('Too Many Files', 'Invalid Files' or 'Files Too Large'), or null
 */
export function checkImageBatch(
  files: readonly CheckedFile[],
  existingCount: number,
  maxImages: number,
  wording: FileCheckWording = 'perFile',
): { title: string; description: string } | null {
  if (existingCount + files.length > maxImages) return { title: T.tooManyTitle, description: T.tooMany(maxImages) };
  const notImage = files.find((f) => !f.type.startsWith('image/'));
  if (notImage) return { title: T.invalidTitle, description: wording === 'general' ? T.onlyImages : T.notAnImage(notImage.name) };
  const otherFormat = files.find((f) => !ACCEPTED_TYPES.includes(f.type.toLowerCase()));
  if (otherFormat) {
    return { title: T.invalidTitle, description: wording === 'general' ? T.onlyAcceptedFormats : T.notAcceptedFormat(otherFormat.name) };
  }
  const tooLarge = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (tooLarge) {
    return {
      title: T.tooLargeTitle,
      description: wording === 'general' ? T.eachUnder50MB : T.tooLarge(tooLarge.name, formatBytes(tooLarge.size)),
    };
  }
  return null;
}

/**
 * Every check of a batch joining `existingCount` images: `checkImageBatch` (count, type, format,
 * size), then each file's content, read from its first bytes (`firstFileNotAnImage`), so that only
 * a real JPEG, PNG or WebP image is accepted whatever its name: a text file named `notimage.jpg` is
 * refused under 'Invalid Files' with spec §5's text ('"notimage.jpg" is not an image file.', or
 * 'Only image files are allowed.' in the general wording).
 * @returns the toast to show, or null when the batch may be added
 */
export async function checkImageFiles<F extends File>(
  files: readonly F[],
  existingCount: number,
  maxImages: number,
  wording: FileCheckWording = 'perFile',
): Promise<{ title: string; description: string } | null> {
  const problem = checkImageBatch(files, existingCount, maxImages, wording);
  if (problem) return problem;
  const notImage = await firstFileNotAnImage(files);
  if (notImage) return { title: T.invalidTitle, description: wording === 'general' ? T.onlyImages : T.notAnImage(notImage.name) };
  return null;
}
