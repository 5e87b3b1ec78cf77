import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { PhotoUploadInterceptor, SketchUploadInterceptor } from './analysis-uploads.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisService } from './analysis.service.js';
import { RenderAnalysisController } from './render-analysis.controller.js';
import { RenderAnalysisService } from './render-analysis.service.js';

/**
 * Design Language Analysis and Process Your Sketch in the gateway: the photo and sketch uploads
 * (on the shared upload budget), the per-user limits, the analysis queue; a render analysed as a photo.
 */
@Module({
  imports: [UploadsModule],
  controllers: [AnalysisController, RenderAnalysisController],
  providers: [AnalysisService, RenderAnalysisService, AnalysisSlotsInterceptor, PhotoUploadInterceptor, SketchUploadInterceptor],
})
export class AnalysisModule {}
