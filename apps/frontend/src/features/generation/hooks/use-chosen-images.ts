import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFiles } from '../../../shared/image-upload/image-batch-checks';
import { optimiseForUpload } from '../../../shared/image-optimisation/optimise-for-upload';
import { toast } from '../../../shared/toast';

/** An image chosen on /create, optimised for upload, with an object-URL preview. */
export interface ChosenImage {
  id: string;
  /** The file as it is sent (optimised in the browser, spec §9). */
  file: File;
  /** The name the user chose it under. */
  originalName: string;
  previewUrl: string;
}

let nextId = 0;

/**
 * Images chosen for /create: the sketch (`maxImages` 1, a new choice replaces it) or the reference
 * slots (4). Each batch passes the spec §5 checks (images only, by type and by the file's first
 * bytes, 50MB each, at most `maxImages` in all; the general upload rule's toasts: 'Only image files
 * are allowed.', 'Each image must be under 50MB.'), then the browser optimisation of spec §9 with its toasts, once, when chosen,
 * so the sketch reading and the generation send the same file.
 * @param replace true for the sketch: a new file takes the place of the one there
 * @param onAdded called with the images added (the sketch's automatic reading starts there)
 */
export function useChosenImages(
  maxImages: number,
  { replace = false, onAdded }: { replace?: boolean; onAdded?: (added: ChosenImage[]) => void } = {},
) {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [preparing, setPreparing] = useState(false);
  const current = useRef(images);
  current.current = images;
  const added = useRef(onAdded);
  added.current = onAdded;

  const addFiles = useCallback(
    async (incoming: readonly File[]) => {
      if (incoming.length === 0) return;
      // Spec §5: /create follows the general image upload rule, not the analysis screen's texts.
      const problem = await checkImageFiles(incoming, replace ? 0 : current.current.length, maxImages, 'general');
      if (problem) {
        toast({ ...problem, variant: 'error' });
        return;
      }
      setPreparing(true);
      const files = await optimiseForUpload(incoming).finally(() => setPreparing(false));
      if (!files) return;
      const chosen = files.map((file, index) => ({
        id: `chosen-${++nextId}`,
        file,
        originalName: incoming[index].name,
        previewUrl: URL.createObjectURL(file),
      }));
      setImages((prev) => {
        if (!replace) return [...prev, ...chosen].slice(0, maxImages);
        prev.forEach((image) => URL.revokeObjectURL(image.previewUrl));
        return chosen;
      });
      added.current?.(chosen);
    },
    [maxImages, replace],
  );

  const removeImage = useCallback((id: string) => {
    setImages((prev) => {
      const gone = prev.find((image) => image.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return prev.filter((image) => image.id !== id);
    });
  }, []);

  // Revoke whatever is left when the page unmounts.
  useEffect(() => () => current.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  return { images, preparing, addFiles, removeImage };
}

export type ChosenImages = ReturnType<typeof useChosenImages>;
