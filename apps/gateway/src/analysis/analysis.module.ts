import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisService } from './analysis.service.js';
import { PhotoUploadInterceptor, SketchUploadInterceptor } from './image-upload.interceptor.js';
import { UploadBudget } from './upload-budget.js';

/**
 * Design Language Analysis and Process Your Sketch (issue 14) in the gateway: uploads, the per-user
 * and global limits (one upload budget for both), the analysis queue.
 */
@Module({
  controllers: [AnalysisController],
  providers: [
    {
      provide: UploadBudget,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => new UploadBudget(config.UPLOAD_BUDGET_BYTES),
    },
    AnalysisService,
    AnalysisSlotsInterceptor,
    PhotoUploadInterceptor,
    SketchUploadInterceptor,
  ],
})
export class AnalysisModule {}
