/** The toasts of the browser-side optimisation (spec §8 titles word for word; descriptions our own, British English). */
export const OPTIMISATION_TEXTS = {
  optimisingTitle: 'Optimizing Images',
  optimising: (n: number) => `Resizing ${n} large ${n === 1 ? 'image' : 'images'} before upload.`,
  optimisedTitle: 'Images Optimized',
  optimised: (before: string, after: string) => `Reduced the upload from ${before} to ${after}.`,
  processingFailedTitle: 'Image Processing Failed',
} as const;
