import { formatBytes } from '@archlens/contracts/analysis';
import { toast } from '../toast';
import { firstFileNotAnImage } from '../image-upload/image-signature';
import { drawScaledImage } from './canvas-encoder';
import { countFilesToOptimise, OPTIMISER_ERRORS, OptimiserError, optimiseImages } from './optimise-images';
import { OPTIMISATION_TEXTS as T } from './texts';

/**
 * Optimises files in the browser before upload (spec §9), with its toasts: 'Optimizing Images'
 * when any file will be re-encoded, 'Images Optimized' (from size to size) when some were, and
 * 'Image Processing Failed' with the optimiser's spec §8 text when one fails, and for a file whose
 * content is not a JPEG, PNG or WebP image whatever its name (spec §5: 'File "{file}" is not an
 * image.'), which would otherwise go to the server unchanged when under 500 KB.
 * @returns the files to send, in the order given, or null after a failure (its toast shown)
 */
export async function optimiseForUpload(originals: readonly File[]): Promise<File[] | null> {
  try {
    const notImage = await firstFileNotAnImage(originals);
    if (notImage) throw new OptimiserError(OPTIMISER_ERRORS.notAnImage(notImage.name));
    const toOptimise = countFilesToOptimise(originals);
    if (toOptimise > 0) toast({ title: T.optimisingTitle, description: T.optimising(toOptimise), variant: 'info' });
    const optimised = await optimiseImages(originals, drawScaledImage);
    if (optimised.optimisedCount > 0) {
      toast({
        title: T.optimisedTitle,
        description: T.optimised(formatBytes(optimised.totalBytesBefore), formatBytes(optimised.totalBytesAfter)),
        variant: 'success',
      });
    }
    return optimised.files;
  } catch (error) {
    toast({ title: T.processingFailedTitle, description: error instanceof Error ? error.message : String(error), variant: 'error' });
    return null;
  }
}
