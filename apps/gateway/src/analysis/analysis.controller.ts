import { Controller, Get, HttpCode, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import { CurrentUserId, SessionGuard } from '../sessions/session.guard.js';
import { AnalysisService } from './analysis.service.js';
import { ImageUploadInterceptor, SERVER_TIMING } from './image-upload.interceptor.js';
import type { ServerTiming } from './server-timing.js';
import type { IncomingFile } from './upload-validation.js';
import { WORKER_CHECK, WorkerCheckInterceptor } from './worker-check.interceptor.js';

/** Spec §7: `POST /api/analyze` and `GET /api/analyses`, signed-in only. */
@Controller('api')
@UseGuards(SessionGuard)
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  /**
   * `POST /api/analyze`, multipart field `images` (1 to 10 photos, spec §9) → 200
   * `{primaryDescription, expandedDescription, tags, engine, …}` with a `Server-Timing` header.
   * 4xx for refused uploads (nothing stored or queued), 503 no worker, 504 timeout, 502 failure.
   */
  @Post('analyze')
  @HttpCode(200)
  @UseInterceptors(WorkerCheckInterceptor, ImageUploadInterceptor)
  async analyze(
    @CurrentUserId() userId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnalyzeResponse> {
    const timing = response.locals[SERVER_TIMING] as ServerTiming;
    const workerCheck = response.locals[WORKER_CHECK] as Promise<void>;
    const result = await this.analysis.analyse(userId, request.files as IncomingFile[] | undefined, timing, workerCheck);
    response.setHeader('Server-Timing', timing.header());
    return result;
  }

  /** `GET /api/analyses` → the signed-in user's 3 most recent analyses, newest first (spec §9). */
  @Get('analyses')
  async analyses(@CurrentUserId() userId: string): Promise<PreviousAnalysis[]> {
    return this.analysis.listRecent(userId);
  }
}
