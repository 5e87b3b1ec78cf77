import type { Request } from 'express';
import type { StorageEngine } from 'multer';

/** What `ChunkedMemoryStorage` hands multer for each file: its bytes as they arrived. */
export interface ChunkedFileInfo {
  /** The file's bytes in order, as the multipart parser delivered them (slices of socket reads). */
  chunks: Buffer[];
  /** Total length of `chunks`, in bytes. */
  size: number;
}

/**
 * A multer storage engine that keeps each file in memory as the list of chunks it arrived in,
 * where multer's `memoryStorage` copies them into one Buffer at the end of the file.
 *
 * Why: the gateway never needs a photo as one Buffer. It checks the header (the first
 * `HEADER_BYTES`, 256 KB, in `validateImageUploads`) and sends the bytes on to object storage
 * (`ObjectStorage.put`), which takes the chunks in one vectored write. Copying a 3.8 MB photo into one Buffer cost the gateway 1.3 to 1.9 ms per
 * upload on this project's machine kind, after the photo had arrived (README "Benchmark"), and a
 * second copy of every upload in memory until it was stored.
 * Limits (file count, size) stay multer's: its `fileSize` limit stops the stream at 50 MB.
 */
export class ChunkedMemoryStorage implements StorageEngine {
  /** Reads `file.stream` to its end, then hands multer `{ chunks, size }`. */
  _handleFile(_request: Request, file: Express.Multer.File, callback: (error?: unknown, info?: ChunkedFileInfo) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    file.stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    file.stream.on('error', (error) => callback(error));
    file.stream.on('end', () => callback(null, { chunks, size }));
  }

  /** Drops a file multer decided not to keep (an upload refused part-way). */
  _removeFile(_request: Request, file: Express.Multer.File & Partial<ChunkedFileInfo>, callback: (error: Error | null) => void): void {
    file.chunks = [];
    callback(null);
  }
}
