import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { smallPng } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Only the product's own errors cross to clients; anything else is a generic message plus
 * a request id that also appears in the logs of the gateway and of the worker that handled it.
 */
describe('an internal failure in a worker', () => {
  let stack: Stack;
  const written: string[] = [];
  const original = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    stack = await startStack();
    // Nest's logger writes to the process streams; keep a copy of every line (and still print it).
    const capture = (write: typeof process.stdout.write) =>
      ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof process.stdout.write;
    process.stdout.write = capture(original.out);
    process.stderr.write = capture(original.err);
  });
  afterAll(async () => {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
    await stack.db.query('ALTER TABLE IF EXISTS analysis.analyses_hidden RENAME TO analyses').catch(() => undefined);
    await stack?.close();
  });

  it('answers 500 with a generic message and the request id, which the gateway and the worker both log with the real cause', async () => {
    const signUp = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email: `internal-${randomUUID()}@example.com`, first_name: 'Ida', last_name: 'Internal', password: 'correct-horse' })
      .expect(201);
    const cookie = ([] as string[]).concat(signUp.headers['set-cookie'] ?? [])[0].split(';')[0];
    const before = await stack.footprint();
    // The worker's INSERT will fail with PostgreSQL's own error: an internal failure, not a refusal.
    await stack.db.query('ALTER TABLE analysis.analyses RENAME TO analyses_hidden');
    const requestId = `it-${randomUUID()}`;
    let res: request.Response;
    try {
      res = await request(stack.http)
        .post('/api/analyze')
        .set('Cookie', cookie)
        .set('X-Request-Id', requestId)
        .attach('images', await smallPng(), 'p.png');
    } finally {
      await stack.db.query('ALTER TABLE analysis.analyses_hidden RENAME TO analyses');
    }
    expect(res.status).toBe(500);
    expect(res.headers['x-request-id']).toBe(requestId);
    expect(res.body).toEqual({
      code: 'internal',
      message: `Something went wrong on our side. Please try again. (request id ${requestId})`,
      requestId,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/relation|does not exist|analyses|postgres/i);

    const lines = written
      .join('')
      .split('\n')
      .filter((line) => line.includes(requestId));
    // The worker's line names the job, the request and the real cause; the gateway's names the request.
    expect(
      lines.some((line) => line.includes('auth') === false && line.includes('analysis.analyse-images') && /does not exist/.test(line)),
    ).toBe(true);
    expect(lines.some((line) => line.includes('ApiExceptionFilter') && line.includes(`request ${requestId}`))).toBe(true);
    // Its originals are removed: no analysis will refer to them.
    expect((await stack.footprint()).objects).toBe(before.objects);
  });
});
