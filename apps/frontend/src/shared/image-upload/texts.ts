import { ANALYSIS_MESSAGES } from '@archlens/contracts/analysis';
import { SKETCH_MESSAGES } from '@archlens/contracts/sketch';

/** Spec §5, §8 file-check toasts shared by every image upload (analysis photos, sketches), word for word. */
export const FILE_CHECK_TEXTS = {
  tooManyTitle: SKETCH_MESSAGES.tooManyTitle,
  tooMany: ANALYSIS_MESSAGES.tooManyImages,
  invalidTitle: 'Invalid Files',
  notAnImage: ANALYSIS_MESSAGES.notAnImage,
  tooLargeTitle: 'Files Too Large',
  tooLarge: ANALYSIS_MESSAGES.tooLarge,
  noImagesTitle: SKETCH_MESSAGES.noImagesTitle,
  /** Spec §5 general image upload rule (the uploads of /create): no file named. */
  onlyImages: 'Only image files are allowed.',
  /** Spec §5 general image upload rule (the uploads of /create): no file named. */
  eachUnder50MB: ANALYSIS_MESSAGES.eachUnder50MB,
  /** No spec text: an image in a format other than JPG, PNG and WebP (spec §2, §9 accepted formats), naming it. */
  notAcceptedFormat: ANALYSIS_MESSAGES.notAcceptedFormat,
  /** No spec text: the same in the general wording (the uploads of /create), naming no file. */
  onlyAcceptedFormats: ANALYSIS_MESSAGES.onlyAcceptedFormats,
} as const;

/** Our own texts of the shared upload card (British English). */
export const UPLOAD_CARD_TEXTS = {
  dropHint: 'or drag and drop them here',
  formats: (maxImages: number) => `JPG, PNG, WebP · up to ${maxImages} images · 50MB each`,
  removeImage: (fileName: string) => `Remove ${fileName}`,
} as const;
