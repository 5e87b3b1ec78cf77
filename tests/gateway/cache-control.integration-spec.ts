import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request, { type Test } from 'supertest';
import type { AnalyzeResponse } from '@archlens/contracts/analysis';
import type { GenerateResponse } from '@archlens/contracts/generation';
import { API_PATHS } from '@archlens/contracts/paths';
import type { SignedInUser } from '../support/accounts.js';
import { adminToken } from '../support/admin-session.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { postGeneration, proUser } from '../generation/generation-requests.js';

/** What every `/api` answer carries unless its route sets its own (apps/gateway/src/http/cache-control.middleware.ts). */
const PER_USER = 'private, no-cache';
const OPENAI_KEY = 'sk-cache-control-loopback';

/** A download read as bytes (supertest buffers only text and JSON unless told how). */
function bytes(req: Test): Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/**
 * The signed-in user's JSON answers are never kept by a shared cache: `Cache-Control: private,
 * no-cache` on every `/api` answer, with the `ETag` kept for revalidation (304), while the routes
 * with a policy of their own (downloads, the progress stream, the API document) keep it.
 */
describe('Cache-Control of /api answers', () => {
  let stack: Stack;
  let fake: FakeImageProviders;
  let baseUrl: string;
  let user: SignedInUser;

  beforeAll(async () => {
    fake = await startFakeImageProviders();
    stack = await startStack({ env: { GENERATION_OPENAI_API_KEY: OPENAI_KEY, GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl } });
    // Listening, so that the progress stream can be read with fetch as a browser reads it.
    await stack.gateway.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}`;
    user = await proUser(stack, 100);
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it.each([API_PATHS.currentUser, API_PATHS.previousAnalyses, API_PATHS.styleProfile, API_PATHS.generations])(
    'GET %s: private, no-cache with an ETag, and a 304 for the same ETag',
    async (path) => {
      const first = await request(stack.http).get(path).set('Cookie', user.cookie).expect(200);
      expect(first.headers['cache-control']).toBe(PER_USER);
      expect(first.headers.etag).toEqual(expect.any(String));
      const again = await request(stack.http).get(path).set('Cookie', user.cookie).set('If-None-Match', first.headers.etag).expect(304);
      expect(again.headers['cache-control']).toBe(PER_USER);
    },
  );

  it("the admin's reads and the refusals are private, no-cache too", async () => {
    const token = await adminToken(stack);
    for (const path of [API_PATHS.adminVerify, API_PATHS.adminLeadStats, API_PATHS.adminLeads]) {
      const res = await request(stack.http).get(path).set('Authorization', `Bearer ${token}`).expect(200);
      expect([path, res.headers['cache-control']]).toEqual([path, PER_USER]);
    }
    const signedOut = await request(stack.http).get(API_PATHS.currentUser).expect(401);
    expect(signedOut.headers['cache-control']).toBe(PER_USER);
    const refused = await request(stack.http).post(API_PATHS.signIn).send([]).expect(400);
    expect(refused.headers['cache-control']).toBe(PER_USER);
  });

  it('the report PDF and a rendered image keep private, no-store', async () => {
    const analysis = (
      await request(stack.http)
        .post(API_PATHS.analyze)
        .set('Cookie', user.cookie)
        .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit-media-lab.jpg')
        .expect(200)
    ).body as AnalyzeResponse;
    const pdf = await bytes(request(stack.http).get(`/api/analyses/${analysis.id}/pdf`).set('Cookie', user.cookie)).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');

    const generated = (await postGeneration(stack, user, { jobId: randomUUID(), provider: 'openai' }).expect(200)).body as GenerateResponse;
    const image = await bytes(request(stack.http).get(generated.images[0].url).set('Cookie', user.cookie)).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');

    const events = await fetch(`${baseUrl}/api/generations/${generated.jobId}/events`, { headers: { cookie: user.cookie } });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('cache-control')).toBe('no-cache, no-transform');
    await events.text();
  });

  it('the API document keeps its own: no-cache for the page and the document, a day for its assets', async () => {
    expect((await request(stack.http).get(API_PATHS.apiDocs).expect(200)).headers['cache-control']).toBe('no-cache');
    expect((await request(stack.http).get(API_PATHS.apiDocsJson).expect(200)).headers['cache-control']).toBe('no-cache');
    const asset = await request(stack.http).get('/api/docs/assets/swagger-initializer.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=86400');
  });
});
