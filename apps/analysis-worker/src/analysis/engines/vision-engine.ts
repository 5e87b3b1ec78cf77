import type { AnalysisEngine, AnalysisText } from '@archlens/contracts/analysis';
import { DomainError } from '@archlens/platform/messaging';

/**
 * The vision-text port: turns the photos of one analysis into the analysis text.
 *
 * Every implementation must return text that satisfies `analysisTextSchema` (exactly 88 words by
 * `countWords`, British spelling, at least four `## ` sections, 5 to 12 lower-case tags) or throw;
 * it never returns another word count.
 */
export interface VisionEngine {
  /** Which engine wrote the text; shown by the API and the UI. */
  readonly name: AnalysisEngine;
  /** Model identifier stored with the analysis (for the offline engine, its version). */
  readonly model: string;
  /**
   * @param images the original uploaded files (JPEG, PNG or WebP bytes), 1 to 10, in upload order
   * @throws UndecodableImageError when a photo's pixels cannot be decoded (truncated, corrupt);
   *   AnalysisEngineError when the model gives no valid text or cannot be reached
   */
  analyse(images: readonly Buffer[]): Promise<AnalysisText>;
}

/** `DomainError`'s constructor for the one code a vision engine refuses with, so that a class can extend it. */
const EngineFailure: new (code: 'analysis.engine-failed', params: { reason: string }, options?: ErrorOptions) => DomainError = DomainError;

/**
 * A failure of the vision model that the user should read (spec §8 'Analysis Failed' shows it):
 * the refusal `analysis.engine-failed` with a reason written by us, never the SDK's own text.
 */
export class AnalysisEngineError extends EngineFailure {
  /**
   * @param reason the sentence the user reads
   * @param cause the SDK's error, logged by the worker host, never sent to the client
   */
  constructor(reason: string, cause?: unknown) {
    super('analysis.engine-failed', { reason }, cause === undefined ? undefined : { cause });
  }
}

/** Photo number `index` (0-based, upload order) has a readable header but pixels that do not decode. */
export class UndecodableImageError extends Error {
  override readonly name = 'UndecodableImageError';
  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(`Image ${index + 1} could not be decoded: ${reason}`);
  }
}
