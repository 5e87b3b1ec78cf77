import { useState } from 'react';
import { isUnauthorisedError } from '../../api/client';
import { useSimulatedProgress } from '../hooks/use-simulated-progress';
import { optimiseForUpload } from '../image-optimisation/optimise-for-upload';
import { toast } from '../toast';
import { FILE_CHECK_TEXTS } from './texts';
import type { SelectedImage } from './use-image-selection';

export interface ImageUploadRunOptions<T> {
  /** Sends the optimised files: a react-query mutation's `mutateAsync`, so that a 401 reaches the global handler. */
  submit: (files: File[]) => Promise<T>;
  /** The description of the 'No Images Selected' toast (spec §5: it differs per tool). */
  noImages: string;
  /** The title of the failure toast (spec §8: 'Analysis Failed'). */
  failedTitle: string;
  /** The description of the failure toast, from the error. */
  describeFailure: (error: unknown) => string;
  /** The answer, and the time from pressing the button to the answer in ms. */
  onSuccess: (result: T, elapsedMs: number) => void;
}

/**
 * One run of an image tool (spec §4 image upload and sketch reading flows): checks that there are
 * images, starts the simulated progress, optimises the files in the browser with its toasts (spec
 * §9), submits them, then shows 100 and hands over the answer; on an error the progress returns to
 * 0 and a toast says why (a 401 is left to the global handler, spec §8).
 * @returns `{ run, busy, progress, resetProgress }`: `run(images)` sends the images in their order;
 *   `busy` covers optimising and the request
 */
export function useImageUploadRun<T>({ submit, noImages, failedTitle, describeFailure, onSuccess }: ImageUploadRunOptions<T>) {
  const { progress, start, complete, stop } = useSimulatedProgress();
  const [busy, setBusy] = useState(false);

  const run = async (images: readonly SelectedImage[]) => {
    const originals = images.map((image) => image.file);
    if (originals.length === 0) {
      toast({ title: FILE_CHECK_TEXTS.noImagesTitle, description: noImages, variant: 'warning' });
      return;
    }
    const startedAt = performance.now();
    setBusy(true);
    start();
    let result: T;
    try {
      const files = await optimiseForUpload(originals);
      if (!files) {
        stop();
        return;
      }
      result = await submit(files);
    } catch (error) {
      stop();
      if (!isUnauthorisedError(error)) toast({ title: failedTitle, description: describeFailure(error), variant: 'error' });
      return;
    } finally {
      setBusy(false);
    }
    complete();
    onSuccess(result, performance.now() - startedAt);
  };

  return { run, busy, progress, resetProgress: stop };
}
