import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { UploadBudget } from './upload-budget.js';

/**
 * What every upload route shares: the one `UploadBudget` of bytes held in memory (photos, sketches
 * and generation inputs draw on it together). A feature module imports this module and provides its
 * own interceptors, made with `imageUploadInterceptor` from its `UploadPolicy`; they check each file
 * on its first bytes (`ImageHeaderCheck`) and store it as it arrives (`OriginalsStorageEngine`).
 */
@Module({
  providers: [
    {
      provide: UploadBudget,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => new UploadBudget(config.UPLOAD_BUDGET_BYTES),
    },
  ],
  exports: [UploadBudget],
})
export class UploadsModule {}
