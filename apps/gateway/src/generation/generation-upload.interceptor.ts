import { GENERATION_FILE_FIELDS, generateFieldsSchema, MAX_REFERENCE_IMAGES } from '@archlens/contracts/generation';
import { imageUploadInterceptor, type UploadPolicy } from '../uploads/image-upload.interceptor.js';

/**
 * `POST /api/generate`'s upload (spec §7, §9): one `sketch` and up to 4 `references`,
 * each checked on its first bytes and stored as it arrives under
 * `generation-inputs/<userId>/<uuid>.<ext>` (`GENERATION_INPUT_KEY_PATTERN`), with the same limits
 * and upload budget as the analysis routes; room for every control as a text field, each of them
 * (the fields of `generateFieldsSchema`) to be sent once (400 `Send "aspectRatio" once.`).
 */
export const GENERATION_UPLOAD: UploadPolicy = {
  keyPrefix: 'generation-inputs',
  fields: [
    { name: GENERATION_FILE_FIELDS.sketch, maxCount: 1 },
    { name: GENERATION_FILE_FIELDS.references, maxCount: MAX_REFERENCE_IMAGES },
  ],
  maxFiles: 1 + MAX_REFERENCE_IMAGES,
  tooMany: `Please select up to ${MAX_REFERENCE_IMAGES} reference images only.`,
  noun: 'the sketch and reference images',
  maxFields: 16,
  textFields: Object.keys(generateFieldsSchema.shape),
};

/** Reads and stores the sketch and references of `POST /api/generate`. */
export const GenerationUploadInterceptor = imageUploadInterceptor(GENERATION_UPLOAD);
