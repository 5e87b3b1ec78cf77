import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { AnalysisSlotsInterceptor } from './analysis-slots.interceptor.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisService } from './analysis.service.js';
import { ImageUploadInterceptor } from './image-upload.interceptor.js';
import { UploadBudget } from './upload-budget.js';

/** Design Language Analysis in the gateway: uploads, the per-user and global limits, the analysis queue. */
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
    ImageUploadInterceptor,
  ],
})
export class AnalysisModule {}
