import { Module } from '@nestjs/common';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisService } from './analysis.service.js';
import { PhotoUploadInterceptor, SketchUploadInterceptor } from './image-upload.interceptor.js';

/**
 * Design Language Analysis and Process Your Sketch (issue 14) in the gateway: uploads, the per-user
 * and global limits (the upload budget is the core module's, shared with every upload route), the
 * analysis queue.
 */
@Module({
  controllers: [AnalysisController],
  providers: [AnalysisService, AnalysisSlotsInterceptor, PhotoUploadInterceptor, SketchUploadInterceptor],
})
export class AnalysisModule {}
