import { HttpStatus } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  ANALYSIS_MESSAGES,
  formatBytes,
  IMAGE_EXTENSION,
  MAX_ANALYSIS_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  type AcceptedImageMimeType,
} from '@archlens/contracts/analysis';

/** An uploaded file as multer hands it over (memory storage). */
export interface IncomingFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** A file that passed every check: its type comes from its bytes, not from the client. */
export interface ValidatedImage {
  originalName: string;
  mimeType: AcceptedImageMimeType;
  extension: string;
  width: number;
  height: number;
  buffer: Buffer;
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

/** Printable file name for messages: no path, no control characters, at most 120 characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() || 'image';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120) || 'image';
}

/**
 * Checks every file of an analysis upload before anything is stored (issue #2, spec §5, §9):
 * 1 to 10 files; none empty; each at most 50 MB; each a JPEG, PNG or WebP by its magic bytes;
 * each with a readable header declaring at most `MAX_IMAGE_PIXELS` pixels. Only the header is
 * read (no decoding), so a decompression bomb costs nothing. The files are checked at the same
 * time; when several are bad, the first in upload order gives the answer.
 *
 * @returns the files with their sniffed type and dimensions, in upload order
 * @throws UploadRejectedError 400 (none, too many, empty, unreadable), 413 (too large),
 *   415 (not JPEG/PNG/WebP), 422 (too many pixels)
 */
export async function validateImageUploads(files: IncomingFile[] | undefined): Promise<ValidatedImage[]> {
  if (!files || files.length === 0) throw new UploadRejectedError(HttpStatus.BAD_REQUEST, ANALYSIS_MESSAGES.noImages);
  if (files.length > MAX_ANALYSIS_IMAGES) {
    throw new UploadRejectedError(HttpStatus.BAD_REQUEST, ANALYSIS_MESSAGES.tooManyImages(MAX_ANALYSIS_IMAGES));
  }
  const outcomes = await Promise.allSettled(files.map(validateImageUpload));
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (refused) throw refused.reason;
  return outcomes.map((o) => (o as PromiseFulfilledResult<ValidatedImage>).value);
}

/**
 * The checks of `validateImageUploads` for one file.
 * @throws UploadRejectedError 400 (empty, unreadable), 413 (too large), 415 (not JPEG/PNG/WebP),
 *   422 (too many pixels)
 */
async function validateImageUpload(file: IncomingFile): Promise<ValidatedImage> {
  const name = displayName(file.originalname);
  if (file.size === 0 || file.buffer.length === 0) {
    throw new UploadRejectedError(HttpStatus.BAD_REQUEST, ANALYSIS_MESSAGES.emptyFile(name));
  }
  if (file.size > MAX_IMAGE_BYTES) {
    throw new UploadRejectedError(HttpStatus.PAYLOAD_TOO_LARGE, ANALYSIS_MESSAGES.tooLarge(name, formatBytes(file.size)));
  }
  const sniffed = await fileTypeFromBuffer(file.buffer);
  const mimeType = ACCEPTED_IMAGE_MIME_TYPES.find((t) => t === sniffed?.mime);
  if (!mimeType) throw new UploadRejectedError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ANALYSIS_MESSAGES.notAnImage(name));
  let width = 0;
  let height = 0;
  try {
    const metadata = await sharp(file.buffer, { limitInputPixels: false }).metadata();
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    throw new UploadRejectedError(HttpStatus.BAD_REQUEST, `"${name}" could not be read as an image.`);
  }
  if (width <= 0 || height <= 0) {
    throw new UploadRejectedError(HttpStatus.BAD_REQUEST, `"${name}" could not be read as an image.`);
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new UploadRejectedError(HttpStatus.UNPROCESSABLE_ENTITY, ANALYSIS_MESSAGES.tooManyPixels(name, width, height));
  }
  return { originalName: name, mimeType, extension: IMAGE_EXTENSION[mimeType], width, height, buffer: file.buffer };
}
