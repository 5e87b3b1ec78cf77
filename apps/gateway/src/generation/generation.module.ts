import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { GenerationProgressStream } from './generation-progress.stream.js';
import { GenerationUploadInterceptor } from './generation-upload.interceptor.js';
import { GenerationController } from './generation.controller.js';
import { GenerationService } from './generation.service.js';

/**
 * Image Generation in the gateway: the hourly limit, the upload of the sketch and references (on
 * the shared upload budget), the `generation` queue, the progress stream and the downloads. The Pro
 * check is the `pro` access rule of `POST /api/generate`.
 */
@Module({
  imports: [UploadsModule],
  controllers: [GenerationController],
  providers: [GenerationService, GenerationProgressStream, GenerationUploadInterceptor],
})
export class GenerationModule {}
