import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DETAIL_LEVELS,
  GENERATION_DEFAULTS,
  GENERATION_MESSAGES,
  GENERATION_PROVIDERS,
  GEOMETRY_DRIFT_BELOW,
  fidelityOverlayPath,
  generationImagePath,
  LIGHTING_OPTIONS,
  MAX_REFERENCE_IMAGES,
  MAX_SEED,
  SKETCH_INFLUENCE,
  VARIATIONS,
} from './generation-options.js';
import { normaliseLineBreaks, plainText, unusableCharactersMessage } from './plain-text.js';
import { MAX_SKETCH_SUMMARY_CHARS } from './sketch.js';
import { isStyleDescriptionWithinLimit, MAX_STYLE_DESCRIPTION_CHARS, STYLE_PROFILE_MESSAGES } from './style-profile.js';
import { fromTextField, wholeNumber } from './whole-number.js';

export * from './generation-options.js';

/**
 * Image Generation (spec §2 /create, §3 generation request, result and history, §7
 * `POST /api/generate`, `GET /api/download/{jobId}/{index}`, `GET /api/generations`): schemas of
 * the HTTP contract and of the `generation` queue's jobs, owned by generation-worker.
 */

/** Spec §7: the multipart file fields of `POST /api/generate`: one `sketch`, `references` repeated (up to 4). */
export const GENERATION_FILE_FIELDS = { sketch: 'sketch', references: 'references' } as const;

/**
 * Longest style description a generation takes, in characters: spec §5, §9 "Style description
 * maximum 500 characters", the same limit as the saved style profile the field starts from.
 */
export const MAX_GENERATION_STYLE_CHARS = MAX_STYLE_DESCRIPTION_CHARS;

/** Not in the spec: the refusals of a control character (other than tab and line breaks) or a lone surrogate in a text field. */
export const GENERATION_TEXT_MESSAGES = {
  styleUnusable: STYLE_PROFILE_MESSAGES.unusable,
  sketchDescriptionUnusable: unusableCharactersMessage('The sketch description'),
} as const;

/**
 * The text fields of `POST /api/generate` (spec §3 generation request), as multipart sends them
 * (strings). `styleDescription` missing, blank or only invisible characters gives spec §5's
 * 'Please provide a style description for better results.'; over 500 characters (spec §9,
 * `countCharacters`: code points once trimmed, a line break one), 'Please keep your description
 * under 500 characters.' (spec §5, the style editor's text); CRLF, as multipart sends a text area's
 * line breaks, becomes LF. Both texts refuse control characters other than tab and line breaks
 * (`GENERATION_TEXT_MESSAGES`). The numbers are decimal digits (`fromTextField`): an empty field
 * takes the default (`sketchInfluence=` is 75, `seed=` no seed), and `1e1`, `0x10`, `-5` or `7.5`
 * are refused with e.g. 'Expected a whole number from 0 to 100.' Beyond the spec: `jobId`, a UUID
 * the SPA chooses so it can follow `GET /api/generations/{jobId}/events` while the request runs (a
 * new one when absent), and `sketchDescription`, the sketch reading the combined-prompt panel
 * shows (structure).
 */
export const generateFieldsSchema = z.object({
  styleDescription: plainText(
    z
      .string({ error: GENERATION_MESSAGES.styleRequired })
      // A browser sends a textarea's line breaks in a multipart form as CRLF: counted as the one
      // character each the text area counted, so a description shown as within 500 stays within it.
      .overwrite(normaliseLineBreaks)
      .trim()
      .min(1, GENERATION_MESSAGES.styleRequired)
      .refine(isStyleDescriptionWithinLimit, STYLE_PROFILE_MESSAGES.tooLong),
    { shape: 'lines', unusable: GENERATION_TEXT_MESSAGES.styleUnusable, blank: GENERATION_MESSAGES.styleRequired },
  ),
  sketchDescription: plainText(z.string().overwrite(normaliseLineBreaks).trim().max(MAX_SKETCH_SUMMARY_CHARS), {
    shape: 'lines',
    unusable: GENERATION_TEXT_MESSAGES.sketchDescriptionUnusable,
  }).default(''),
  aspectRatio: z.enum(ASPECT_RATIOS).default(GENERATION_DEFAULTS.aspectRatio),
  sketchInfluence: fromTextField(
    wholeNumber(SKETCH_INFLUENCE.min, SKETCH_INFLUENCE.max)
      .refine((value) => value % SKETCH_INFLUENCE.step === 0, 'sketchInfluence must be a multiple of 5')
      .default(GENERATION_DEFAULTS.sketchInfluence),
  ),
  detailLevel: z.enum(DETAIL_LEVELS).default(GENERATION_DEFAULTS.detailLevel),
  lighting: z.enum(LIGHTING_OPTIONS).default(GENERATION_DEFAULTS.lighting),
  variations: fromTextField(wholeNumber(VARIATIONS.min, VARIATIONS.max).default(GENERATION_DEFAULTS.variations)),
  provider: z.enum(GENERATION_PROVIDERS).default(GENERATION_DEFAULTS.provider),
  seed: fromTextField(wholeNumber(0, MAX_SEED).optional()),
  jobId: z.string().uuid().optional(),
  /**
   * The user's analysis the style description was made from ("Use as style"): kept in the
   * generation's recipe. An empty field is no analysis; anything but a UUID is refused.
   */
  sourceAnalysisId: z.preprocess((value) => (value === '' ? undefined : value), z.string().uuid().optional()),
});
export type GenerateFields = z.infer<typeof generateFieldsSchema>;
/** The options a job runs with: the fields once validated, without the job id and source analysis (carried beside them). */
export type GenerationOptions = Omit<GenerateFields, 'jobId' | 'sourceAnalysisId'>;

/**
 * What a generation's metadata says (spec §3: provider, integratedWorkflow, soraPrompt,
 * soraInstructions, midjourneyPrompt, midjourneyInstructions, sketchInfluence), plus what the
 * provider really did: `seedSupported` false means the provider takes no seed (OpenAI images) and
 * `seed` in the result is null, so the UI never pretends otherwise.
 */
export const generationMetadataSchema = z.object({
  provider: z.enum(GENERATION_PROVIDERS),
  /**
   * Sora and Midjourney: true when the workflow starts from the uploaded sketch as an image input
   * (image-to-image; sketch influence above 0), false for a manual text-only workflow. False for
   * image providers.
   */
  integratedWorkflow: z.boolean(),
  soraPrompt: z.string().optional(),
  soraInstructions: z.array(z.string()).optional(),
  midjourneyPrompt: z.string().optional(),
  midjourneyInstructions: z.array(z.string()).optional(),
  sketchInfluence: z.number().int().min(0).max(100),
  /** The combined prompt sent to the provider (or written into the workflow). */
  prompt: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  /** Model or endpoint that made the images; null for workflow providers. */
  model: z.string().nullable(),
  /** Pixel size requested from the provider ('1536x1024'), null when it takes an aspect ratio instead. */
  size: z.string().nullable(),
  seedSupported: z.boolean(),
  /** Time spent in provider calls, in ms. */
  providerMs: z.number().int().min(0),
  /** Time from the job's start to its answer, in ms. */
  durationMs: z.number().int().min(0),
});
export type GenerationMetadata = z.infer<typeof generationMetadataSchema>;

/**
 * One generated image: its download url (`generationImagePath`), its 0-based index, its seed (null
 * when the provider has none), its sketch fidelity (0–100; null for a render made before it was
 * measured), whether that marks geometry drift (`GEOMETRY_DRIFT_BELOW`) and the url of the PNG
 * that draws the sketch's unmatched lines over it (`fidelityOverlayPath`; null when it has none).
 */
export const generatedImageSchema = z.object({
  url: z.string(),
  index: z.number().int().min(0),
  seed: z.number().int().min(0).nullable(),
  fidelity: z.number().int().min(0).max(100).nullable(),
  geometryDrift: z.boolean(),
  overlayUrl: z.string().nullable(),
});
export { GEOMETRY_DRIFT_BELOW };
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

/**
 * A stored render as the API shows it: `GeneratedImage` from its job id, index, seed, fidelity and
 * the key of its unmatched-lines overlay (absent or null when none was drawn).
 */
export function generatedImageOf(
  jobId: string,
  image: { index: number; seed: number | null; fidelity: number | null; overlayKey?: string | null },
): GeneratedImage {
  return {
    url: generationImagePath(jobId, image.index),
    index: image.index,
    seed: image.seed,
    fidelity: image.fidelity,
    geometryDrift: image.fidelity !== null && image.fidelity < GEOMETRY_DRIFT_BELOW,
    overlayUrl: image.overlayKey ? fidelityOverlayPath(jobId, image.index) : null,
  };
}

/**
 * Whether a generation offers Retry free: `offered` while it may still use it (it succeeded, kept
 * its recipe, is not itself a free retry, and a render is marked geometry drift), `used` once its
 * free retry has run or is running, null when it has none to offer.
 */
export const FREE_RETRY_STATES = ['offered', 'used'] as const;
export const freeRetryStateSchema = z.enum(FREE_RETRY_STATES).nullable();
export type FreeRetryState = z.infer<typeof freeRetryStateSchema>;

/** `POST /api/generate` answer (spec §3 generation result). `images` is empty for the workflow providers. */
export const generateResponseSchema = z.object({
  jobId: z.string().uuid(),
  images: z.array(generatedImageSchema),
  /** The first image's seed, or the seed asked for; null when the provider takes no seed. */
  seed: z.number().int().min(0).nullable(),
  creditsUsed: z.number().int().min(0),
  metadata: generationMetadataSchema,
  /** Whether this generation offers Retry free (`POST /api/generations/{jobId}/retry-free`). */
  freeRetry: freeRetryStateSchema,
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

export const GENERATION_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const generationStatusSchema = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** Spec §3 generation history item (id, status, creditsSpent, createdAt), with what Recent Activity shows beside it. */
export const generationHistoryItemSchema = z.object({
  id: z.string().uuid(),
  status: generationStatusSchema,
  creditsSpent: z.number().int().min(0),
  createdAt: z.string(),
  provider: z.enum(GENERATION_PROVIDERS),
  imageCount: z.number().int().min(0),
});
export type GenerationHistoryItem = z.infer<typeof generationHistoryItemSchema>;
/** `GET /api/generations` answer: the user's generations, newest first (at most `GENERATION_HISTORY_LIMIT`). */
export const generationHistoryResponseSchema = z.array(generationHistoryItemSchema);
export type GenerationHistoryResponse = z.infer<typeof generationHistoryResponseSchema>;
export const GENERATION_HISTORY_LIMIT = 20;

/** The stages a generation reports while it runs (`GET /api/generations/{jobId}/events`). */
export const GENERATION_STAGES = ['queued', 'reserving', 'rendering', 'storing', 'succeeded', 'failed'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/**
 * One progress event (server-sent event `data`, JSON): the stage, a percentage that only rises, and
 * for `rendering` how many images are done out of how many; `message` is the user's text on `failed`.
 */
export const generationProgressSchema = z.object({
  jobId: z.string().uuid(),
  stage: z.enum(GENERATION_STAGES),
  percent: z.number().min(0).max(100),
  imagesDone: z.number().int().min(0).optional(),
  imagesTotal: z.number().int().min(0).optional(),
  message: z.string().optional(),
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** Key of a stored generation input (`generation-inputs/<userId>/<uuid>.<ext>`): the sketch or a reference image. */
export const GENERATION_INPUT_KEY_PATTERN = /^generation-inputs\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
/** Key of a generated image in object storage: `generations/<userId>/<jobId>/<index>.jpg`. */
export function generatedImageKey(userId: string, jobId: string, index: number): string {
  return `generations/${userId}/${jobId}/${index}.jpg`;
}

/**
 * Where a render's unmatched-lines overlay (a transparent PNG of the render's size) is stored: next
 * to the render, under the same prefix, so that deleting the generation or the account removes it.
 */
export function fidelityOverlayKey(userId: string, jobId: string, index: number): string {
  return `generations/${userId}/${jobId}/${index}.unmatched-lines.png`;
}

const storedInputSchema = z.object({ key: z.string().regex(GENERATION_INPUT_KEY_PATTERN), fileName: z.string().min(1).max(120) });

/** Payload of `generation.generate`: ids and object keys only (payloads are thin). */
export const generateJobSchema = z.object({
  userId: z.string().uuid(),
  jobId: z.string().uuid(),
  sketch: storedInputSchema,
  references: z.array(storedInputSchema).max(MAX_REFERENCE_IMAGES),
  options: generateFieldsSchema.omit({ jobId: true, sourceAnalysisId: true }),
  /** The generation this one runs again (`POST /api/generations/{id}/reproduce`, `/vary` or `/retry-free`). */
  parentId: z.string().uuid().optional(),
  /** The user's analysis its style came from ("Use as style"), checked by the gateway as the user's. */
  sourceAnalysisId: z.string().uuid().optional(),
  /**
   * True for Retry free of `parentId` (`POST /api/generations/{id}/retry-free`): the worker checks
   * that the parent offers it and claims it for this job, reserves no credits, and records the
   * zero-cost generation in billing's ledger.
   */
  freeRetry: z.literal(true).optional(),
});
export type GenerateJob = z.infer<typeof generateJobSchema>;
export const generateResultSchema = generateResponseSchema;

/** Payload of `generation.list`: the session's user. */
export const listGenerationsJobSchema = z.object({
  userId: z.string().uuid(),
  limit: z.number().int().min(1).max(100).default(GENERATION_HISTORY_LIMIT),
});
/**
 * Result of `generation.list`: the newest `limit` generations and how many the user has in all (the
 * home's 'Total Generations' tile, spec §2; the gateway sends it as `GENERATION_TOTAL_HEADER`).
 */
export const listGenerationsResultSchema = z.object({ items: generationHistoryResponseSchema, total: z.number().int().min(0) });
/** Response header of `GET /api/generations` giving the user's number of generations in all (the body lists at most `GENERATION_HISTORY_LIMIT`). */
export const GENERATION_TOTAL_HEADER = 'X-Total-Count';

/** Payload of `generation.get-status`: the session's user and a job id (404 when another user's job). */
export const getGenerationStatusJobSchema = z.object({ userId: z.string().uuid(), jobId: z.string().uuid() });
/**
 * Result of `generation.get-status`: `unknown` when no job has that id yet (the SPA opens the progress
 * stream before it posts the generation), else the job's status, with the images it kept and the
 * user's text of a failure.
 */
export const getGenerationStatusResultSchema = z.object({
  status: z.enum(['unknown', ...GENERATION_STATUSES]),
  imageCount: z.number().int().min(0),
  message: z.string().nullable(),
});
export type GenerationStatusResult = z.infer<typeof getGenerationStatusResultSchema>;

/** Payload of `generation.get-image`: the owner's image by job and index (404 for anyone else). */
export const getGeneratedImageJobSchema = z.object({
  userId: z.string().uuid(),
  jobId: z.string().uuid(),
  index: z
    .number()
    .int()
    .min(0)
    .max(VARIATIONS.max - 1),
});
/**
 * Where the image is stored and its size in bytes, and where its unmatched-lines overlay is (null
 * when it has none); the gateway streams either from object storage.
 */
export const getGeneratedImageResultSchema = z.object({
  key: z.string(),
  contentType: z.literal('image/jpeg'),
  bytes: z.number().int().min(0),
  overlayKey: z.string().nullable().default(null),
});

/** Payload of `generation.sweep-inputs` (scheduled): inputs older than this many seconds are candidates. */
export const sweepGenerationInputsJobSchema = z.object({ olderThanSeconds: z.number().int().min(0) });
/**
 * Result of `generation.sweep-inputs`: how many inputs were old enough, how many of those were
 * removed, and how many generations left pending past their credit reservation were failed (their
 * inputs and images removed with them).
 */
export const sweepGenerationInputsResultSchema = z.object({
  examined: z.number().int().min(0),
  removed: z.number().int().min(0),
  lapsed: z.number().int().min(0),
});

/** A stored input of a recipe: its name and the SHA-256 of its bytes (hex). */
const recipeImageSchema = z.object({ fileName: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * What made a generation, kept so that it can be run again without uploading anything: the sketch
 * and references (by content hash), the controls, the provider, its model and the seed.
 */
export const generationRecipeSchema = z.object({
  sketch: recipeImageSchema,
  references: z.array(recipeImageSchema),
  styleDescription: z.string(),
  sketchDescription: z.string().nullable(),
  provider: z.enum(GENERATION_PROVIDERS),
  model: z.string().nullable(),
  seed: z.number().int().min(0).nullable(),
  sketchInfluence: z.number().int().min(0).max(100),
  aspectRatio: z.enum(ASPECT_RATIOS),
  lighting: z.string(),
  detailLevel: z.string(),
  variations: z.number().int().min(1),
  /** The analysis its style came from ("Use as style"); null or absent when none. */
  sourceAnalysisId: z.string().uuid().nullable().optional(),
});
export type GenerationRecipe = z.infer<typeof generationRecipeSchema>;

/** Key of a recipe's stored input: `recipes/<userId>/<sha256>.<ext>`, one object per content, shared by every generation made from it. */
export function recipeObjectKey(userId: string, sha256: string, extension: string): string {
  return `recipes/${userId}/${sha256}.${extension}`;
}

/**
 * `GET /api/generations/{jobId}`: one generation whole, for its owner: its state, credits, images
 * (download URLs, `generationImagePath`) and what it answered with (`metadata`, null until it
 * succeeded); `message` is the user's text of a failure.
 */
export const generationDetailSchema = z.object({
  id: z.string().uuid(),
  status: generationStatusSchema,
  provider: z.enum(GENERATION_PROVIDERS),
  creditsUsed: z.number().int().min(0),
  createdAt: z.string(),
  /** The style description it was asked for. */
  styleDescription: z.string(),
  seed: z.number().int().min(0).nullable(),
  images: z.array(generatedImageSchema),
  metadata: generationMetadataSchema.nullable(),
  message: z.string().nullable(),
  /** What made it; null for a generation that failed or kept none. */
  recipe: generationRecipeSchema.nullable(),
  /** The generation it ran again, and those that ran it again (lineage). */
  parentId: z.string().uuid().nullable(),
  childrenIds: z.array(z.string().uuid()),
  /** Whether it offers Retry free (`FREE_RETRY_STATES`). */
  freeRetry: freeRetryStateSchema,
});
export type GenerationDetail = z.infer<typeof generationDetailSchema>;

/** Payload of `generation.get` and `generation.delete`: the owner's job (404 for anyone else). */
export const generationItemJobSchema = z.object({ userId: z.string().uuid(), jobId: z.string().uuid() });
/** Result of `generation.get`. */
export const getGenerationResultSchema = generationDetailSchema;

/**
 * Payload of `generation.prepare-rerun`: the owner's generation to run again; `freeRetry` when it
 * is for Retry free, refused before anything is copied unless the generation offers it.
 */
export const prepareRerunJobSchema = z.object({ userId: z.string().uuid(), jobId: z.string().uuid(), freeRetry: z.boolean().optional() });

/**
 * `POST /api/generations/{jobId}/retry-free` body, optional: the new job's id, chosen by the SPA so
 * that it can open the new job's progress stream before it asks (a new one when absent).
 */
export const retryFreeRequestSchema = z.strictObject({
  jobId: z.string({ error: 'jobId must be a UUID.' }).uuid({ error: 'jobId must be a UUID.' }).optional(),
});
export type RetryFreeRequest = z.infer<typeof retryFreeRequestSchema>;
/** Result of `generation.prepare-rerun`: fresh copies of its inputs (as an upload would store them), its controls and its seed. */
export const prepareRerunResultSchema = z.object({
  sketch: storedInputSchema,
  references: z.array(storedInputSchema).max(MAX_REFERENCE_IMAGES),
  options: generateFieldsSchema.omit({ jobId: true, sourceAnalysisId: true }),
  seed: z.number().int().min(0).nullable(),
  /** The analysis its style came from, kept by the new generation too; null or absent when none. */
  sourceAnalysisId: z.string().uuid().nullable().optional(),
});
export type PrepareRerunResult = z.infer<typeof prepareRerunResultSchema>;

/** Result of `generation.export-items`: every generation of the user's, whole, with the keys of its renders in index order. */
export const generationExportSchema = z.object({
  generations: z.array(generationDetailSchema.omit({ images: true }).extend({ imageKeys: z.array(z.string()) })),
});
