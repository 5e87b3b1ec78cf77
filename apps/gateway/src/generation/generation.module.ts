import { Module } from '@nestjs/common';
import { GenerationAccessGuard } from './generation-access.guard.js';
import { GenerationProgressStream } from './generation-progress.stream.js';
import { GenerationUploadInterceptor } from './generation-upload.interceptor.js';
import { GenerationController } from './generation.controller.js';
import { GenerationService } from './generation.service.js';

/**
 * Image Generation in the gateway (issue 16): the Pro check and hourly limit, the upload of the
 * sketch and references (the shared upload path and budget), the `generation` queue, the progress
 * stream and the downloads.
 */
@Module({
  controllers: [GenerationController],
  providers: [GenerationService, GenerationProgressStream, GenerationAccessGuard, GenerationUploadInterceptor],
})
export class GenerationModule {}
