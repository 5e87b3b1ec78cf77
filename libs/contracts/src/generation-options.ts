import { BASE_PROMPT, designLanguageOnly } from './clipboard-text.js';
import { errorText } from './errors.js';
import { API_PATHS } from './paths.js';

/**
 * Image Generation's business constants and the prompt it sends (spec §2 /create, §5,
 * §8, §9). No zod here: /create's controls, the credits meter and the combined-prompt panel read
 * these without loading any schema; `./generation` builds the request and job schemas on them.
 */

/** Spec §9: reference images, up to 4. */
export const MAX_REFERENCE_IMAGES = 4;

/** Spec §9 aspect ratios; 16:9 is the default. */
export const ASPECT_RATIOS = ['16:9', '3:2', '1:1', 'A4_portrait'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Spec §9 providers; sora is the default (it needs no key, so it works on a fresh machine). */
export const GENERATION_PROVIDERS = ['sora', 'openai', 'stability-ai', 'midjourney'] as const;
export type GenerationProvider = (typeof GENERATION_PROVIDERS)[number];
/** Providers that make no image call and answer with a prompt workflow. */
export const WORKFLOW_PROVIDERS = ['sora', 'midjourney'] as const satisfies readonly GenerationProvider[];
/**
 * True for `sora` and `midjourney` (`WORKFLOW_PROVIDERS`): providers that make no
 * image call, reserve no credits and answer with a prompt workflow (spec §2 /create workflow view).
 */
export function isWorkflowProvider(provider: GenerationProvider): provider is (typeof WORKFLOW_PROVIDERS)[number] {
  return (WORKFLOW_PROVIDERS as readonly string[]).includes(provider);
}

/** Spec §9 detail levels; medium is the default. */
export const DETAIL_LEVELS = ['low', 'medium', 'high'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

/** Spec §9 lighting; golden_hour is the default. */
export const LIGHTING_OPTIONS = ['golden_hour', 'day_soft', 'overcast', 'evening'] as const;
export type Lighting = (typeof LIGHTING_OPTIONS)[number];

/** Spec §5, §9: sketch influence 0 to 100 in steps of 5, default 75. */
export const SKETCH_INFLUENCE = { min: 0, max: 100, step: 5, default: 75 } as const;

/** Spec §9: variations default 1; the 'Variations' action sets 4 and regenerates. */
export const VARIATIONS = { min: 1, max: 4, default: 1, onVariationsAction: 4 } as const;

/** Largest seed accepted (Stability AI's range is 0 to 4,294,967,294). */
export const MAX_SEED = 4_294_967_294;

/** The controls' defaults (spec §9). */
export const GENERATION_DEFAULTS = {
  aspectRatio: '16:9',
  provider: 'sora',
  detailLevel: 'medium',
  lighting: 'golden_hour',
  sketchInfluence: SKETCH_INFLUENCE.default,
  variations: VARIATIONS.default,
} as const satisfies {
  aspectRatio: AspectRatio;
  provider: GenerationProvider;
  detailLevel: DetailLevel;
  lighting: Lighting;
  sketchInfluence: number;
  variations: number;
};

/** Spec §9 credit costs as shown on /create: basic 10, high detail +5, variation 8, upscale 6. */
export const CREDIT_COSTS_SHOWN = { basic: 10, highDetail: 5, variation: 8, upscale: 6 } as const;

/**
 * Spec §9: estimated cost = the larger of 10 and (variations × (15 if high detail, else 10)). The
 * credits reserved before any provider call, and captured on success.
 * @param variations 1 to 4
 */
export function estimateGenerationCost(variations: number, detailLevel: DetailLevel): number {
  return Math.max(10, variations * (detailLevel === 'high' ? 15 : 10));
}

/** Spec §9: 80 or more = very high adherence, 50 or more = moderate, below = loose inspiration. */
export function sketchInfluenceLabel(influence: number): 'Very high adherence' | 'Moderate' | 'Loose inspiration' {
  if (influence >= 80) return 'Very high adherence';
  if (influence >= 50) return 'Moderate';
  return 'Loose inspiration';
}

/** Spec §5, §8 texts of /create, word for word where the spec writes them. */
export const GENERATION_MESSAGES = {
  proRequiredTitle: 'Pro Subscription Required',
  /** `POST /api/generate` for a user whose subscription is not active. */
  proRequired: errorText('generation.pro-required'),
  sketchRequiredTitle: 'Sketch Required',
  sketchRequired: 'Please upload a sketch to generate images.',
  styleRequiredTitle: 'Style Description Required',
  styleRequired: 'Please provide a style description for better results.',
  failedTitle: 'Generation Failed',
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'There was an error downloading the image. Please try again.',
  upscaleTitle: 'Coming Soon',
  upscale: 'Image upscaling will be available in a future update.',
  sketchAnalysisUnavailable: 'Unable to analyze sketch at this time.',
  sketchAnalysisError: 'Error analyzing sketch.',
  /** openai or stability-ai with no key fails fast with this, and nothing is charged. */
  providerNotConfigured: (provider: 'openai' | 'stability-ai') => errorText('generation.provider-not-configured', { provider }),
  /** A generation id the user does not own, or that does not exist (the same text for both). */
  notFound: errorText('generation.not-found'),
} as const;

/** Spec §4 generation status display. */
export const GENERATION_STATUS_LABELS = { succeeded: 'Completed', failed: 'Failed', pending: 'In Progress' } as const;

/** Phrases the prompt uses for each lighting option. */
const LIGHTING_PHRASES: Record<Lighting, string> = {
  golden_hour: 'warm golden-hour sunlight with long soft shadows',
  day_soft: 'soft, even daylight',
  overcast: 'diffuse overcast light',
  evening: 'evening light with the interior lit and a deep blue sky',
};

/** Phrases the prompt uses for each detail level. */
const DETAIL_PHRASES: Record<DetailLevel, string> = {
  low: 'a clean, simplified rendering',
  medium: 'a detailed photorealistic rendering',
  high: 'a hyper-detailed photorealistic rendering with precise materials and textures',
};

/**
 * How each aspect ratio is named in a prompt's prose: in words, since the ratio itself travels as
 * a parameter (the OpenAI size, Stability's aspect_ratio, Midjourney's `--ar`, Sora's setting).
 */
const FRAME_PHRASES: Record<AspectRatio, string> = {
  '16:9': 'a wide landscape frame',
  '3:2': 'a landscape frame',
  '1:1': 'a square frame',
  A4_portrait: 'a tall portrait frame',
};

/** Spec §2: the combined prompt's inputs (structure from the sketch, style from the user, and the controls). */
export interface GenerationPromptInput {
  /** The sketch reading's summary (structure); empty when none was read. */
  sketchDescription: string;
  styleDescription: string;
  lighting: Lighting;
  detailLevel: DetailLevel;
  aspectRatio: AspectRatio;
}

/**
 * The combined prompt (spec §2 /create: structure from the sketch plus style from the user), built
 * the same way for the combined-prompt panel and for every provider, so what the architect reads is
 * what is sent. The base sentence is the Working Clipboard's (spec §3). It carries design language
 * only: the sketch reading's and the style's Measurements are left out (`designLanguageOnly`), and
 * the controls are named in words; their values travel as each provider's parameters.
 */
export function buildGenerationPrompt(input: GenerationPromptInput): string {
  const structure = designLanguageOnly(input.sketchDescription);
  const parts = [BASE_PROMPT, designLanguageOnly(input.styleDescription)];
  if (structure) parts.push(`Keep the structure the sketch shows: ${structure}`);
  parts.push(
    `Render it as ${DETAIL_PHRASES[input.detailLevel]}, in ${LIGHTING_PHRASES[input.lighting]}, composed for ${FRAME_PHRASES[input.aspectRatio]}.`,
  );
  return parts.filter((part) => part.length > 0).join('\n\n');
}

/** How an aspect ratio reads in prompts and controls ('A4_portrait' → 'A4 portrait'). */
export function aspectRatioLabel(aspectRatio: AspectRatio): string {
  return aspectRatio === 'A4_portrait' ? 'A4 portrait' : aspectRatio;
}

/** `GET /api/download/{jobId}/{index}` for one generated image (the url each result image carries). */
export function generationImagePath(jobId: string, index: number): string {
  return API_PATHS.downloadGeneratedImage.replace(':jobId', encodeURIComponent(jobId)).replace(':index', String(index));
}

/** `GET /api/generations/{jobId}/{index}/fidelity-overlay`: the PNG of the sketch's lines one render did not keep. */
export function fidelityOverlayPath(jobId: string, index: number): string {
  return API_PATHS.generationFidelityOverlay.replace(':jobId', encodeURIComponent(jobId)).replace(':index', String(index));
}

/** `GET /api/generations/{jobId}/events`: the job's progress as server-sent events. */
export function generationEventsPath(jobId: string): string {
  return API_PATHS.generationEvents.replace(':jobId', encodeURIComponent(jobId));
}

/** Spec §7: a downloaded image is saved as a numbered `.jpg` (1-based, as the grid shows them). */
export function generationDownloadFileName(index: number): string {
  return `archlens-render-${index + 1}.jpg`;
}

/**
 * Below this sketch-fidelity score a render is marked "geometry drift": it lost the sketch's
 * geometry. From the calibration set of the fixture sketches (docs/architecture.md, "Sketch
 * fidelity"): renders that kept the geometry scored 56 to 99, those that did not 8 to 26.
 */
export const GEOMETRY_DRIFT_BELOW = 40;
