import { Controller, Get, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { AnalyzeResponse, PreviousAnalysis } from '@archlens/contracts/analysis';
import { CurrentUserId, SessionGuard } from '../sessions/session.guard.js';
import { AnalysisService } from './analysis.service.js';
import { ImageUploadInterceptor } from './image-upload.interceptor.js';
import type { IncomingFile } from './upload-validation.js';

/** Spec §7: `POST /api/analyze` and `GET /api/analyses`, signed-in only. */
@Controller('api')
@UseGuards(SessionGuard)
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post('analyze')
  @HttpCode(200)
  @UseInterceptors(ImageUploadInterceptor)
  async analyze(@CurrentUserId() userId: string, @Req() request: Request): Promise<AnalyzeResponse> {
    return this.analysis.analyse(userId, request.files as IncomingFile[] | undefined);
  }

  @Get('analyses')
  async analyses(@CurrentUserId() userId: string): Promise<PreviousAnalysis[]> {
    return this.analysis.listRecent(userId);
  }
}
