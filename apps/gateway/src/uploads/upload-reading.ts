import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { counter } from '@archlens/platform/metrics';

/**
 * Bytes of upload bodies (photos, sketches, generation inputs, with their multipart framing) the
 * gateway has read off the network: a refused upload stops adding to it where reading stopped.
 */
export const uploadBytesReadTotal = counter({
  name: 'archlens_upload_bytes_read_total',
  help: 'Bytes of multipart upload bodies the gateway read.',
});

/** A refusal that ends the reading of its request at once (a file past 50 MB, a body past the route's most). */
export class UploadCutException extends HttpException {
  /** @param message the user's text; @param status 413 unless given */
  constructor(message: string, status: number = HttpStatus.PAYLOAD_TOO_LARGE) {
    super(message, status);
  }
}

/**
 * One multipart upload being read, from its first byte to its answer. It counts the body's bytes
 * (`uploadBytesReadTotal`), refuses a body past `maxBytes`, and keeps the object keys its files were
 * stored under and the file streams being read, so that a refusal for size can stop everything at
 * once (`cut`): the request is unpiped from the multipart parser and paused, so no further byte is
 * read (it is not drained: a client sending 200 MB is stopped where it was refused, and its TCP
 * window fills), the files already stored are removed, and the refusal is answered with
 * `Connection: close`, after which Node closes the connection. A client that reads its answer while
 * it sends (curl, Node, browsers) sees the refusal; one that only reads after sending its whole
 * body sees the connection closed.
 *
 * The interceptor begins it before multer reads the body and counts once multer has begun
 * (`countBytes`); the storage engine finds it by its request (`UploadReading.of`).
 */
export class UploadReading {
  private static readonly byRequest = new WeakMap<Request, UploadReading>();
  private readonly logger = new Logger('UploadReading');
  private readonly storedKeys = new Set<string>();
  private readonly files = new Set<NodeJS.ReadableStream & { destroy(error?: Error): void }>();
  private bytesRead = 0;
  private refusal: HttpException | undefined;

  /**
   * @param maxBytes the most body bytes the route reads, framing included; past it, 413 `request.too-large`
   * @param tooLarge the refusal of a body past `maxBytes`
   * @param removeStored removes stored objects by key (best effort: the originals sweeps remove what it misses)
   * @param onCut called once with the refusal, after the stored files are removed
   */
  private constructor(
    private readonly request: Request,
    private readonly response: Response,
    private readonly maxBytes: number,
    private readonly tooLarge: () => HttpException,
    private readonly removeStored: (keys: string[]) => Promise<void>,
    private readonly onCut: (refusal: HttpException) => void,
  ) {}

  /**
   * Starts counting the body's bytes, once multer reads it (its parser piped, the request flowing):
   * a listener added before would start the flow with nobody to take the bytes; a request multer
   * does not read (not multipart) is not read here either.
   */
  countBytes(): void {
    if (this.request.readableFlowing !== true) return;
    const count = (chunk: Buffer) => {
      this.bytesRead += chunk.length;
      uploadBytesReadTotal.inc(chunk.length);
      if (this.bytesRead > this.maxBytes) this.cut(this.tooLarge());
    };
    this.request.on('data', count);
    this.request.once('end', () => this.request.off('data', count));
  }

  /** Begins the reading of `request` (see the constructor's parameters). */
  static begin(
    request: Request,
    response: Response,
    options: {
      maxBytes: number;
      tooLarge: () => HttpException;
      removeStored: (keys: string[]) => Promise<void>;
      onCut: (refusal: HttpException) => void;
    },
  ): UploadReading {
    const reading = new UploadReading(request, response, options.maxBytes, options.tooLarge, options.removeStored, options.onCut);
    UploadReading.byRequest.set(request, reading);
    return reading;
  }

  /** The reading of `request`, when an upload interceptor began one. */
  static of(request: Request): UploadReading | undefined {
    return UploadReading.byRequest.get(request);
  }

  /** Whether the reading was cut (every file of the request is then refused). */
  get isCut(): boolean {
    return this.refusal !== undefined;
  }

  /** Notes a file stream being read, to be destroyed if the request is cut; forgotten once it ends. */
  reading(stream: NodeJS.ReadableStream & { destroy(error?: Error): void }): void {
    if (this.refusal) {
      stream.destroy();
      return;
    }
    this.files.add(stream);
    stream.once('close', () => this.files.delete(stream));
  }

  /** Notes an object stored for this request, removed if the request is cut. */
  stored(key: string): void {
    this.storedKeys.add(key);
    if (this.refusal) void this.removeStored([key]);
  }

  /**
   * Stops reading the request at once and answers `refusal` (once; a second cut changes nothing):
   * unpiped and paused, its file streams destroyed, its stored files removed, `Connection: close`.
   */
  cut(refusal: HttpException): void {
    if (this.refusal) return;
    this.refusal = refusal;
    this.request.unpipe();
    this.request.pause();
    // Destroyed without an error: multer would take a stream error for its own refusal and drain the body.
    for (const stream of this.files) stream.destroy();
    if (!this.response.headersSent) this.response.setHeader('Connection', 'close');
    this.logger.warn(`upload refused after ${this.bytesRead} bytes: ${refusal.message}`);
    void this.removeStored([...this.storedKeys]).finally(() => this.onCut(refusal));
  }

  /**
   * Calls `done` once the request has closed (at once when it already has): multer's clean-up of a
   * file refused by a cut waits for it, so that multer does not resume reading the body before
   * the answer has gone and the connection is closed.
   */
  afterClose(done: () => void): void {
    if (this.request.destroyed || this.request.closed) done();
    else this.request.once('close', done);
  }
}
