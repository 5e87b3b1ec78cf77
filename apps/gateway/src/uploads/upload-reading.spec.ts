import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import type { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { apiError } from '../http/api-error.js';
import { UploadCutException, UploadReading } from './upload-reading.js';

/** A request body being read by a parser (a sink that takes every chunk), and the answer's headers. */
function upload(maxBytes: number) {
  const request = new PassThrough();
  const parsed: Buffer[] = [];
  const parser = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parsed.push(chunk);
      done();
    },
  });
  const headers = new Map<string, string>();
  const response = { headersSent: false, setHeader: (name: string, value: string) => headers.set(name, value) };
  const removed: string[][] = [];
  const cuts: HttpException[] = [];
  const reading = UploadReading.begin(request as unknown as Request, response as unknown as Response, {
    maxBytes,
    tooLarge: () => apiError('request.too-large'),
    removeStored: async (keys) => {
      removed.push(keys);
    },
    onCut: (refusal) => cuts.push(refusal),
  });
  request.pipe(parser);
  reading.countBytes();
  return { request, reading, parsed, headers, removed, cuts };
}

/** Lets pending stream events and promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('UploadReading: an upload refused for its size is read no further', () => {
  it('is found by its request, and counts what it reads', async () => {
    const { request, reading, parsed, cuts } = upload(1000);
    expect(UploadReading.of(request as unknown as Request)).toBe(reading);
    request.write(Buffer.alloc(600));
    await settle();
    expect([Buffer.concat(parsed).length, reading.isCut, cuts]).toEqual([600, false, []]);
  });

  it('cuts a body past its most: unpiped and paused, stored files removed, then the 413 answered with Connection: close', async () => {
    const { request, reading, parsed, headers, removed, cuts } = upload(1000);
    reading.stored('generation-inputs/u/a.png');
    const file = new PassThrough();
    reading.reading(file);
    request.write(Buffer.alloc(600));
    request.write(Buffer.alloc(600));
    await settle();
    expect(reading.isCut).toBe(true);
    expect(cuts.map((refusal) => [refusal.getStatus(), refusal.message])).toEqual([[413, 'Request body too large.']]);
    expect(removed).toEqual([['generation-inputs/u/a.png']]);
    expect(headers.get('Connection')).toBe('close');
    expect(file.destroyed).toBe(true);
    expect(request.isPaused()).toBe(true);
    // Whatever the client still sends stays unread.
    const before = Buffer.concat(parsed).length;
    request.write(Buffer.alloc(5000));
    await settle();
    expect(Buffer.concat(parsed).length).toBe(before);
    expect(request.readableLength).toBeGreaterThanOrEqual(5000);
  });

  it('a file refused past 50 MB cuts it likewise, once; a file stored or begun after the cut is removed or stopped', async () => {
    const { reading, removed, cuts } = upload(10_000);
    const refusal = new UploadCutException('"huge.jpg" is too large (over 50.0 MB). Maximum size is 50MB.');
    reading.cut(refusal);
    reading.cut(new UploadCutException('again'));
    await settle();
    expect(cuts).toEqual([refusal]);
    expect(removed).toEqual([[]]);
    reading.stored('generation-inputs/u/late.png');
    const late = new PassThrough();
    reading.reading(late);
    await settle();
    expect(removed).toEqual([[], ['generation-inputs/u/late.png']]);
    expect(late.destroyed).toBe(true);
  });

  it('hands multer its refusal only once the connection has closed', async () => {
    const { request, reading } = upload(10);
    let told = false;
    reading.afterClose(() => (told = true));
    await settle();
    expect(told).toBe(false);
    request.destroy();
    await settle();
    expect(told).toBe(true);
    let toldAtOnce = false;
    reading.afterClose(() => (toldAtOnce = true));
    expect(toldAtOnce).toBe(true);
  });
});
