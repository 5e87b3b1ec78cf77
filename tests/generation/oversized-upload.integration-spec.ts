import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { objectsUnder, postGeneration, proUser, SKETCH_FILE, STYLE } from './generation-requests.js';

/**
 * An upload past 50 MB is not read to its end: a client streaming a 200 MB reference image to
 * `POST /api/generate` is answered 413 with spec §5's text the moment the file passes 50 MB, the
 * gateway reads no further (its `archlens_upload_bytes_read_total` moves by at most 50 MB and the
 * multipart framing before the file), the sketch already stored is removed, and the refused upload
 * keeps the point it used of the user's hourly generations.
 */
const MB = 1024 * 1024;
const STREAMED_BYTES = 200 * MB;

let stack: Stack;
let server: http.Server;

beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_GENERATIONS_PER_USER: '2' } });
  // A listening server of the gateway's own app, for a raw client that streams its body.
  server = http.createServer(stack.gateway.getHttpAdapter().getInstance());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await stack?.close();
});

/** The gateway's `archlens_upload_bytes_read_total`, as a scrape of `GET /metrics` reads it. */
async function uploadBytesRead(): Promise<number> {
  const res = await request(stack.http).get('/metrics').expect(200);
  const line = res.text.split('\n').find((l) => l.startsWith('archlens_upload_bytes_read_total '));
  return Number(line?.split(' ')[1] ?? 0);
}

/**
 * Streams a `POST /api/generate` whose sketch is the fixture and whose one reference is a JPEG
 * padded to `STREAMED_BYTES`, chunked (no Content-Length), 1 MiB at a time as the socket takes it,
 * until the gateway answers or closes the connection.
 * @returns the answer (status and JSON body), and how many body bytes the client handed to its socket
 */
function streamHugeReference(cookie: string): Promise<{ status: number; body: unknown; sent: number }> {
  const boundary = `----archlens${randomUUID()}`;
  const part = (headers: string) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  const field = (name: string, value: string) =>
    Buffer.concat([part(`Content-Disposition: form-data; name="${name}"`), Buffer.from(`${value}\r\n`)]);
  const head = Buffer.concat([
    field('styleDescription', STYLE),
    field('provider', 'sora'),
    field('jobId', randomUUID()),
    part(`Content-Disposition: form-data; name="sketch"; filename="${SKETCH_FILE}"\r\nContent-Type: image/png`),
    fixtureSketch(SKETCH_FILE),
    Buffer.from('\r\n'),
    part('Content-Disposition: form-data; name="references"; filename="huge.jpg"\r\nContent-Type: image/jpeg'),
    fixturePhoto('mit-media-lab.jpg'),
  ]);
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/generate',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), sent });
      });
    });
    // Writing into a connection the gateway closed fails once the answer is in: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (chunk: Buffer) => {
      sent += chunk.length;
      return req.write(chunk);
    };
    const pump = () => {
      while (!answered && !req.destroyed && sent < STREAMED_BYTES) {
        if (!write(Buffer.alloc(Math.min(MB, STREAMED_BYTES - sent)))) return void req.once('drain', pump);
      }
      if (!answered && !req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    };
    write(head);
    pump();
  });
}

describe('an upload past 50 MB', () => {
  it('is refused with the spec text where it passes 50 MB, read no further, stored nowhere, and keeps its rate-limit point', async () => {
    const user = await proUser(stack, 100);
    const readBefore = await uploadBytesRead();

    const refused = await streamHugeReference(user.cookie);
    expect([refused.status, refused.body]).toEqual([
      413,
      { code: 'payload-too-large', message: '"huge.jpg" is too large (over 50.0 MB). Maximum size is 50MB.' },
    ]);
    // The gateway read the sketch, the fields and 50 MB of the reference: not the 200 MB sent its way.
    const read = (await uploadBytesRead()) - readBefore;
    expect(read).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(read).toBeLessThanOrEqual(MAX_IMAGE_BYTES + MB);
    // What the client got into its socket before the answer: the same, and what the two kernels buffer.
    expect(refused.sent).toBeLessThan(STREAMED_BYTES / 2);
    // The sketch was stored before the reference arrived: it is gone too.
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);

    // The hour's 2 generations: the refused upload used one, so one is left.
    expect((await postGeneration(stack, user, { provider: 'sora' })).status).toBe(200);
    const limited = await postGeneration(stack, user, { provider: 'sora' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^You have reached the hourly limit of generations\./);
  });
});
