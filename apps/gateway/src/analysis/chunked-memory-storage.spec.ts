import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { ChunkedMemoryStorage, type ChunkedFileInfo } from './chunked-memory-storage.js';

/** What multer hands a storage engine: the part's stream and its form-data fields. */
function incoming(stream: Readable): Express.Multer.File {
  return { fieldname: 'images', originalname: 'facade.jpg', encoding: '7bit', mimetype: 'image/jpeg', stream } as Express.Multer.File;
}

function handle(storage: ChunkedMemoryStorage, file: Express.Multer.File): Promise<ChunkedFileInfo> {
  return new Promise((resolve, reject) =>
    storage._handleFile({} as Request, file, (error, info) => (error ? reject(error as Error) : resolve(info!))),
  );
}

describe('ChunkedMemoryStorage (multer storage engine of POST /api/analyze)', () => {
  it('keeps a file as the chunks it arrived in, in order, with their total size', async () => {
    const parts = [Buffer.from('first part '), Buffer.from('second part '), Buffer.from('last')];
    const info = await handle(new ChunkedMemoryStorage(), incoming(Readable.from(parts)));
    expect(info.size).toBe(Buffer.concat(parts).length);
    expect(Buffer.concat(info.chunks).toString()).toBe('first part second part last');
    expect(info.chunks).toHaveLength(3);
  });

  it('keeps an empty file as no bytes, for the validation to refuse', async () => {
    const info = await handle(new ChunkedMemoryStorage(), incoming(Readable.from([])));
    expect(info).toEqual({ chunks: [], size: 0 });
  });

  it('passes on a stream error (multer aborts the upload) and drops a removed file', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(handle(new ChunkedMemoryStorage(), incoming(failing))).rejects.toThrow('client went away');
    const kept = { ...incoming(Readable.from([])), chunks: [Buffer.from('bytes')] };
    await new Promise<void>((resolve) => new ChunkedMemoryStorage()._removeFile({} as Request, kept, () => resolve()));
    expect(kept.chunks).toEqual([]);
  });
});
