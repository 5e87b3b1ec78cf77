import {
  BadRequestException,
  HttpException,
  Inject,
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
import { ObjectStorage } from '@archlens/platform/storage';
import { userIdOf } from '../sessions/session.guard.js';
import { OriginalsStorageEngine } from './originals.storage-engine.js';
import { UploadBudget } from './upload-budget.js';

/** The multipart field that carries the photos (spec §7: repeated field 'images'). */
export const IMAGES_FIELD = 'images';

/**
 * Reads the multipart body with hard limits (spec §9: 10 images, 50 MB each), checking and storing
 * each photo as it arrives (`OriginalsStorageEngine`); maps multer's refusals to the spec's
 * messages. When it hands over, `request.files` holds the `StoredOriginal`s of every photo, all in
 * object storage; after a refusal none of them is.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly readImages: ReturnType<ReturnType<typeof multer>['array']>;

  constructor(@Inject(ObjectStorage) storage: ObjectStorage, @Inject(UploadBudget) budget: UploadBudget) {
    this.readImages = multer({
      storage: new OriginalsStorageEngine(storage, budget, userIdOf),
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_ANALYSIS_IMAGES, fields: 10, parts: MAX_ANALYSIS_IMAGES + 10 },
    }).array(IMAGES_FIELD, MAX_ANALYSIS_IMAGES);
  }

  /** Reads and stores the photos, then hands over to the handler. @throws the mapped refusal (`mapUploadError`) */
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      this.readImages(request, response, (error: unknown) => (error ? reject(mapUploadError(error)) : resolve()));
    });
    return next.handle();
  }
}

/** Multer or storage-engine error → HTTP exception, with the spec §5 text where it has one. */
export function mapUploadError(error: unknown): Error {
  if (error instanceof HttpException) return error;
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
