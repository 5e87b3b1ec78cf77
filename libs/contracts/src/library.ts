import { z } from 'zod';
import { analysisEngineSchema, analysisTextSchema, MAX_ANALYSIS_IMAGES } from './analysis.js';
import { API_PATHS, itemImagePath } from './paths.js';
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

/** A project's name: 1 to 80 characters once trimmed; unique per user, case-insensitively. */
export const PROJECT_NAME_MAX_CHARS = 80;
/** The most projects one user may keep. */
export const MAX_PROJECTS_PER_USER = 200;
/** Items per page of `GET /api/projects/{id}` and `GET /api/library`. */
export const LIBRARY_PAGE_SIZE = 24;
/** The longest search text `GET /api/library` takes. */
export const LIBRARY_QUERY_MAX_CHARS = 200;

const projectName = z
  .string({ error: 'Give the project a name.' })
  .trim()
  .min(1, 'Give the project a name.')
  .max(PROJECT_NAME_MAX_CHARS, `A project name has at most ${PROJECT_NAME_MAX_CHARS} characters.`);

/** `POST /api/projects` and `PATCH /api/projects/{id}` body. */
export const projectNameRequestSchema = z.strictObject({ name: projectName });
export type ProjectNameRequest = z.infer<typeof projectNameRequestSchema>;

/** One project in `GET /api/projects`: its item count and the newest item's thumbnail URL (null when it has none). */
export const projectSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.string(),
  itemCount: z.number().int().min(0),
  thumbnailUrl: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export const projectListResponseSchema = z.array(projectSummarySchema).max(MAX_PROJECTS_PER_USER);

/** One item as the library lists it: what it is, when it was made, a line of its text, its tags, a thumbnail and its project. */
export const libraryItemSchema = z.object({
  type: libraryItemTypeSchema,
  id: z.string().uuid(),
  createdAt: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  thumbnailUrl: z.string().nullable(),
  project: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** One page of items, newest first unless asked otherwise, with their number in all. */
export const libraryPageSchema = z.object({
  items: z.array(libraryItemSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

/** `GET /api/projects/{id}`: the project and one page of its items, newest first. */
export const projectDetailSchema = projectSummarySchema.omit({ thumbnailUrl: true }).extend({ items: libraryPageSchema });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** `GET /api/projects/{id}` query. */
export const projectItemsQuerySchema = z.strictObject({ page });

/** `GET /api/library` query: filters (type, project), search text over analysis text, tags and project names, order and page. */
export const libraryQuerySchema = z.strictObject({
  type: libraryItemTypeSchema.optional(),
  projectId: z.string().uuid().optional(),
  q: z.string().trim().max(LIBRARY_QUERY_MAX_CHARS).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  page,
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

/** `PUT /api/projects/{id}/items` body: the item to file in the project (moved from any other). */
export const fileItemRequestSchema = z.strictObject({
  type: z.enum(LIBRARY_ITEM_TYPES, { error: `Say what the item is: ${LIBRARY_ITEM_TYPES.join(', ')}.` }),
  id: z.string({ error: 'Name the item by its id (a UUID).' }).uuid({ error: 'Name the item by its id (a UUID).' }),
});
export type FileItemRequest = z.infer<typeof fileItemRequestSchema>;

/** The answer of filing and unfiling: the item and the project it is now in (null once unfiled). */
export const filedItemResponseSchema = z.object({
  type: libraryItemTypeSchema,
  id: z.string().uuid(),
  projectId: z.string().uuid().nullable(),
});

/** What the library keeps of an item to list and search it: the owning service's facts, sent by its events and on filing. */
export const libraryItemFactsSchema = z.object({
  userId: z.string().uuid(),
  type: libraryItemTypeSchema,
  id: z.string().uuid(),
  createdAt: z.string().datetime(),
  /** A line to list it by: the start of an analysis's description, a reading's summary, a render's style. */
  title: z.string().max(2000),
  /** Every text searched beside the title (an analysis's descriptions; a reading's points), at most 20,000 characters. */
  text: z.string().max(20_000),
  tags: z.array(z.string().max(100)).max(20),
  imageCount: z.number().int().min(0),
});
export type LibraryItemFacts = z.infer<typeof libraryItemFactsSchema>;

const userId = z.string().uuid();
/** Payload of `library.create-project`. */
export const createProjectJobSchema = z.object({ userId, name: projectName });
/** Payload of `library.rename-project`. */
export const renameProjectJobSchema = z.object({ userId, projectId: z.string().uuid(), name: projectName });
/** Payload of `library.delete-project`. */
export const projectJobSchema = z.object({ userId, projectId: z.string().uuid() });
/** Payload of `library.list-projects`. */
export const listProjectsJobSchema = z.object({ userId });
/** Payload of `library.get-project`. */
export const getProjectJobSchema = z.object({ userId, projectId: z.string().uuid(), page: z.number().int().min(1) });
/** Payload of `library.search`: the user and the parsed query. */
export const searchLibraryJobSchema = z.object({ ...libraryQuerySchema.shape, userId, page: z.number().int().min(1) });
/** Payload of `library.file-item`: the item's facts (checked with its owner by the gateway) and the project. */
export const fileItemJobSchema = z.object({ projectId: z.string().uuid(), item: libraryItemFactsSchema });
/** Payload of `library.unfile-item`. */
export const unfileItemJobSchema = z.object({ userId, projectId: z.string().uuid(), type: libraryItemTypeSchema, id: z.string().uuid() });

/** The thumbnail URL of an item's first image, or null when it has none (a workflow generation). */
export function itemThumbnailUrl(type: LibraryItemType, id: string, imageCount: number): string | null {
  if (imageCount === 0) return null;
  if (type === 'generation') return API_PATHS.downloadGeneratedImage.replace(':jobId', encodeURIComponent(id)).replace(':index', '0');
  return itemImagePath(type, id, 0);
}

/** The longest title the library keeps of an item, in characters. */
const TITLE_MAX_CHARS = 200;
const titleOf = (text: string) => (text.length > TITLE_MAX_CHARS ? `${text.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…` : text);

/** The library's facts of an analysis (what `analysis.completed` carries and filing sends). */
export function analysisItemFacts(userId: string, a: Omit<AnalysisDetail, 'images'>): LibraryItemFacts {
  return {
    userId,
    type: 'analysis',
    id: a.id,
    createdAt: a.createdAt,
    title: titleOf(a.primaryDescription),
    text: `${a.primaryDescription}\n${a.expandedDescription}`.slice(0, 20_000),
    tags: a.tags.slice(0, 20),
    imageCount: a.imageCount,
  };
}

/** The library's facts of a sketch reading: its summary as the title, its points as text, its drawing type as a tag. */
export function sketchReadingItemFacts(userId: string, r: Omit<SketchReadingDetail, 'images'>): LibraryItemFacts {
  return {
    userId,
    type: 'sketch-reading',
    id: r.id,
    createdAt: r.createdAt,
    title: titleOf(r.description),
    text: `${r.description}\n${r.details.join('\n')}`.slice(0, 20_000),
    tags: [r.drawingType],
    imageCount: r.imageCount,
  };
}

/** The library's facts of a generation: its style description as title and text, its provider as a tag. */
export function generationItemFacts(
  userId: string,
  g: { id: string; createdAt: string; styleDescription: string; provider: string; imageCount: number },
): LibraryItemFacts {
  return {
    userId,
    type: 'generation',
    id: g.id,
    createdAt: g.createdAt,
    title: titleOf(g.styleDescription),
    text: g.styleDescription,
    tags: [g.provider],
    imageCount: g.imageCount,
  };
}

/** How long a share link lives, in days: 1 to 30, 7 unless asked. */
export const SHARE_DAYS = { min: 1, max: 30, default: 7 } as const;
/** A share token: 32 random bytes (256 bits) in base64url, 43 characters; only its SHA-256 is stored. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The public page of a share (the SPA's route), which reads `GET /api/s/{token}`. */
export function sharePagePath(token: string): string {
  return `/s/${token}`;
}

const itemType = z.enum(LIBRARY_ITEM_TYPES, { error: `Say what the item is: ${LIBRARY_ITEM_TYPES.join(', ')}.` });
const itemId = z.string({ error: 'Name the item by its id (a UUID).' }).uuid({ error: 'Name the item by its id (a UUID).' });

/** `POST /api/shares` body. */
export const createShareRequestSchema = z.strictObject({
  type: itemType,
  id: itemId,
  expiresInDays: z
    .number({ error: `A link lasts ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days.` })
    .int({ error: `A link lasts ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days.` })
    .min(SHARE_DAYS.min, `A link lasts ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days.`)
    .max(SHARE_DAYS.max, `A link lasts ${SHARE_DAYS.min} to ${SHARE_DAYS.max} days.`)
    .default(SHARE_DAYS.default),
});
export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;
/** `POST /api/shares` answer: the link (a path on this site: `/s/{token}`, shown once) and when it stops working. */
export const createShareResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** One live link in `GET /api/shares` (its token is not kept, so it is named by its id). */
export const shareSummarySchema = z.object({
  id: z.string().uuid(),
  type: libraryItemTypeSchema,
  itemId: z.string().uuid(),
  title: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;
export const shareListResponseSchema = z.array(shareSummarySchema);

const sharedImages = z.array(itemImageSchema);
/** `GET /api/s/{token}`: the shared item's text and images (served through the share), nothing of its owner's. */
export const sharedItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('analysis'),
    createdAt: z.string(),
    expiresAt: z.string(),
    primaryDescription: z.string(),
    expandedDescription: z.string(),
    tags: z.array(z.string()),
    images: sharedImages,
  }),
  z.object({
    type: z.literal('sketch-reading'),
    createdAt: z.string(),
    expiresAt: z.string(),
    description: z.string(),
    details: z.array(z.string()),
    drawingType: z.string(),
    images: sharedImages,
  }),
  z.object({
    type: z.literal('generation'),
    createdAt: z.string(),
    expiresAt: z.string(),
    styleDescription: z.string(),
    images: sharedImages,
  }),
]);
export type SharedItem = z.infer<typeof sharedItemSchema>;

/** Payload of `library.create-share`: the item (checked with its owner by the gateway), the token's SHA-256 (hex) and the expiry. */
export const createShareJobSchema = z.object({
  userId,
  type: libraryItemTypeSchema,
  itemId: z.string().uuid(),
  title: z.string().max(2000),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: z.string().datetime(),
});
/** Payload of `library.list-shares`. */
export const listSharesJobSchema = z.object({ userId });
/** Payload of `library.revoke-share`: the link by its token's hash or by its id. */
export const revokeShareJobSchema = z.object({
  userId,
  tokenHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  shareId: z.string().uuid().optional(),
});
/** Payload of `library.open-share`: a token's hash. */
export const openShareJobSchema = z.object({ tokenHash: z.string().regex(/^[0-9a-f]{64}$/) });
/** Result of `library.open-share`: the live link's item and owner, for the gateway to ask the owning service. */
export const openShareResultSchema = z.object({
  userId,
  type: libraryItemTypeSchema,
  itemId: z.string().uuid(),
  expiresAt: z.string(),
});

/** Payload of `analysis.export-items`, `generation.export-items` and `library.export`: everything of one user's. */
export const exportItemsJobSchema = z.object({ userId });

/** Result of `analysis.export-items`: every analysis and sketch reading of the user's, with the keys of their stored objects. */
export const analysisExportSchema = z.object({
  analyses: z.array(
    analysisDetailSchema.omit({ images: true }).extend({ imageKeys: z.array(z.string()), reportKey: z.string().nullable() }),
  ),
  sketchReadings: z.array(sketchReadingDetailSchema.omit({ images: true }).extend({ imageKeys: z.array(z.string()) })),
});
export type AnalysisExport = z.infer<typeof analysisExportSchema>;

/** Result of `library.export`: the user's projects with the items filed in each. */
export const libraryExportSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      createdAt: z.string(),
      items: z.array(z.object({ type: libraryItemTypeSchema, id: z.string().uuid() })),
    }),
  ),
});
export type LibraryExport = z.infer<typeof libraryExportSchema>;
