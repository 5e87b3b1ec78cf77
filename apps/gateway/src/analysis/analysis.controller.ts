import { Controller, Get, HttpCode, Post, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import { CurrentUserId, SessionGuard } from '../sessions/session.guard.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { AnalysisService } from './analysis.service.js';
import { ImageUploadInterceptor } from './image-upload.interceptor.js';
import type { StoredOriginal } from './originals.storage-engine.js';

/** Spec §7: `POST /api/analyze` and `GET /api/analyses`, signed-in only. */
@Controller('api')
@UseGuards(SessionGuard)
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  /**
   * `POST /api/analyze`, multipart field `images` (1 to 10 photos, spec §9) → 200
   * `{primaryDescription, expandedDescription, tags, engine, …}`. 4xx for refused uploads (nothing
   * kept, nothing queued), 422 for a photo that does not decode, 429 past the per-user limits,
   * 503 when busy or a service is down, 504 on timeout, 502 when the vision model fails.
   */
  @Post('analyze')
  @HttpCode(200)
  @UseInterceptors(AnalysisSlotsInterceptor, ImageUploadInterceptor)
  async analyze(@CurrentUserId() userId: string, @UploadedFiles() originals: StoredOriginal[] | undefined): Promise<AnalyzeResponse> {
    return this.analysis.analyse(userId, originals);
  }

  /** `GET /api/analyses` → the signed-in user's 3 most recent analyses, newest first (spec §9). */
  @Get('analyses')
  async analyses(@CurrentUserId() userId: string): Promise<PreviousAnalysis[]> {
    return this.analysis.listRecent(userId);
  }
}
