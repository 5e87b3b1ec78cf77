import { z } from 'zod';
import { analysisEngineSchema, analysisTextSchema, MAX_ANALYSIS_IMAGES } from './analysis.js';
import { MAX_SKETCH_IMAGES, sketchReadingTextSchema } from './sketch.js';

/**
 * The architect's library: every item a user made (analyses, sketch readings, generations), read
 * back whole by id, removed with its stored objects, filed in projects and found again.
 */

/** The kinds of item the library holds, as the API names them. */
export const LIBRARY_ITEM_TYPES = ['analysis', 'sketch-reading', 'generation'] as const;
export const libraryItemTypeSchema = z.enum(LIBRARY_ITEM_TYPES);
export type LibraryItemType = z.infer<typeof libraryItemTypeSchema>;

/** The items analysis-worker owns (`analysis.get-item`, `analysis.delete-item`). */
export const ANALYSIS_ITEM_KINDS = ['analysis', 'sketch-reading'] as const;
export const analysisItemKindSchema = z.enum(ANALYSIS_ITEM_KINDS);
export type AnalysisItemKind = z.infer<typeof analysisItemKindSchema>;

/** One image of an item as its owner reads it: its 0-based index and the gateway's URL for it. */
export const itemImageSchema = z.object({ index: z.number().int().min(0), url: z.string() });
export type ItemImage = z.infer<typeof itemImageSchema>;

/** The answer of every `DELETE` of an item: the item and everything stored for it are gone. */
export const deletedResponseSchema = z.object({ deleted: z.literal(true) });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;

/** `GET /api/analyses/{id}`: the whole analysis (texts, tags, engine) and its photos as thumbnails. */
export const analysisDetailSchema = analysisTextSchema.extend({
  id: z.string().uuid(),
  engine: analysisEngineSchema,
  model: z.string(),
  createdAt: z.string(),
  imageCount: z.number().int().min(1).max(MAX_ANALYSIS_IMAGES),
  /** A JPEG thumbnail of each photo, in upload order (`GET /api/analyses/{id}/images/{index}`). */
  images: z.array(itemImageSchema),
});
export type AnalysisDetail = z.infer<typeof analysisDetailSchema>;

/** `GET /api/sketch-readings/{id}`: the whole reading and its sketches as thumbnails. */
export const sketchReadingDetailSchema = sketchReadingTextSchema.extend({
  id: z.string().uuid(),
  engine: analysisEngineSchema,
  model: z.string(),
  createdAt: z.string(),
  imageCount: z.number().int().min(1).max(MAX_SKETCH_IMAGES),
  /** A JPEG thumbnail of each sketch, in field order (`GET /api/sketch-readings/{id}/images/{index}`). */
  images: z.array(itemImageSchema),
});
export type SketchReadingDetail = z.infer<typeof sketchReadingDetailSchema>;

/** Payload of `analysis.get-item`, `analysis.delete-item`: the session's user and one of its items (404 for anyone else's). */
export const analysisItemJobSchema = z.object({ userId: z.string().uuid(), kind: analysisItemKindSchema, id: z.string().uuid() });
export type AnalysisItemJob = z.infer<typeof analysisItemJobSchema>;

/** Result of `analysis.get-item`: the record without image URLs (the gateway adds them from `imageCount`). */
export const analysisItemResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('analysis'), item: analysisDetailSchema.omit({ images: true }) }),
  z.object({ kind: z.literal('sketch-reading'), item: sketchReadingDetailSchema.omit({ images: true }) }),
]);
export type AnalysisItemResult = z.infer<typeof analysisItemResultSchema>;

/** Payload of `analysis.get-item-image`: one photo or sketch of the user's item, by 0-based index. */
export const analysisItemImageJobSchema = analysisItemJobSchema.extend({
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_ANALYSIS_IMAGES - 1),
});
/** Result of `analysis.get-item-image`: where its JPEG thumbnail is stored and its size in bytes. */
export const analysisItemImageResultSchema = z.object({ key: z.string(), bytes: z.number().int().min(0) });

/** Result of `analysis.delete-item` and `generation.delete`. */
export const deleteItemResultSchema = deletedResponseSchema;

/**
 * Key of an item image's thumbnail: `thumbnails/<userId>/<itemId>/<index>.jpg`, made on first
 * request and removed with the item. Its own prefix: the originals sweep never lists it.
 */
export function itemThumbnailKey(userId: string, itemId: string, index: number): string {
  return `${itemThumbnailPrefix(userId, itemId)}${index}.jpg`;
}

/** The prefix of every thumbnail of one item. */
export function itemThumbnailPrefix(userId: string, itemId: string): string {
  return `thumbnails/${userId}/${itemId}/`;
}
