import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { MAX_SEED, type AspectRatio, type GenerationOptions } from '@archlens/contracts/generation';
import { ProviderError, type ImageCallDescription, type ImageProvider, type RenderRequest } from './image-provider.js';

/** Stability AI's sketch-control endpoint, under `STABILITY_API_BASE`. */
export const STABILITY_SKETCH_PATH = '/v2beta/stable-image/control/sketch';

/**
 * What the renders should not show (Stability's `negative_prompt`): the usual faults of a
 * sketch-to-render pass.
 */
export const STABILITY_NEGATIVE_PROMPT =
  'blurry, low quality, distorted perspective, warped lines, extra floors, cartoon, illustration, sketch lines, text, watermark, signature';

/**
 * The canvas the sketch is fitted into (white margins, never cropped) before it is sent, about one
 * megapixel with sides that are multiples of 64: the endpoint answers in its input's proportions, so
 * this is how the aspect ratio reaches it. 16:9 → 1344x768 (1.75), 3:2 → 1216x832 (1.46), 1:1 →
 * 1024x1024, A4 portrait → 832x1216 (1:1.46; A4 is 1:1.41).
 */
export function stabilityCanvas(aspectRatio: AspectRatio): { width: number; height: number } {
  switch (aspectRatio) {
    case '16:9':
      return { width: 1344, height: 768 };
    case '3:2':
      return { width: 1216, height: 832 };
    case '1:1':
      return { width: 1024, height: 1024 };
    case 'A4_portrait':
      return { width: 832, height: 1216 };
  }
}

/** `control_strength` = sketch influence / 100 (0 to 1), as the form field's text. */
export function stabilityControlStrength(sketchInfluence: number): string {
  return String(sketchInfluence / 100);
}

/**
 * The seed of each call: with a seed asked for, `seed + index` (wrapping past `MAX_SEED`), so
 * 'Regenerate with this seed' gives the same set; without one, a random seed per call (0 to
 * `MAX_SEED`), reported with the image.
 */
export function stabilitySeed(seed: number | undefined, index: number, random: () => number = () => randomInt(0, MAX_SEED + 1)): number {
  return seed === undefined ? random() : (seed + index) % (MAX_SEED + 1);
}

/** The sketch fitted into `stabilityCanvas` on white, as PNG (lines stay crisp). */
export async function fitSketch(sketch: Buffer, aspectRatio: AspectRatio): Promise<Buffer> {
  const { width, height } = stabilityCanvas(aspectRatio);
  return sharp(sketch, { limitInputPixels: 50_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width, height, fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
}

/**
 * Stability AI's sketch control: `POST {STABILITY_API_BASE}/v2beta/stable-image/control/sketch`,
 * multipart `image` (the sketch fitted to the aspect ratio), `prompt`, `negative_prompt`,
 * `control_strength` (sketch influence / 100), `seed` and `output_format=jpeg`, with
 * `Authorization: Bearer <STABILITY_API_KEY>` and `Accept: image/*`: one call per variation, all
 * at once, each image handed over as its call returns. The seed used comes back in the `seed` header.
 * Reference images are not sent: the endpoint takes one control image (the style comes from the prompt).
 */
export class StabilitySketchProvider implements ImageProvider {
  readonly kind = 'image' as const;
  readonly name = 'stability-ai' as const;
  readonly configured: boolean;

  /**
   * @param settings the key (none: not configured) and the API origin (a loopback stand-in in tests)
   * @param timeoutMs bounds each call
   */
  constructor(
    private readonly settings: { apiKey?: string; apiBase: string },
    private readonly timeoutMs: number,
  ) {
    this.configured = Boolean(settings.apiKey);
  }

  /**
   * The call as the metadata reports it: the endpoint `stable-image/control/sketch`, the canvas the
   * sketch is fitted into (`stabilityCanvas`, as `WIDTHxHEIGHT` px) and `seedSupported: true`.
   */
  describe(options: GenerationOptions): ImageCallDescription {
    const { width, height } = stabilityCanvas(options.aspectRatio);
    return { model: 'stable-image/control/sketch', size: `${width}x${height}`, seedSupported: true };
  }

  /**
   * @throws ProviderError with Stability's `errors[]` or `message` (4xx/5xx), its content filter's
   *   refusal, or our text for a timeout or an unreachable API (the first failure of the calls, once
   *   every call has settled)
   */
  async render(request: RenderRequest): Promise<void> {
    if (!this.settings.apiKey) throw new ProviderError('Stability AI image generation is not configured.');
    const image = await fitSketch(request.sketch.bytes, request.options.aspectRatio).catch((error: unknown) => {
      throw new ProviderError('The sketch could not be prepared for Stability AI.', undefined, error);
    });
    const calls = request.indexes.map(async (index) => {
      const seed = stabilitySeed(request.options.seed, index);
      const answer = await this.call(image, request, seed);
      await request.onImage({ index, bytes: answer.bytes, seed: answer.seed ?? seed });
    });
    const settled = await Promise.allSettled(calls);
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  /** One variation. @returns the image bytes and the seed Stability reports (null when the header is missing) */
  private async call(image: Buffer, request: RenderRequest, seed: number): Promise<{ bytes: Buffer; seed: number | null }> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'sketch.png');
    form.append('prompt', request.prompt);
    form.append('negative_prompt', STABILITY_NEGATIVE_PROMPT);
    form.append('control_strength', stabilityControlStrength(request.options.sketchInfluence));
    form.append('seed', String(seed));
    form.append('output_format', 'jpeg');
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiBase}${STABILITY_SKETCH_PATH}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.settings.apiKey}`, Accept: 'image/*' },
        body: form,
        signal: deadline,
      });
    } catch (error) {
      throw toStabilityConnectionError(error, this.timeoutMs, deadline.aborted);
    }
    let body: Buffer;
    try {
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw toStabilityConnectionError(error, this.timeoutMs, deadline.aborted);
    }
    if (!response.ok) throw new ProviderError(stabilityErrorMessage(response.status, body), response.status);
    const finishReason = response.headers.get('finish-reason');
    if (finishReason && finishReason !== 'SUCCESS') {
      throw new ProviderError(
        finishReason === 'CONTENT_FILTERED'
          ? 'Stability AI withheld an image: its content filter flagged it.'
          : `Stability AI stopped an image early (${finishReason}).`,
      );
    }
    if (body.length === 0) throw new ProviderError('Stability AI returned an empty image.');
    const reported = Number(response.headers.get('seed'));
    return { bytes: body, seed: response.headers.has('seed') && Number.isInteger(reported) && reported >= 0 ? reported : null };
  }
}

/**
 * A timeout or a connection failure → our text (there is no provider text). Whether the deadline
 * passed is asked of its signal: with a multipart body undici reports the abort as a plain "fetch failed".
 */
function toStabilityConnectionError(error: unknown, timeoutMs: number, timedOut: boolean): ProviderError {
  const name = error instanceof Error ? error.name : '';
  if (timedOut || name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError(`Stability AI did not answer within ${Math.round(timeoutMs / 1000)} s.`, undefined, error);
  }
  return new ProviderError('Stability AI could not be reached.', undefined, error);
}

/**
 * Stability's error body → the user's text: `errors[]` joined, else `message`, else `name`, else
 * the HTTP status (its JSON error shape: `{id, name, errors: [..]}`).
 */
export function stabilityErrorMessage(status: number, body: Buffer): string {
  try {
    const json = JSON.parse(body.toString('utf8')) as { errors?: unknown; message?: unknown; name?: unknown };
    const errors = Array.isArray(json.errors) ? json.errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '') : [];
    if (errors.length > 0) return errors.join('; ');
    if (typeof json.message === 'string' && json.message.trim() !== '') return json.message;
    if (typeof json.name === 'string' && json.name.trim() !== '') return json.name;
  } catch {
    // not JSON: fall through
  }
  return `Stability AI answered HTTP ${status}.`;
}
