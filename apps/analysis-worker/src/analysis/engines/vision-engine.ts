import type { AnalysisEngine, AnalysisText } from '@archlens/contracts/analysis';

/**
 * One photo of an analysis: its bytes, or a promise of them while they are still being read from
 * object storage, so that reading overlaps the engine's work (the offline engine measures each
 * photo as soon as it arrives). A rejected source is the storage client's error. An engine may stop
 * before it awaits every source, so whoever creates the promises handles their rejections (see
 * `AnalysisService.analyse`).
 */
export type ImageSource = Buffer | PromiseLike<Buffer>;

/**
 * The vision-text port (ARCHITECTURE.md "Engines behind interfaces"): turns the photos of one
 * analysis into the analysis text.
 *
 * Every implementation must return text that satisfies `analysisTextSchema` (exactly 88 words by
 * `countWords`, British spelling, at least four `## ` sections, 5 to 12 lower-case tags) or throw
 * `AnalysisEngineError`; it never returns another word count.
 */
export interface VisionEngine {
  /** Which engine wrote the text; shown by the API and the UI. */
  readonly name: AnalysisEngine;
  /** Model identifier stored with the analysis (for the offline engine, its version). */
  readonly model: string;
  /**
   * @param images the original uploaded files (JPEG, PNG or WebP bytes), 1 to 10, in upload order
   * @throws AnalysisEngineError when no valid text can be produced; a rejected source's own error
   */
  analyse(images: readonly ImageSource[]): Promise<AnalysisText>;
}

/** A failure of an engine that the user should read as the job's error message. */
export class AnalysisEngineError extends Error {
  override readonly name = 'AnalysisEngineError';
}
