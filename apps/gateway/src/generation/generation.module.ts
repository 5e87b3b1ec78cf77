import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { GenerationAccessGuard } from './generation-access.guard.js';
import { GenerationProgressStream } from './generation-progress.stream.js';
import { GenerationUploadInterceptor } from './generation-upload.interceptor.js';
import { GenerationController } from './generation.controller.js';
import { GenerationService } from './generation.service.js';

/**
 * Image Generation in the gateway (issue 16): the Pro check and hourly limit, the upload of the
 * sketch and references (on the shared upload budget, `UploadsModule`), the `generation` queue, the
 * progress stream and the downloads.
 */
@Module({
  imports: [UploadsModule],
  controllers: [GenerationController],
  providers: [GenerationService, GenerationProgressStream, GenerationAccessGuard, GenerationUploadInterceptor],
})
export class GenerationModule {}
