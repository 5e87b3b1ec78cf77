import type { GenerationOptions, GenerationProvider } from '@archlens/contracts/generation';

/**
 * The image-generation port, behind which every provider sits (a missing key switches only that
 * provider off): image providers (`openai`, `stability-ai`) render pictures from the sketch; workflow providers (`sora`,
 * `midjourney`) make no call and write the prompt and steps the architect takes to the tool.
 */

/** One input image, read back from object storage. */
export interface ProviderInputImage {
  bytes: Buffer;
  /** The name the user gave it (for the provider's multipart part). */
  fileName: string;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/** One image as the provider answered it (any format it chose; stored as JPEG afterwards). */
export interface RenderedImage {
  /** 0-based variation index, one of `RenderRequest.indexes`. */
  index: number;
  bytes: Buffer;
  /** The seed the provider reports for it; null when it takes no seed. */
  seed: number | null;
}

/** What an image provider is asked to render. */
export interface RenderRequest {
  options: GenerationOptions;
  /** The combined prompt (`buildGenerationPrompt`). */
  prompt: string;
  sketch: ProviderInputImage;
  /** Up to 4 reference images (spec §9). */
  references: ProviderInputImage[];
  /**
   * The variation indexes still to render, ascending: those without a stored image (a job resumed
   * after its worker died asks only for these).
   */
  indexes: number[];
  /**
   * Called once per image as soon as the provider has answered it; the provider waits for it, so an
   * image is stored and recorded before the next one is handed over.
   */
  onImage(image: RenderedImage): Promise<void>;
}

/** What the result's metadata says about an image provider's call. */
export interface ImageCallDescription {
  /** Model or endpoint that makes the images. */
  model: string;
  /** Pixel size asked for (`1536x1024`), or null. */
  size: string | null;
  seedSupported: boolean;
}

/** A provider that renders images (paid: credits are reserved before it is called). */
export interface ImageProvider {
  readonly kind: 'image';
  readonly name: Extract<GenerationProvider, 'openai' | 'stability-ai'>;
  /** False without its API key: a generation with it fails fast with 503 'not configured'. */
  readonly configured: boolean;
  describe(options: GenerationOptions): ImageCallDescription;
  /**
   * Renders `request.indexes`, handing each image to `request.onImage` as it arrives.
   * @throws ProviderError with the provider's own message (its 4xx/5xx text, or a timeout), which
   *   the user reads; whatever `onImage` throws
   */
  render(request: RenderRequest): Promise<void>;
}

/** A workflow provider's result (spec §3 metadata fields). */
export interface WorkflowResult {
  integratedWorkflow: boolean;
  soraPrompt?: string;
  soraInstructions?: string[];
  midjourneyPrompt?: string;
  midjourneyInstructions?: string[];
  /** Whether the tool takes the seed asked for (Midjourney's `--seed`). */
  seedSupported: boolean;
}

/** What a workflow provider writes from. */
export interface WorkflowRequest {
  options: GenerationOptions;
  /** The combined prompt (`buildGenerationPrompt`). */
  prompt: string;
  /** How many reference images came with the sketch. */
  referenceCount: number;
}

/** A provider that makes no image call (free: nothing is reserved, creditsUsed 0). */
export interface WorkflowProvider {
  readonly kind: 'workflow';
  readonly name: Extract<GenerationProvider, 'sora' | 'midjourney'>;
  workflow(request: WorkflowRequest): WorkflowResult;
}

export type GenerationProviderAdapter = ImageProvider | WorkflowProvider;

/** Longest provider message passed on to the user, in characters. */
export const MAX_PROVIDER_MESSAGE_CHARS = 500;

/**
 * A provider refused or failed: `message` is the provider's own text (or ours for a timeout or an
 * unreachable host), trimmed, and is what the user reads with the 502 'Generation Failed'.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  /**
   * @param message the user's text (trimmed to `MAX_PROVIDER_MESSAGE_CHARS`)
   * @param httpStatus the provider's HTTP status, when it answered
   * @param cause the underlying error, for the worker's log only
   */
  constructor(
    message: string,
    readonly httpStatus?: number,
    cause?: unknown,
  ) {
    super(trimProviderMessage(message), cause === undefined ? undefined : { cause });
  }
}

/** One line of at most `MAX_PROVIDER_MESSAGE_CHARS` characters (whitespace collapsed; an ellipsis when cut). */
export function trimProviderMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_PROVIDER_MESSAGE_CHARS ? line : `${line.slice(0, MAX_PROVIDER_MESSAGE_CHARS - 1).trimEnd()}…`;
}
