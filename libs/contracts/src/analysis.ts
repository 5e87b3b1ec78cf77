import { z } from 'zod';
import { errorText } from './errors.js';
import { countWords } from './words.js';

/** Spec §9: free analysis takes up to 10 images. */
export const MAX_ANALYSIS_IMAGES = 10;
/** Spec §9: 50 MB each ("each under 50MB", spec §5), in bytes. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** Spec §9: formats JPG, PNG, WebP; checked by content (magic bytes), never by the client's MIME type. */
export const ACCEPTED_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageMimeType = (typeof ACCEPTED_IMAGE_MIME_TYPES)[number];
/** File extension stored for each accepted type (object keys `uploads/<userId>/<uuid>.<ext>`). */
export const IMAGE_EXTENSION: Record<AcceptedImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/**
 * Largest decoded image the server accepts, in pixels ("within a sane pixel count").
 * 50 megapixels admits any camera photo in the fixtures (the 7.8 MB Tours photo is 24 MP) and
 * refuses decompression bombs such as a PNG declaring 30000×30000 (900 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Spec §9: exactly 88 words in the primary description, counted by `countWords`. */
export const PRIMARY_DESCRIPTION_WORDS = 88;
/** Spec §9: only the 3 most recent previous analyses are shown. */
export const PREVIOUS_ANALYSES_SHOWN = 3;
/**
 * How many analyses `GET /api/analyses` lists: one more than are shown, because the newest may be
 * the one /analyse already shows in its results card, which the list then leaves out.
 */
export const PREVIOUS_ANALYSES_LISTED = PREVIOUS_ANALYSES_SHOWN + 1;
/** At least 5 lower-case tags. */
export const MIN_TAGS = 5;
/** At most 12 lower-case tags. */
export const MAX_TAGS = 12;
/** The expanded description has at least four `## ` sections. */
export const MIN_EXPANDED_SECTIONS = 4;

/** Which engine wrote the text (the API and the UI say so). */
export const analysisEngineSchema = z.enum(['openai', 'offline']);
export type AnalysisEngine = z.infer<typeof analysisEngineSchema>;

/** Spec §5 texts of the analysis screen and the upload checks, word for word. */
export const ANALYSIS_MESSAGES = {
  tooManyImages: (max: number = MAX_ANALYSIS_IMAGES) => `Please select up to ${max} images only.`,
  notAnImage: (file: string) => `"${file}" is not an image file.`,
  tooLarge: (file: string, size: string) => `"${file}" is too large (${size}). Maximum size is 50MB.`,
  eachUnder50MB: 'Each image must be under 50MB.',
  noImages: 'Please upload at least one architectural image.',
  optimiseNotImage: (file: string) => `File "${file}" is not an image.`,
  /**
   * No spec text: an image in a format the product does not take (GIF, BMP, HEIC, SVG…; spec §2
   * accepts JPG, PNG, WebP). '"x" is not an image file.' would be untrue of it.
   */
  notAcceptedFormat: (file: string) => `"${file}" is not a JPG, PNG or WebP image.`,
  /** No spec text: the same without a file name (the general image upload rule's wording, spec §5). */
  onlyAcceptedFormats: 'Only JPG, PNG and WebP images are allowed.',
  /** Server-side only (no spec text): an empty upload. */
  emptyFile: (file: string) => `"${file}" is empty.`,
  /** Server-side only (no spec text): a decompression bomb or absurd canvas. */
  tooManyPixels: (file: string, width: number, height: number) =>
    `"${file}" is ${width}×${height} pixels; the maximum is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  /** Server-side only (no spec text): a header that reads but pixels that do not decode. */
  undecodable: (file: string) => errorText('analysis.image-undecodable', { fileName: file }),
  /** Server-side only (no spec text): no readable image header at all. */
  unreadable: (file: string) => `"${file}" could not be read as an image.`,
} as const;

/** Counts the `## ` headings of an expanded description. */
export function countSections(expanded: string): number {
  return expanded.split('\n').filter((line) => /^## \S/.test(line)).length;
}

/**
 * The analysis as every engine must return it (spec §3 analysis result):
 * exactly 88 words, `## ` sections, 5 to 12 lower-case tags.
 */
export const analysisTextSchema = z.object({
  primaryDescription: z.string().refine((t) => countWords(t) === PRIMARY_DESCRIPTION_WORDS, {
    message: `primaryDescription must have exactly ${PRIMARY_DESCRIPTION_WORDS} words`,
  }),
  expandedDescription: z.string().refine((t) => countSections(t) >= MIN_EXPANDED_SECTIONS, {
    message: `expandedDescription must have at least ${MIN_EXPANDED_SECTIONS} "## " sections`,
  }),
  tags: z
    .array(
      z
        .string()
        .min(1)
        .regex(/^[^A-Z]+$/, 'tags are lower-case'),
    )
    .min(MIN_TAGS)
    .max(MAX_TAGS),
});
export type AnalysisText = z.infer<typeof analysisTextSchema>;

/** `POST /api/analyze` response (spec §7, plus tags and engine). */
export const analyzeResponseSchema = analysisTextSchema.extend({
  id: z.string().uuid(),
  engine: analysisEngineSchema,
  model: z.string(),
  createdAt: z.string(),
  imageCount: z.number().int().min(1).max(MAX_ANALYSIS_IMAGES),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/** One entry of `GET /api/analyses` (spec §3 previous analysis). */
export const previousAnalysisSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  imageCount: z.number().int(),
  primaryDescription: z.string(),
});
export type PreviousAnalysis = z.infer<typeof previousAnalysisSchema>;
/** `GET /api/analyses` response: the `PREVIOUS_ANALYSES_LISTED` most recent analyses, newest first (spec §9). */
export const previousAnalysesResponseSchema = z.array(previousAnalysisSchema).max(PREVIOUS_ANALYSES_LISTED);

/** Key of an original photo in object storage: `uploads/<userId>/<uuid>.<ext>`. */
export const ORIGINAL_KEY_PATTERN = /^uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/**
 * Payload of the `analysis.analyse-images` job: thin, the stored originals' keys
 * in upload order and the file names the user gave them, so that a refusal can name the file.
 */
export const analyseImagesJobSchema = z.object({
  userId: z.string().uuid(),
  images: z
    .array(z.object({ key: z.string().regex(ORIGINAL_KEY_PATTERN), fileName: z.string().min(1).max(120) }))
    .min(1)
    .max(MAX_ANALYSIS_IMAGES),
});
export type AnalyseImagesJob = z.infer<typeof analyseImagesJobSchema>;
/** Result of the `analysis.analyse-images` job: what the gateway returns. */
export const analyseImagesResultSchema = analyzeResponseSchema;

/** Payload of `analysis.list-recent`: the signed-in user's latest analyses. */
export const listRecentAnalysesJobSchema = z.object({ userId: z.string().uuid() });
/** Result of `analysis.list-recent`: what `GET /api/analyses` returns. */
export const listRecentAnalysesResultSchema = previousAnalysesResponseSchema;

/**
 * Payload of `analysis.sweep-originals` (a scheduled job): originals older than `olderThanSeconds`
 * that no stored analysis refers to are removed (a periodic sweep, older than a day).
 */
export const sweepOriginalsJobSchema = z.object({ olderThanSeconds: z.number().int().min(0) });
/** Result of `analysis.sweep-originals`: how many objects were looked at and removed. */
export const sweepOriginalsResultSchema = z.object({ examined: z.number().int(), removed: z.number().int() });

/**
 * Browser-side optimisation parameters (spec §9): files under 500 KB are sent unchanged; larger
 * ones are resized so the longest side is at most 1024 px and re-encoded as JPEG at quality 0.85,
 * or 0.7 when the original is over 5 MB; a result over 2 MB is encoded again at 0.5.
 */
export const IMAGE_OPTIMISATION = {
  passThroughBelowBytes: 500 * 1024,
  maxLongestSidePx: 1024,
  quality: 0.85,
  largeFileQuality: 0.7,
  largeFileAboveBytes: 5 * 1024 * 1024,
  retryAboveBytes: 2 * 1024 * 1024,
  retryQuality: 0.5,
} as const;

export type OptimisationPlan = { action: 'send-unchanged' } | { action: 'resize'; maxLongestSidePx: number; quality: number };

/**
 * Decides how the browser optimises one file before upload (spec §9).
 * @param sizeBytes the original file size in bytes
 */
export function planImageOptimisation(sizeBytes: number): OptimisationPlan {
  const o = IMAGE_OPTIMISATION;
  if (sizeBytes < o.passThroughBelowBytes) return { action: 'send-unchanged' };
  return {
    action: 'resize',
    maxLongestSidePx: o.maxLongestSidePx,
    quality: sizeBytes > o.largeFileAboveBytes ? o.largeFileQuality : o.quality,
  };
}

/**
 * Whether an encoded result must be encoded again at quality 0.5 (spec §9: over 2 MB and the
 * quality used was above 0.5). Returns the retry quality, or null when the result stands.
 */
export function retryQualityFor(encodedBytes: number, usedQuality: number): number | null {
  const o = IMAGE_OPTIMISATION;
  return encodedBytes > o.retryAboveBytes && usedQuality > o.retryQuality ? o.retryQuality : null;
}

/**
 * Target size of the longest side when resizing (spec §9: at most 1024 px, never enlarged).
 * @returns integer width and height in pixels
 */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Human-readable size for spec §5 messages, e.g. "51.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
