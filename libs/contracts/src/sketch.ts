import { z } from 'zod';
import { analysisEngineSchema } from './analysis.js';

/**
 * Process Your Sketch (spec §1, §2 /read-sketch, §3 sketch analysis, §5, §7, §8, §9): up
 * to 3 sketches in, a summary and detailed points out.
 */

/** Spec §9: sketch reading takes up to 3 images (50 MB each, as photos). */
export const MAX_SKETCH_IMAGES = 3;
/** Spec §7: the multipart fields of /read-sketch, one file each, in this order. */
export const SKETCH_IMAGE_FIELDS = ['image0', 'image1', 'image2'] as const;
/** Spec §7: the single field /create sends its sketch in. */
export const SINGLE_SKETCH_FIELD = 'sketch';

/** Spec §5, §8 texts of the sketch reader, word for word. */
export const SKETCH_MESSAGES = {
  tooManyTitle: 'Too Many Files',
  tooMany: `Please select up to ${MAX_SKETCH_IMAGES} images only.`,
  noImagesTitle: 'No Images Selected',
  noImages: 'Please select at least one sketch image to analyze.',
  /** Spec §8: the analysis failure toast for sketches prefixes the server's text with this. */
  failedPrefix: 'Failed to analyze sketch',
} as const;

/** The drawing types a sketch reading names (estimated by the offline engine, with its evidence). */
export const DRAWING_TYPES = ['plan', 'elevation', 'section', 'perspective', 'axonometric'] as const;
export const drawingTypeSchema = z.enum(DRAWING_TYPES);
export type DrawingType = z.infer<typeof drawingTypeSchema>;

/** Key of a stored sketch in object storage: `sketches/<userId>/<uuid>.<ext>` (its own prefix, beside photos' `uploads/`). */
export const SKETCH_KEY_PATTERN = /^sketches\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** Longest summary and point the engines may return, in characters. */
export const MAX_SKETCH_SUMMARY_CHARS = 2_000;
export const MAX_SKETCH_POINT_CHARS = 600;
/** The reading gives between 3 and 12 detailed points. */
export const SKETCH_POINTS = { min: 3, max: 12 } as const;

/** What every sketch engine returns (spec §3 sketch analysis: description and details). */
export const sketchReadingTextSchema = z.object({
  description: z.string().trim().min(1).max(MAX_SKETCH_SUMMARY_CHARS),
  details: z.array(z.string().trim().min(1).max(MAX_SKETCH_POINT_CHARS)).min(SKETCH_POINTS.min).max(SKETCH_POINTS.max),
  /** The drawing type the engine reads the (first) sketch as. */
  drawingType: drawingTypeSchema,
});
export type SketchReadingText = z.infer<typeof sketchReadingTextSchema>;

/** `POST /api/analyze-sketch` answer (spec §7: description, details; stored with its engine and duration). */
export const analyzeSketchResponseSchema = sketchReadingTextSchema.extend({
  id: z.string().uuid(),
  engine: analysisEngineSchema,
  model: z.string(),
  createdAt: z.string(),
  imageCount: z.number().int().min(1).max(MAX_SKETCH_IMAGES),
  /** Time the worker spent reading the stored sketches and running the engine, in ms. */
  durationMs: z.number().int().min(0),
});
export type AnalyzeSketchResponse = z.infer<typeof analyzeSketchResponseSchema>;

/** Payload of `analysis.read-sketches`: the stored sketches' keys in field order and the names the user gave them. */
export const readSketchesJobSchema = z.object({
  userId: z.string().uuid(),
  images: z
    .array(z.object({ key: z.string().regex(SKETCH_KEY_PATTERN), fileName: z.string().min(1).max(120) }))
    .min(1)
    .max(MAX_SKETCH_IMAGES),
});
export type ReadSketchesJob = z.infer<typeof readSketchesJobSchema>;
export const readSketchesResultSchema = analyzeSketchResponseSchema;
