import { randomUUID } from 'node:crypto';
import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { AcceptedImageMimeType } from '@archlens/contracts/analysis';
import { ObjectStorage } from '@archlens/platform/storage';
import type { UploadBudget } from './upload-budget.js';
import { UploadCutException, UploadReading } from './upload-reading.js';
import { displayName, ImageHeaderCheck, UploadRejectedError, UploadTooLargeError } from './upload-validation.js';

/**
 * The folders uploads are stored in: photos (`uploads/`), sketches to read (`sketches/`), a
 * generation's sketch and reference images (`generation-inputs/`).
 */
export type UploadKeyPrefix = 'uploads' | 'sketches' | 'generation-inputs';

/** An original photo or sketch once it is in object storage: what the analysis or sketch job is made of. */
export interface StoredOriginal {
  /** `uploads/<userId>/<uuid>.<ext>`, `sketches/<userId>/<uuid>.<ext>` or `generation-inputs/<userId>/<uuid>.<ext>`. */
  key: string;
  /** The multipart field it came in (`images`, `image0`, `sketch`, `references`, …). */
  field: string;
  /** The name the user gave the file, without any path (for messages). */
  fileName: string;
  /** Length in bytes. */
  size: number;
  mimeType: AcceptedImageMimeType;
  width: number;
  height: number;
}

/** Text of a 503 when the store does not take a photo or sketch (it may come back). */
export const STORE_FAILED_MESSAGE = 'Your images could not be stored just now. Please try again in a moment.';
/** Text of a 503 when the upload budget is spent. */
export const UPLOAD_BUDGET_MESSAGE = 'ArchLens is receiving many images at the moment. Please try again in a few seconds.';
/** Seconds a client is asked to wait after a busy refusal. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** A 503 that tells the client when to try again (the exception filter sets `Retry-After`). */
export class RetryLaterException extends ServiceUnavailableException {
  /** @param retryAfterSeconds the `Retry-After` value, in seconds */
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

type FileInfo = Partial<Express.Multer.File> & StoredOriginal & { path: string };

/**
 * A multer storage engine that checks each photo on its first bytes as they arrive
 * (`ImageHeaderCheck`) and stores it in object storage through the `minio` client, so that a
 * route's job is queued once its files are stored. A request's photos are taken one after another, so a
 * request holds one photo in memory at a time and many users uploading at once share the budget
 * fairly (stored side by side, a few users' large batches could spend the whole budget between
 * them; the load figures are in docs/performance.md). The bytes held (the chunks as they arrive,
 * then the one joined copy the store's client sends) count against the gateway's `UploadBudget`.
 * A refused photo fails the upload at once, and multer then removes every photo of the request
 * already stored (`_removeFile`), so nothing of it is left in the bucket. A photo past 50 MB is
 * refused by the chunk that takes it past the limit and cuts the request (`UploadReading.cut`):
 * nothing more of the body is read, the request's stored photos are removed and the refusal is
 * answered at once; other refusals let multer drain the rest of the body before the answer.
 *
 * Why whole photos, not a multipart upload per photo: the local S3-compatible server (s3rver) does
 * not list multipart uploads, which the client's stream upload needs; a photo is at most 50 MB.
 */
export class OriginalsStorageEngine implements StorageEngine {
  private readonly logger = new Logger('OriginalsStorageEngine');
  /** The previous photo of each request, so the next one is read only once it is stored. */
  private readonly previous = new WeakMap<Request, Promise<unknown>>();

  /**
   * @param storage where originals go
   * @param budget the gateway's budget of bytes in flight
   * @param userIdOf the signed-in user of a request (the session guard ran before the body is read)
   * @param keyPrefix the folder the files go to: `uploads` (photos), `sketches` or `generation-inputs`
   */
  constructor(
    private readonly storage: ObjectStorage,
    private readonly budget: UploadBudget,
    private readonly userIdOf: (request: Request) => string,
    private readonly keyPrefix: UploadKeyPrefix,
  ) {}

  /**
   * multer's storage hook for one file: waits until the request's previous file is stored, then
   * checks and stores this one (`store`).
   * @param callback given the `StoredOriginal` fields (and `path`, the key), or the refusal: an
   *   `HttpException` 400, 413, 415 or 422, or a 503 `RetryLaterException`; the rest of a refused
   *   file is drained, unless the refusal cut the request (a file past 50 MB, a body past the
   *   route's most: `UploadReading`), which is then read no further
   */
  _handleFile(request: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    const reading = UploadReading.of(request);
    const current = (this.previous.get(request) ?? Promise.resolve()).then(() => this.store(this.userIdOf(request), file, reading));
    this.previous.set(request, current);
    current.then(
      (info) => callback(null, info),
      (error: unknown) => {
        if (error instanceof UploadCutException) reading?.cut(error);
        if (reading?.isCut) {
          // Nothing more of the request is read: multer hears of the refusal once the answer has
          // gone and the connection is closed (its clean-up would resume reading the body).
          reading.afterClose(() => callback(error));
          return;
        }
        file.stream.resume(); // discard the rest of this photo; multer drains the request
        callback(error);
      },
    );
  }

  /**
   * multer's clean-up hook, called for each stored file of a request that is refused: removes the
   * object by its key. A failure is logged, never passed on (the originals sweep removes the object
   * later), so the client still reads the refusal.
   */
  _removeFile(_request: Request, file: Express.Multer.File & Partial<StoredOriginal>, callback: (error: Error | null) => void): void {
    if (!file.key) return callback(null);
    this.storage.remove([file.key]).then(
      () => callback(null),
      (error: unknown) => {
        this.logger.warn(`could not remove ${file.key}: ${error instanceof Error ? error.message : String(error)}`);
        callback(null); // the sweep removes it later; the client's answer stays the refusal
      },
    );
  }

  /**
   * Reads one photo, checking it as it arrives, then stores it (noting its stream and its key on the
   * request's `reading`).
   * @throws UploadCutException 413 past 50 MB; HttpException 400/415/422 (`UploadRejectedError`);
   *   503 `RetryLaterException` when the budget is spent or the store refuses
   */
  private async store(userId: string, file: Express.Multer.File, reading: UploadReading | undefined): Promise<FileInfo> {
    const check = new ImageHeaderCheck(displayName(file.originalname));
    const chunks: Buffer[] = [];
    let reserved = 0;
    reading?.reading(file.stream);
    try {
      // Not destroyed when the loop stops early: multer takes a file stream's error for a refusal of
      // its own and drains the body, which a request cut for size must not be.
      for await (const chunk of file.stream.iterator({ destroyOnReturn: false })) {
        const bytes = chunk as Buffer;
        if (!this.budget.tryReserve(bytes.length)) throw new RetryLaterException(UPLOAD_BUDGET_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
        reserved += bytes.length;
        await check.add(bytes); // past 50 MB: refused here, the rest never read
        chunks.push(bytes);
      }
      const header = await check.finish();
      const key = `${this.keyPrefix}/${userId}/${randomUUID()}.${header.extension}`;
      // The store's client joins the chunks into one copy for its PUT: that copy counts too.
      const size = reserved;
      if (!this.budget.tryReserve(size)) throw new RetryLaterException(UPLOAD_BUDGET_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
      reserved += size;
      try {
        await this.storage.put(key, chunks, header.mimeType);
        reading?.stored(key);
      } catch (error) {
        this.logger.warn(`storing ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new RetryLaterException(STORE_FAILED_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
      }
      return {
        key,
        path: key,
        field: file.fieldname,
        fileName: check.fileName,
        size,
        mimeType: header.mimeType,
        width: header.width,
        height: header.height,
      };
    } catch (error) {
      if (error instanceof UploadTooLargeError) throw new UploadCutException(error.message, error.status);
      throw error instanceof UploadRejectedError ? new HttpException(error.message, error.status) : error;
    } finally {
      this.budget.release(reserved);
    }
  }
}
