import { ANALYSIS_MESSAGES, planImageOptimisation, retryQualityFor } from '@archlens/contracts/analysis';

/** An image drawn at its upload size, ready to be encoded (once, or again at a lower quality). */
export interface ScaledImage {
  width: number;
  height: number;
  toJpeg(quality: number): Promise<Blob>;
}

/** The canvas step, injected so that this module stays free of the DOM. */
export type DrawScaled = (file: File, maxLongestSidePx: number) => Promise<ScaledImage>;

/** Error texts of the browser optimiser (spec §8, word for word). */
export const OPTIMISER_ERRORS = {
  noContext: 'Could not get canvas context',
  encodeFailed: 'Failed to create compressed image',
  loadFailed: (file: string) => `Failed to load image: ${file}`,
  notAnImage: ANALYSIS_MESSAGES.optimiseNotImage,
  processFailed: (reason: string) => `Failed to process image: ${reason}`,
} as const;

/** A failure of the optimiser whose message is one of `OPTIMISER_ERRORS`. */
export class OptimiserError extends Error {
  override readonly name = 'OptimiserError';
}

export interface OptimisedImages {
  files: File[];
  /** How many files were re-encoded. */
  optimisedCount: number;
  totalBytesBefore: number;
  totalBytesAfter: number;
}

/** How many of these files the optimiser will re-encode (spec §9: 500 KB and over). */
export function countFilesToOptimise(files: readonly File[]): number {
  return files.filter((file) => planImageOptimisation(file.size).action === 'resize').length;
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/**
 * Optimises one file for upload (spec §9): under 500 KB unchanged; otherwise longest side at
 * most 1024 px, JPEG at 0.85 (0.7 above 5 MB), encoded again at 0.5 when the result exceeds 2 MB.
 * @throws OptimiserError with a spec §8 text
 */
export async function optimiseImage(file: File, drawScaled: DrawScaled): Promise<{ file: File; optimised: boolean }> {
  if (!file.type.startsWith('image/')) throw new OptimiserError(OPTIMISER_ERRORS.notAnImage(file.name));
  const plan = planImageOptimisation(file.size);
  if (plan.action === 'send-unchanged') return { file, optimised: false };

  try {
    const scaled = await drawScaled(file, plan.maxLongestSidePx);
    let blob = await scaled.toJpeg(plan.quality);
    const retryQuality = retryQualityFor(blob.size, plan.quality);
    if (retryQuality !== null) blob = await scaled.toJpeg(retryQuality);
    return {
      file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }),
      optimised: true,
    };
  } catch (error) {
    if (error instanceof OptimiserError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OptimiserError(OPTIMISER_ERRORS.processFailed(reason), { cause: error });
  }
}

/** Optimises files one after another (bounded memory), keeping their order. */
export async function optimiseImages(files: readonly File[], drawScaled: DrawScaled): Promise<OptimisedImages> {
  const out: File[] = [];
  let optimisedCount = 0;
  for (const original of files) {
    const result = await optimiseImage(original, drawScaled);
    out.push(result.file);
    if (result.optimised) optimisedCount += 1;
  }
  return {
    files: out,
    optimisedCount,
    totalBytesBefore: files.reduce((sum, f) => sum + f.size, 0),
    totalBytesAfter: out.reduce((sum, f) => sum + f.size, 0),
  };
}
