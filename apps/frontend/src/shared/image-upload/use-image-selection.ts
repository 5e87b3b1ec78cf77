import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../toast';
import { checkImageBatch, checkImageFiles } from './image-batch-checks';

export interface SelectedImage {
  id: string;
  file: File;
  previewUrl: string;
}

let nextId = 0;

/**
 * The images chosen for upload, in the order chosen, with object-URL previews that are revoked
 * when dropped. A batch that fails the spec §5 checks (`checkImageFiles`: at most `maxImages` in
 * all, and each file a JPEG, PNG or WebP image by its content, whatever its name) shows its toast
 * and adds nothing. `addFiles` resolves once the batch is added or refused.
 * @param maxImages 10 photos on /analyse, 3 sketches on /read-sketch (spec §9)
 */
export function useImageSelection(maxImages: number) {
  const [images, setImages] = useState<SelectedImage[]>([]);
  const current = useRef(images);
  current.current = images;

  const addFiles = useCallback(
    async (incoming: readonly File[]) => {
      if (incoming.length === 0) return;
      let problem = await checkImageFiles(incoming, current.current.length, maxImages);
      // Reading the files takes a moment: another batch may have been added meanwhile.
      problem ??= checkImageBatch(incoming, current.current.length, maxImages);
      if (problem) {
        toast({ ...problem, variant: 'error' });
        return;
      }
      const added = incoming.map((file) => ({ id: `img-${++nextId}`, file, previewUrl: URL.createObjectURL(file) }));
      current.current = [...current.current, ...added];
      setImages((prev) => [...prev, ...added]);
    },
    [maxImages],
  );

  const removeImage = useCallback((id: string) => {
    setImages((prev) => {
      const gone = prev.find((image) => image.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return prev.filter((image) => image.id !== id);
    });
  }, []);

  const clearImages = useCallback(() => {
    setImages((prev) => {
      prev.forEach((image) => URL.revokeObjectURL(image.previewUrl));
      return [];
    });
  }, []);

  // Revoke whatever is left when the page unmounts.
  useEffect(() => () => current.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  return { images, addFiles, removeImage, clearImages };
}

/** What `useImageSelection` returns. */
export type ImageSelection = ReturnType<typeof useImageSelection>;
