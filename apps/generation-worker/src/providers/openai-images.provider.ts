import OpenAI, { toFile } from 'openai';
import type { AspectRatio, DetailLevel, GenerationOptions } from '@archlens/contracts/generation';
import {
  ProviderError,
  type ImageCallDescription,
  type ImageProvider,
  type ProviderInputImage,
  type RenderRequest,
} from './image-provider.js';

/** The three sizes every GPT image model offers (OpenAI Images API). */
export type OpenAiImageSize = '1536x1024' | '1024x1024' | '1024x1536';

/**
 * The size closest to the aspect ratio among the model's three: landscape 1536x1024 for
 * 16:9 and 3:2 (3:2 exactly; 16:9 is the nearest landscape size), square for 1:1, portrait
 * 1024x1536 for A4 portrait (1:1.41; 2:3 is the nearest portrait size).
 */
export function openAiImageSize(aspectRatio: AspectRatio): OpenAiImageSize {
  switch (aspectRatio) {
    case '16:9':
    case '3:2':
      return '1536x1024';
    case '1:1':
      return '1024x1024';
    case 'A4_portrait':
      return '1024x1536';
  }
}

/** Input fidelity from sketch influence: 80 or more ('Very high adherence', spec §9) is `high`, below is `low`. */
export function openAiInputFidelity(sketchInfluence: number): 'high' | 'low' {
  return sketchInfluence >= 80 ? 'high' : 'low';
}

/** The image quality asked for, from the detail level (spec §9 low, medium, high → the API's low, medium, high). */
export function openAiQuality(detailLevel: DetailLevel): 'low' | 'medium' | 'high' {
  return detailLevel;
}

/** Whether the model is a GPT image model (takes `output_format`, `quality`, `input_fidelity`), not DALL·E. */
function isGptImageModel(model: string): boolean {
  return !model.startsWith('dall-e');
}

/** The images edit request body for `options` (what the loopback tests check field by field). */
export function openAiEditParameters(model: string, options: GenerationOptions, prompt: string, n: number) {
  return {
    model,
    prompt,
    n,
    size: openAiImageSize(options.aspectRatio),
    quality: openAiQuality(options.detailLevel),
    input_fidelity: openAiInputFidelity(options.sketchInfluence),
    ...(isGptImageModel(model) ? { output_format: 'jpeg' as const } : {}),
  };
}

/**
 * OpenAI's Images edit API through the `openai` SDK: the sketch first, then up to
 * 4 reference images as `image[]` inputs, the combined prompt, `n` = the variations still missing,
 * the size closest to the aspect ratio, quality from the detail level and input fidelity from the
 * sketch influence. The API takes no seed: the metadata says `seedSupported: false` and every seed
 * is null. One call answers every image; each is handed over as soon as the call returns.
 */
export class OpenAiImagesProvider implements ImageProvider {
  readonly kind = 'image' as const;
  readonly name = 'openai' as const;
  readonly configured: boolean;
  readonly model: string;
  private readonly client?: OpenAI;

  /**
   * @param settings the key (none: not configured), an optional API base (a loopback stand-in in
   *   tests) and the model; `timeoutMs` bounds each call
   */
  constructor(
    settings: { apiKey?: string; baseURL?: string; model: string },
    private readonly timeoutMs: number,
  ) {
    this.model = settings.model;
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      // No SDK retries (the job is the unit of retry); the SDK's own timeout is only a backstop of the deadline in `render`.
      this.client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0, timeout: timeoutMs + 5_000 });
    }
  }

  /** The call as the metadata reports it: the model, `openAiImageSize` of the ratio, no seed. */
  describe(options: GenerationOptions): ImageCallDescription {
    return { model: this.model, size: openAiImageSize(options.aspectRatio), seedSupported: false };
  }

  /** @throws ProviderError with OpenAI's `error.message` (4xx/5xx), or our text for a timeout or an unreachable API */
  async render(request: RenderRequest): Promise<void> {
    if (!this.client) throw new ProviderError('OpenAI image generation is not configured.');
    if (request.indexes.length === 0) return;
    const images = await Promise.all([request.sketch, ...request.references].map((image, i) => asUpload(image, i)));
    let response: OpenAI.ImagesResponse;
    // Our own deadline: the SDK's timeout is not told apart from a dropped connection once a
    // multipart body has been streamed; this signal's abort always is.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      response = await this.client.images.edit(
        { ...openAiEditParameters(this.model, request.options, request.prompt, request.indexes.length), image: images },
        { signal: deadline },
      );
    } catch (error) {
      throw toProviderError(deadline.aborted ? new OpenAI.APIConnectionTimeoutError() : error, this.timeoutMs);
    }
    const data = response.data ?? [];
    if (data.length < request.indexes.length) {
      throw new ProviderError(`OpenAI returned ${data.length} image(s) where ${request.indexes.length} were asked for.`);
    }
    for (const [position, index] of request.indexes.entries()) {
      const b64 = data[position]?.b64_json;
      if (!b64) throw new ProviderError('OpenAI returned an image without its data.');
      await request.onImage({ index, bytes: Buffer.from(b64, 'base64'), seed: null });
    }
  }
}

/** One input as a named multipart file (`sketch.png`, `reference-1.jpg`, …). */
function asUpload(image: ProviderInputImage, position: number) {
  const extension = image.mimeType === 'image/jpeg' ? 'jpg' : image.mimeType.slice('image/'.length);
  return toFile(image.bytes, `${position === 0 ? 'sketch' : `reference-${position}`}.${extension}`, { type: image.mimeType });
}

/** The SDK's error → the user's text: OpenAI's own `error.message`, or ours for a timeout or no connection. */
export function toProviderError(error: unknown, timeoutMs: number): ProviderError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError(`OpenAI did not answer within ${Math.round(timeoutMs / 1000)} s.`, undefined, error);
  }
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError('OpenAI could not be reached.', undefined, error);
  if (error instanceof OpenAI.APIError) {
    const body = error.error as { message?: unknown } | undefined;
    const status: number | undefined = typeof error.status === 'number' ? error.status : undefined;
    const message =
      typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : `OpenAI answered HTTP ${status ?? 'an error'}.`;
    return new ProviderError(message, status, error);
  }
  return new ProviderError('OpenAI image generation failed.', undefined, error);
}
