import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import type { AnalyzeSketchResponse } from '@archlens/contracts/sketch';
import { Route } from '../access/route.decorator.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import type { StoredOriginal } from '../uploads/originals.storage-engine.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { PhotoUploadInterceptor, SketchUploadInterceptor } from './analysis-uploads.js';
import { AnalysisService } from './analysis.service.js';

/** Spec §7: `POST /api/analyze`, `POST /api/analyze-sketch` and `GET /api/analyses`. */
@Controller()
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  /**
   * `POST /api/analyze`, multipart field `images` (1 to 10 photos, spec §9) → 200
   * `{primaryDescription, expandedDescription, tags, engine, …}`. 4xx for refused uploads (nothing
   * kept, nothing queued), 422 for a photo that does not decode, 429 past the per-user limits,
   * 503 when busy or a service is down, 504 on timeout, 502 when the vision model fails.
   */
  @Route('analyze')
  @UseInterceptors(AnalysisSlotsInterceptor, PhotoUploadInterceptor)
  async analyze(@CurrentUserId() userId: string, @UploadedFiles() originals: StoredOriginal[] | undefined): Promise<AnalyzeResponse> {
    return this.analysis.analyse(userId, originals);
  }

  /**
   * `POST /api/analyze-sketch`, multipart fields `image0`, `image1`, `image2` (one file each) or a
   * single `sketch`: 1 to 3 sketches (spec §9) → 200 `{description, details, drawingType, engine,
   * durationMs, …}`. The same checks, storage and per-user limits as photos: 400 (`Please select up
   * to 3 images only.`, `Please select at least one sketch image to analyze.`), 413, 415, 422 (also
   * for a sketch that does not decode, naming it), 429, 502, 503, 504; a refused request keeps
   * nothing and queues nothing.
   */
  @Route('analyzeSketch')
  @UseInterceptors(AnalysisSlotsInterceptor, SketchUploadInterceptor)
  async analyzeSketch(
    @CurrentUserId() userId: string,
    @UploadedFiles() sketches: StoredOriginal[] | undefined,
  ): Promise<AnalyzeSketchResponse> {
    return this.analysis.readSketches(userId, sketches);
  }

  /** `GET /api/analyses` → the signed-in user's 3 most recent analyses, newest first (spec §9). */
  @Route('previousAnalyses')
  async analyses(@CurrentUserId() userId: string): Promise<PreviousAnalysis[]> {
    return this.analysis.listRecent(userId);
  }
}
