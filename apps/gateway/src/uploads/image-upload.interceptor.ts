import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { ObjectStorage } from '@archlens/platform/storage';
import { apiError } from '../http/api-error.js';
import { userIdOf } from '../sessions/session.guard.js';
import { OriginalsStorageEngine, type StoredOriginal, type UploadKeyPrefix } from './originals.storage-engine.js';
import { UploadBudget } from './upload-budget.js';
import { UploadReading } from './upload-reading.js';

/** Text fields an upload route takes unless its policy says otherwise. */
const DEFAULT_MAX_FIELDS = 10;

/** Most bytes of one text field: busboy's default `fieldSize` (1 MiB), which multer keeps. */
const FIELD_BYTES = 1024 * 1024;
/** Room for the multipart framing (boundaries, part headers) of a whole request, in bytes. */
const FRAMING_BYTES = 1024 * 1024;

/**
 * The most bytes of a multipart body a route reads: each of its files at 50 MB (`MAX_IMAGE_BYTES`,
 * spec §9), each of its text fields at its most, and 1 MiB of framing. A body past it (filler
 * before the first part or after the last, which the parser skips unread) is refused with 413
 * `request.too-large` where it passes it (`UploadReading`).
 */
export function maxUploadBytes(policy: UploadPolicy): number {
  return policy.maxFiles * MAX_IMAGE_BYTES + (policy.maxFields ?? DEFAULT_MAX_FIELDS) * FIELD_BYTES + FRAMING_BYTES;
}

/** What one upload route accepts: where its originals go, in which fields, how many. */
export interface UploadPolicy {
  /** Folder of the originals in object storage: `<keyPrefix>/<userId>/<uuid>.<ext>`. */
  keyPrefix: UploadKeyPrefix;
  /** The accepted file fields, in the order their files are handed over, each with its most files. */
  fields: ReadonlyArray<{ name: string; maxCount: number }>;
  /** Most files in one request. */
  maxFiles: number;
  /** The 400 text for a file beyond `maxFiles` (spec §5). */
  tooMany: string;
  /** What to call the files in the 400 for an unknown field ("photos", "sketches"). */
  noun: string;
  /** Most text fields in one request (10 unless given; the generation controls need more). */
  maxFields?: number;
  /**
   * The text fields the route reads, each to be sent once (`repeatedTextField`); none unless given
   * (the analysis routes read none, and ignore any sent).
   */
  textFields?: readonly string[];
}

/**
 * The 400 text for a text field sent more than once (multer would hand the route a list of its values).
 * @param field one of the route's own `textFields` (never a name as the client sent it)
 */
export function repeatedFieldMessage(field: string): string {
  return `Send "${field}" once.`;
}

/**
 * The first of `textFields` that multer read as a list (sent twice or more, or as `name[]`), in
 * the order of `textFields`; undefined when each came once or not at all.
 */
export function repeatedTextField(body: unknown, textFields: readonly string[]): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return textFields.find((field) => Object.hasOwn(body, field) && Array.isArray((body as Record<string, unknown>)[field]));
}

/**
 * An interceptor that reads the multipart body of one upload route with hard limits (spec §9: 50 MB
 * a file, checked by `ImageHeaderCheck` so that the refusal names the file; `policy.maxFiles` files;
 * `maxUploadBytes` in all), checking and storing each file as it arrives (`OriginalsStorageEngine`
 * under `policy.keyPrefix`). A file past 50 MB or a body past its most is refused with 413 where it
 * passes the limit, and the request is read no further (`UploadReading`: not drained, its stored
 * files removed, answered with `Connection: close`); other refusals are answered once multer has
 * drained the body. Maps multer's refusals to the spec's messages (`mapUploadError`); then
 * refuses with 400 `Send "<field>" once.` a text field of `policy.textFields` sent more than once,
 * before the route validates the fields (multer makes a list of a repeated field, which a schema
 * would refuse with a text about something else). When it hands over, `request.files` holds the
 * `StoredOriginal`s of every file in the order of `policy.fields` (then upload order), all in
 * object storage; after a refusal none of them is.
 * @returns the interceptor class for `@UseInterceptors` (one class per policy: call it once per route kind)
 */
export function imageUploadInterceptor(policy: UploadPolicy): Type<NestInterceptor> {
  @Injectable()
  class ImageUploadInterceptor implements NestInterceptor {
    private readonly readImages: ReturnType<ReturnType<typeof multer>['fields']>;

    constructor(
      @Inject(ObjectStorage) private readonly storage: ObjectStorage,
      @Inject(UploadBudget) budget: UploadBudget,
    ) {
      this.readImages = multer({
        storage: new OriginalsStorageEngine(storage, budget, userIdOf, policy.keyPrefix),
        // No `fileSize` limit here: the storage engine's `ImageHeaderCheck` refuses a file the moment
        // it passes 50 MB, with its name (spec §5), and cuts the request there (`UploadReading`);
        // busboy's own limit would only truncate the file while multer drained the rest of the body.
        limits: {
          files: policy.maxFiles,
          fields: policy.maxFields ?? DEFAULT_MAX_FIELDS,
          parts: policy.maxFiles + (policy.maxFields ?? DEFAULT_MAX_FIELDS),
        },
      }).fields(policy.fields.map((field) => ({ ...field })));
    }

    /**
     * Reads and stores the files, then hands over to the handler.
     * @throws the mapped refusal (`mapUploadError`); BadRequestException 400 `repeatedFieldMessage`
     *   for a text field sent twice (the request's stored files removed first)
     */
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<Request>();
      const response = http.getResponse<Response>();
      await new Promise<void>((resolve, reject) => {
        const reading = UploadReading.begin(request, response, {
          maxBytes: maxUploadBytes(policy),
          tooLarge: () => apiError('request.too-large'),
          removeStored: (keys) => this.storage.remove(keys).catch(() => undefined), // the originals sweeps take what is left
          onCut: reject,
        });
        this.readImages(request, response, (error: unknown) => (error ? reject(mapUploadError(error, policy)) : resolve()));
        reading.countBytes();
      });
      const byField = (request.files ?? {}) as unknown as Record<string, StoredOriginal[] | undefined>;
      const files = policy.fields.flatMap((field) => byField[field.name] ?? []);
      const repeated = repeatedTextField(request.body, policy.textFields ?? []);
      if (repeated !== undefined) {
        await this.storage.remove(files.map((file) => file.key)).catch(() => undefined); // the originals sweep takes what is left
        throw new BadRequestException(repeatedFieldMessage(repeated));
      }
      request.files = files as unknown as Express.Multer.File[];
      return next.handle();
    }
  }
  return mixin(ImageUploadInterceptor);
}

/** Multer or storage-engine error → HTTP exception, with the spec §5 text where it has one. */
export function mapUploadError(error: unknown, policy: UploadPolicy): Error {
  if (error instanceof HttpException) return error;
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_COUNT':
        return new BadRequestException(policy.tooMany);
      case 'LIMIT_UNEXPECTED_FILE': {
        const field = policy.fields.find((f) => f.name === error.field);
        if (field && field.maxCount > 1) return new BadRequestException(policy.tooMany);
        if (field) return new BadRequestException(`Send one file at most in the "${field.name}" field.`);
        const names = policy.fields.map((f) => `"${f.name}"`).join(', ');
        return new BadRequestException(
          `Unexpected file field "${error.field ?? ''}": send ${policy.noun} in the ${names} field${policy.fields.length > 1 ? 's' : ''}.`,
        );
      }
      default:
        return new BadRequestException(`The upload could not be read: ${error.message}.`);
    }
  }
  return new BadRequestException('The upload could not be read as multipart form data.');
}
