import { HttpStatus } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  ANALYSIS_MESSAGES,
  formatBytes,
  IMAGE_EXTENSION,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  type AcceptedImageMimeType,
} from '@archlens/contracts/analysis';

/** What the first bytes of an accepted photo say about it: its type comes from its bytes, not from the client. */
export interface ImageHeader {
  mimeType: AcceptedImageMimeType;
  extension: string;
  width: number;
  height: number;
}

/** A refused upload: the HTTP status and the message the user reads. */
export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A file refused for passing 50 MB, the moment it passes it: 413 '"{file}" is too large (over 50.0
 * MB). Maximum size is 50MB.' (spec §5's text; its size is a lower bound, since the rest of the file
 * is never read).
 */
export class UploadTooLargeError extends UploadRejectedError {
  constructor(fileName: string) {
    super(HttpStatus.PAYLOAD_TOO_LARGE, ANALYSIS_MESSAGES.tooLarge(fileName, `over ${formatBytes(MAX_IMAGE_BYTES)}`));
  }
}

/** Bytes `file-type` needs to recognise JPEG, PNG and WebP (its documented sample size is 4100). */
const TYPE_SNIFF_BYTES = 4100;
/**
 * Amounts of a file after which its dimensions are looked for again, in bytes. A JPEG's frame
 * header comes after its EXIF and ICC segments (within the first 64 KB in the project's fixtures),
 * so most photos are decided at the first step; a deeper header is found at a later one or at the end.
 */
const DIMENSION_STEPS = [64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024, 16 * 1024 * 1024];

/**
 * True when the first bytes of a file are an SVG document (which `file-type` does not recognise: it
 * is XML text): after an optional byte order mark, XML declaration, comments and doctype, the
 * first element is `<svg`.
 */
export function isSvg(head: Buffer): boolean {
  let text = head
    .subarray(0, TYPE_SNIFF_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog = /^\s*(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)/i;
  for (let match = prolog.exec(text); match; match = prolog.exec(text)) text = text.slice(match[0].length);
  return /^\s*<svg[\s>/]/i.test(text);
}

/** Printable file name for messages: no path, no control characters, at most 120 characters. */
export function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() || 'image';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120) || 'image';
}

/**
 * Checks one uploaded photo on its first bytes as they arrive (spec §5, §9): a JPEG, PNG
 * or WebP by its magic bytes (415 otherwise: '"{file}" is not a JPG, PNG or WebP image.' for an image
 * of another format, '"{file}" is not an image file.' for anything else) whose header declares at
 * most `MAX_IMAGE_PIXELS` pixels (422 otherwise), not empty (400), and at most 50 MB (413 '"{file}"
 * is too large (over 50.0 MB). Maximum size is 50MB.', spec §5's text, `UploadTooLargeError`).
 *
 * 50 MB is `MAX_IMAGE_BYTES` = 52,428,800 bytes, and a file of exactly that size is taken: spec §5
 * says both "each under 50MB" and "Maximum size is 50MB"; the second, the one the message names, is
 * read as inclusive, as the SPA's own check does (`checkImageBatch` refuses `size > MAX_IMAGE_BYTES`),
 * so the browser and the server draw the line at the same byte. A file is refused by the chunk that
 * takes it past the limit, and nothing after it is read: a client streaming 200 MB is not read to
 * its end to learn its size, so the message says "over 50.0 MB".
 *
 * Only the header is read, never decoded, so a decompression bomb costs nothing. Feed every chunk to
 * `add` in order, then call `finish`.
 */
export class ImageHeaderCheck {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;
  private mimeType?: AcceptedImageMimeType;
  private dimensions?: { width: number; height: number };
  private nextStep = 0;

  /** @param fileName the display name used in refusals (`displayName`) */
  constructor(readonly fileName: string) {}

  /** The header once both type and dimensions are known and accepted; undefined before. */
  get header(): ImageHeader | undefined {
    return this.mimeType && this.dimensions
      ? { mimeType: this.mimeType, extension: IMAGE_EXTENSION[this.mimeType], ...this.dimensions }
      : undefined;
  }

  /**
   * Takes the next chunk of the file.
   * @throws UploadTooLargeError 413 for the chunk that takes the file past 50 MB; UploadRejectedError
   *   415 for another type, 422 for too many pixels
   */
  async add(chunk: Buffer): Promise<void> {
    this.total += chunk.length;
    if (this.total > MAX_IMAGE_BYTES) {
      this.head.length = 0;
      throw new UploadTooLargeError(this.fileName);
    }
    if (this.header) return;
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (!this.mimeType && this.headBytes >= TYPE_SNIFF_BYTES) {
      await this.sniffType();
      this.readDimensions(); // PNG and WebP say it in their first bytes
    } else if (this.mimeType && !this.dimensions && this.headBytes >= (DIMENSION_STEPS[this.nextStep] ?? Infinity)) {
      while (this.headBytes >= (DIMENSION_STEPS[this.nextStep] ?? Infinity)) this.nextStep++;
      this.readDimensions();
    }
    if (this.header) this.head.length = 0; // decided: the head is no longer needed here
  }

  /**
   * The file has ended: decides what is still open.
   * @returns the accepted header
   * @throws UploadRejectedError 400 (empty, no readable header), 415, 422
   */
  async finish(): Promise<ImageHeader> {
    if (this.total === 0) throw new UploadRejectedError(HttpStatus.BAD_REQUEST, ANALYSIS_MESSAGES.emptyFile(this.fileName));
    if (!this.mimeType) await this.sniffType();
    if (!this.dimensions) this.readDimensions();
    const header = this.header;
    if (!header) throw new UploadRejectedError(HttpStatus.BAD_REQUEST, ANALYSIS_MESSAGES.unreadable(this.fileName));
    return header;
  }

  /**
   * The type by the magic bytes (`file-type`; SVG, which it takes for XML or text, by `isSvg`).
   * @throws UploadRejectedError 415: `ANALYSIS_MESSAGES.notAcceptedFormat` for an image of another format, else `notAnImage`
   */
  private async sniffType(): Promise<void> {
    const head = Buffer.concat(this.head, Math.min(this.headBytes, TYPE_SNIFF_BYTES * 2));
    const sniffed = await fileTypeFromBuffer(head);
    const mimeType = ACCEPTED_IMAGE_MIME_TYPES.find((t) => t === sniffed?.mime);
    if (!mimeType) {
      const otherImage = sniffed?.mime.startsWith('image/') === true || isSvg(head); // file-type reads an SVG as XML, or not at all
      const message = otherImage ? ANALYSIS_MESSAGES.notAcceptedFormat(this.fileName) : ANALYSIS_MESSAGES.notAnImage(this.fileName);
      throw new UploadRejectedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, message);
    }
    this.mimeType = mimeType;
  }

  /** Width and height from the header read so far (`image-size`: JPEG frame header, PNG IHDR, WebP VP8/VP8L/VP8X). */
  private readDimensions(): void {
    let width = 0;
    let height = 0;
    try {
      ({ width, height } = imageSize(Buffer.concat(this.head, this.headBytes)));
    } catch {
      return; // not in the bytes so far
    }
    if (!(width > 0 && height > 0)) return;
    if (width * height > MAX_IMAGE_PIXELS) {
      throw new UploadRejectedError(HttpStatus.UNPROCESSABLE_ENTITY, ANALYSIS_MESSAGES.tooManyPixels(this.fileName, width, height));
    }
    this.dimensions = { width, height };
  }
}
