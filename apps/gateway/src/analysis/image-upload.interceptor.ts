import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ANALYSIS_MESSAGES, MAX_ANALYSIS_IMAGES, MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { ChunkedMemoryStorage } from './chunked-memory-storage.js';
import { ServerTiming } from './server-timing.js';

/** The multipart field that carries the photos (spec §7: repeated field 'images'). */
export const IMAGES_FIELD = 'images';

/** `response.locals` key of the request's `ServerTiming`, started before the body is read. */
export const SERVER_TIMING = 'serverTiming';

/**
 * Reads the multipart body into memory with hard limits (spec §9: 10 images, 50 MB each) and
 * maps multer's refusals to the spec's messages. Files land on `request.files` as the chunks they
 * arrived in (`ChunkedMemoryStorage`); nothing is stored anywhere yet. Starts the request's
 * `ServerTiming` and marks `receive` once the body is in.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly readImages = multer({
    storage: new ChunkedMemoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_ANALYSIS_IMAGES, fields: 10, parts: MAX_ANALYSIS_IMAGES + 10 },
  }).array(IMAGES_FIELD, MAX_ANALYSIS_IMAGES);

  /** Reads the body, then hands over to the handler. @throws the mapped multer refusal (`mapUploadError`) */
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const timing = new ServerTiming();
    response.locals[SERVER_TIMING] = timing;
    await new Promise<void>((resolve, reject) => {
      this.readImages(request, response, (error: unknown) => (error ? reject(mapUploadError(error)) : resolve()));
    });
    timing.mark('receive');
    return next.handle();
  }
}

/** Multer error → HTTP exception with the spec §5 text where it has one. */
export function mapUploadError(error: unknown): Error {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException(ANALYSIS_MESSAGES.eachUnder50MB);
      case 'LIMIT_FILE_COUNT':
        return new BadRequestException(ANALYSIS_MESSAGES.tooManyImages(MAX_ANALYSIS_IMAGES));
      case 'LIMIT_UNEXPECTED_FILE':
        return error.field === IMAGES_FIELD
          ? new BadRequestException(ANALYSIS_MESSAGES.tooManyImages(MAX_ANALYSIS_IMAGES))
          : new BadRequestException(`Unexpected file field "${error.field ?? ''}": send photos in the "${IMAGES_FIELD}" field.`);
      default:
        return new BadRequestException(`The upload could not be read: ${error.message}.`);
    }
  }
  return new BadRequestException('The upload could not be read as multipart form data.');
}
