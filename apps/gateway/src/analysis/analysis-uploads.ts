import { ANALYSIS_MESSAGES, MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import { ANALYSIS_IMAGES_FIELD } from '@archlens/contracts/routes';
import { MAX_SKETCH_IMAGES, SINGLE_SKETCH_FIELD, SKETCH_IMAGE_FIELDS, SKETCH_MESSAGES } from '@archlens/contracts/sketch';
import { imageUploadInterceptor, type UploadPolicy } from '../uploads/image-upload.interceptor.js';

/** Design Language Analysis (spec §7, §9): up to 10 photos in the repeated field `images`, under `uploads/`. */
export const PHOTO_UPLOAD: UploadPolicy = {
  keyPrefix: 'uploads',
  fields: [{ name: ANALYSIS_IMAGES_FIELD, maxCount: MAX_ANALYSIS_IMAGES }],
  maxFiles: MAX_ANALYSIS_IMAGES,
  tooMany: ANALYSIS_MESSAGES.tooManyImages(MAX_ANALYSIS_IMAGES),
  noun: 'photos',
};

/**
 * Process Your Sketch (spec §7, §9): up to 3 sketches, one each in `image0`..`image2` (/read-sketch)
 * or one in `sketch` (/create), under `sketches/`.
 */
export const SKETCH_UPLOAD: UploadPolicy = {
  keyPrefix: 'sketches',
  fields: [...SKETCH_IMAGE_FIELDS, SINGLE_SKETCH_FIELD].map((name) => ({ name, maxCount: 1 })),
  maxFiles: MAX_SKETCH_IMAGES,
  tooMany: SKETCH_MESSAGES.tooMany,
  noun: 'sketches',
};

/** Reads and stores the photos of `POST /api/analyze`. */
export const PhotoUploadInterceptor = imageUploadInterceptor(PHOTO_UPLOAD);
/** Reads and stores the sketches of `POST /api/analyze-sketch`. */
export const SketchUploadInterceptor = imageUploadInterceptor(SKETCH_UPLOAD);
