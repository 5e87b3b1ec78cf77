import type { AnalysisEngine } from '@archlens/contracts/analysis';
import type { SketchReadingText } from '@archlens/contracts/sketch';

/**
 * The sketch-reading port, the sketch counterpart of `VisionEngine`: turns the sketches of one
 * request into a summary, detailed points and the drawing type.
 *
 * Every implementation returns text that satisfies `sketchReadingTextSchema` (a summary, 3 to 12
 * points, a drawing type) in British English, or throws.
 */
export interface SketchEngine {
  /** Which engine wrote the reading; shown by the API and the UI. */
  readonly name: AnalysisEngine;
  /** Model identifier stored with the reading (for the offline engine, its version). */
  readonly model: string;
  /**
   * @param sketches the uploaded files (JPEG, PNG or WebP bytes), 1 to 3 (spec §9), in field order
   * @throws UndecodableImageError when a sketch's pixels cannot be decoded (truncated, corrupt);
   *   AnalysisEngineError when the model gives no valid reading or cannot be reached
   */
  read(sketches: readonly Buffer[]): Promise<SketchReadingText>;
}
