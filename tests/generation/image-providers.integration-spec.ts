import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import {
  GENERATION_MESSAGES,
  generationProgressSchema,
  type GenerateResponse,
  type GenerationProgress,
} from '@archlens/contracts/generation';
import { signUp } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { startStack, type Stack } from '../support/stack.js';
import { balanceOf, jobRow, ledgerReasons, objectsUnder, postGeneration, proUser, reservationsOf, STYLE } from './generation-requests.js';

/**
 * The openai and stability-ai providers against loopback servers speaking
 * OpenAI's images edit and Stability's sketch-control protocols (fields, sizes, fidelity or control
 * strength, seeds), the downloads, the history, credits captured, released on a provider 500 and a
 * timeout, the unlimited plan, the live progress stream, and 20 generations at once on credits for 5.
 */
const OPENAI_KEY = 'sk-generation-loopback';
const STABILITY_KEY = 'sk-stability-loopback';
const PROVIDER_TIMEOUT_MS = 3_000;

let stack: Stack;
let fake: FakeImageProviders;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      GENERATION_OPENAI_API_KEY: OPENAI_KEY,
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
      STABILITY_API_KEY: STABILITY_KEY,
      STABILITY_API_BASE: fake.stabilityBaseUrl,
      GENERATION_PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    },
  });
  // Listening, so that the progress stream can be read with fetch as a browser reads it.
  await stack.gateway.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** Downloads one image as the owner (or anyone) would, its bytes kept. */
function download(cookie: string, url: string) {
  return request(stack.http)
    .get(url)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

describe('openai: the images edit API', () => {
  it('sends the sketch and references with the size, n, quality and input fidelity of the controls; the owner downloads numbered JPEGs', async () => {
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    const res = await postGeneration(
      stack,
      user,
      { jobId, provider: 'openai', aspectRatio: '3:2', sketchInfluence: 85, detailLevel: 'high', lighting: 'evening', variations: 2 },
      { references: 2 },
    );
    expect(res.status).toBe(200);
    const body = res.body as GenerateResponse;
    expect(body).toMatchObject({ jobId, seed: null, creditsUsed: 30 });
    expect(body.images).toEqual([
      {
        url: `/api/download/${jobId}/0`,
        index: 0,
        seed: null,
        fidelity: expect.any(Number),
        geometryDrift: expect.any(Boolean),
        overlayUrl: `/api/generations/${jobId}/0/fidelity-overlay`,
      },
      {
        url: `/api/download/${jobId}/1`,
        index: 1,
        seed: null,
        fidelity: expect.any(Number),
        geometryDrift: expect.any(Boolean),
        overlayUrl: `/api/generations/${jobId}/1/fidelity-overlay`,
      },
    ]);
    expect(body.metadata).toMatchObject({
      provider: 'openai',
      integratedWorkflow: false,
      sketchInfluence: 85,
      aspectRatio: '3:2',
      model: 'gpt-image-1',
      size: '1536x1024',
      seedSupported: false,
    });
    expect(body.metadata.prompt).toContain(STYLE);

    const [call] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(call.refusal).toBeNull();
    expect(call.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(call.fields).toMatchObject({
      model: ['gpt-image-1'],
      n: ['2'],
      size: ['1536x1024'],
      quality: ['high'],
      input_fidelity: ['high'],
      output_format: ['jpeg'],
    });
    expect(call.fields.prompt[0]).toContain(STYLE);
    expect(call.fields.prompt[0]).toContain('evening light');
    expect(call.files.map((f) => [f.field, f.format])).toEqual([
      ['image[]', 'png'],
      ['image[]', 'jpeg'],
      ['image[]', 'jpeg'],
    ]);

    for (const image of body.images) {
      const file = await download(user.cookie, image.url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="archlens-render-${image.index + 1}.jpg"`);
      const meta = await sharp(file.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 1024]);
    }
    expect((await objectsUnder(stack, `generations/${user.userId}/${jobId}/`)).sort()).toEqual([
      `generations/${user.userId}/${jobId}/0.jpg`,
      `generations/${user.userId}/${jobId}/0.unmatched-lines.png`,
      `generations/${user.userId}/${jobId}/1.jpg`,
      `generations/${user.userId}/${jobId}/1.unmatched-lines.png`,
    ]);
    // The inputs are removed once the job is done.
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);

    // Credits: the estimate (2 variations × 15 for high detail) reserved once, then captured.
    expect(await balanceOf(stack, user.userId)).toBe(70);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'captured', amount: 30 }]);
    expect(await ledgerReasons(stack, user.userId)).toEqual(['reserve']);

    const history = await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    expect(history.body).toEqual([
      { id: jobId, status: 'succeeded', creditsSpent: 30, createdAt: expect.any(String), provider: 'openai', imageCount: 2 },
    ]);
  });

  it("answers 404 for another user's image, an index without an image and an id that is not a UUID; 401 signed out", async () => {
    const owner = await proUser(stack, 50);
    const res = await postGeneration(stack, owner, { provider: 'openai', variations: 1 }).expect(200);
    const { jobId } = res.body as GenerateResponse;
    const stranger = await signUp(stack, 'Stranger');
    for (const [cookie, url] of [
      [stranger.cookie, `/api/download/${jobId}/0`],
      [owner.cookie, `/api/download/${jobId}/1`],
      [owner.cookie, `/api/download/${jobId}/9`],
      [owner.cookie, `/api/download/not-a-uuid/0`],
      [owner.cookie, `/api/download/${randomUUID()}/0`],
    ]) {
      const answer = await request(stack.http).get(url).set('Cookie', cookie);
      expect([url, answer.status, answer.body]).toEqual([
        url,
        404,
        { code: 'generation.not-found', message: GENERATION_MESSAGES.notFound },
      ]);
    }
    await request(stack.http).get(`/api/download/${jobId}/0`).expect(401);
    await request(stack.http).get('/api/generations').expect(401);
    const strangers = await request(stack.http).get('/api/generations').set('Cookie', stranger.cookie).expect(200);
    expect(strangers.body).toEqual([]);
  });

  it('stores a PNG answer as a JPEG', async () => {
    const user = await proUser(stack, 10);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', format: 'png' } });
    const res = await postGeneration(stack, user, { provider: 'openai', aspectRatio: 'A4_portrait', sketchInfluence: 40 }).expect(200);
    expect(fake.requests[0].fields).toMatchObject({ size: ['1024x1536'], input_fidelity: ['low'], quality: ['medium'], n: ['1'] });
    const file = await download(user.cookie, (res.body as GenerateResponse).images[0].url).expect(200);
    const meta = await sharp(file.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 1536]);
  });

  it("a provider 500 fails the generation with OpenAI's message: 502, credits released, nothing billed or kept", async () => {
    const user = await proUser(stack, 40);
    fake.rule({
      provider: 'openai',
      behaviour: { kind: 'fail', status: 500, message: 'The server had an error while processing your request.' },
    });
    const jobId = randomUUID();
    const res = await postGeneration(stack, user, { jobId, provider: 'openai', variations: 2 }, { references: 1 });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'generation.provider-failed',
      message: 'The server had an error while processing your request.',
      params: { reason: 'The server had an error while processing your request.' },
    });
    expect(await balanceOf(stack, user.userId)).toBe(40);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'released', amount: 20 }]);
    expect(await jobRow(stack, jobId)).toMatchObject({
      status: 'failed',
      error: 'The server had an error while processing your request.',
      credits_spent: 0,
    });
    expect(await objectsUnder(stack, `generations/${user.userId}/`)).toEqual([]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    const history = await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    expect(history.body).toMatchObject([{ id: jobId, status: 'failed', creditsSpent: 0, imageCount: 0 }]);
    // The same job sent again answers the same refusal, and calls nobody.
    const again = await postGeneration(stack, user, { jobId, provider: 'openai', variations: 2 });
    expect([again.status, again.body]).toEqual([
      502,
      {
        code: 'generation.provider-failed',
        message: 'The server had an error while processing your request.',
        params: { reason: 'The server had an error while processing your request.' },
      },
    ]);
    expect(fake.requests).toHaveLength(1);
  });

  it("another user's request with a generation id under way is refused (409) and never answered with that generation", async () => {
    const owner = await proUser(stack, 20);
    const other = await proUser(stack, 20, 'monthly', 'Other');
    fake.rule({ provider: 'openai', behaviour: { kind: 'hang' } });
    const jobId = randomUUID();
    const owners = postGeneration(stack, owner, { jobId, provider: 'openai' }).then((res) => res);
    await fake.waitFor((r) => r.provider === 'openai');

    const taken = await postGeneration(stack, other, { jobId, provider: 'sora', styleDescription: 'Rammed earth and cedar' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ code: 'generation.job-id-taken', message: 'This generation id is already in use. Please try again.' });
    expect(await objectsUnder(stack, `generation-inputs/${other.userId}/`)).toEqual([]);

    // The owner's generation runs on as its own: it times out on the provider, as it would have.
    const res = await owners;
    expect(res.status).toBe(502);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'failed', error: 'OpenAI did not answer within 3 s.' });
    expect(await balanceOf(stack, other.userId)).toBe(20);
    expect(await reservationsOf(stack, other.userId)).toEqual([]);
  });

  it('answers the history, a download and a job state while every generation place of the worker waits on its provider', async () => {
    const done = await proUser(stack, 10, 'monthly', 'Done');
    const finished = randomUUID();
    const first = await postGeneration(stack, done, { jobId: finished, provider: 'openai' }).expect(200);
    // All 8 places of the worker's `generation` queue are taken by generations whose provider hangs.
    const busy = await Promise.all(Array.from({ length: 8 }, (_, i) => proUser(stack, 10, 'monthly', `Busy${i}`)));
    fake.rule({ provider: 'openai', behaviour: { kind: 'hang' }, times: 8 });
    let settled = 0;
    const running = busy.map((user) =>
      postGeneration(stack, user, { provider: 'openai' }).then((res) => {
        settled += 1;
        return res;
      }),
    );
    // The finished generation's call and the 8 hanging ones have all reached the provider.
    while (fake.requests.filter((r) => r.provider === 'openai').length < 9) await new Promise((r) => setTimeout(r, 50));

    const history = await request(stack.http).get('/api/generations').set('Cookie', done.cookie).expect(200);
    expect(history.body).toMatchObject([{ id: finished, status: 'succeeded', imageCount: 1 }]);
    const image = await download(done.cookie, (first.body as GenerateResponse).images[0].url).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const state = await fetch(`${baseUrl}/api/generations/${finished}/events`, { headers: { cookie: done.cookie } });
    expect(await readEvents(state)).toEqual([{ jobId: finished, stage: 'succeeded', percent: 100, imagesDone: 1, imagesTotal: 1 }]);
    // None of the 8 had finished meanwhile: the reads did not wait behind them.
    expect(settled).toBe(0);
    expect((await Promise.all(running)).map((res) => res.status)).toEqual(Array(8).fill(502));
  });

  it('a provider that does not answer in time fails the generation: 502, credits released', async () => {
    const user = await proUser(stack, 15);
    fake.rule({ provider: 'openai', behaviour: { kind: 'hang' } });
    const jobId = randomUUID();
    const started = Date.now();
    const res = await postGeneration(stack, user, { jobId, provider: 'openai', detailLevel: 'high' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'generation.provider-failed',
      message: 'OpenAI did not answer within 3 s.',
      params: { reason: 'OpenAI did not answer within 3 s.' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS);
    expect(await balanceOf(stack, user.userId)).toBe(15);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'released', amount: 15 }]);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'failed', error: 'OpenAI did not answer within 3 s.' });
  });

  it('the unlimited (VIP) plan generates with no credit check and spends nothing', async () => {
    const vip = await proUser(stack, 0, 'unlimited', 'Vip');
    const res = await postGeneration(stack, vip, { provider: 'openai', variations: 4, detailLevel: 'high' }).expect(200);
    expect(res.body).toMatchObject({ creditsUsed: 0 });
    expect((res.body as GenerateResponse).images).toHaveLength(4);
    expect(await reservationsOf(stack, vip.userId)).toEqual([
      { reference: (res.body as GenerateResponse).jobId, status: 'captured', amount: 0 },
    ]);
    expect(await balanceOf(stack, vip.userId)).toBe(0);
  });
});

describe('stability-ai: the sketch-control endpoint', () => {
  it('makes one call per variation with control strength, seeds from the one asked for and JPEG output; reports the seeds', async () => {
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    const res = await postGeneration(
      stack,
      user,
      { jobId, provider: 'stability-ai', aspectRatio: 'A4_portrait', sketchInfluence: 60, variations: 3, seed: 1000 },
      { references: 1 },
    );
    expect(res.status).toBe(200);
    const body = res.body as GenerateResponse;
    expect(body.images.map((i) => [i.index, i.seed])).toEqual([
      [0, 1000],
      [1, 1001],
      [2, 1002],
    ]);
    expect(body).toMatchObject({ seed: 1000, creditsUsed: 30 });
    expect(body.metadata).toMatchObject({
      provider: 'stability-ai',
      seedSupported: true,
      size: '832x1216',
      model: 'stable-image/control/sketch',
    });

    expect(fake.requests).toHaveLength(3);
    for (const call of fake.requests) {
      expect(call.refusal).toBeNull();
      expect(call.authorization).toBe(`Bearer ${STABILITY_KEY}`);
      expect(call.accept).toBe('image/*');
      expect(call.fields).toMatchObject({ control_strength: ['0.6'], output_format: ['jpeg'] });
      expect(call.fields.prompt[0]).toContain(STYLE);
      expect(call.fields.negative_prompt[0].length).toBeGreaterThan(0);
      // The sketch, fitted into the A4 portrait canvas.
      expect(call.files.map((f) => [f.field, f.format, f.width, f.height])).toEqual([['image', 'png', 832, 1216]]);
    }
    expect(fake.requests.map((r) => r.fields.seed[0]).sort()).toEqual(['1000', '1001', '1002']);
    const file = await download(user.cookie, body.images[2].url).expect(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="archlens-render-3.jpg"');
    expect((await sharp(file.body as Buffer).metadata()).format).toBe('jpeg');
    expect(await balanceOf(stack, user.userId)).toBe(70);
  });

  it('without a seed, reports the seed Stability drew for each image', async () => {
    const user = await proUser(stack, 20);
    const res = await postGeneration(stack, user, { provider: 'stability-ai', variations: 2, sketchInfluence: 100 }).expect(200);
    const body = res.body as GenerateResponse;
    const answered = fake.requests.map((r) => r.seedAnswered);
    expect(fake.requests.map((r) => r.fields.control_strength[0])).toEqual(['1', '1']);
    expect(body.images.map((i) => i.seed).sort()).toEqual([...answered].sort());
    expect(body.seed).toBe(body.images[0].seed);
  });

  it("a failure of one variation fails the generation with Stability's message; the other image is not kept", async () => {
    const user = await proUser(stack, 20);
    fake.rule({
      provider: 'stability-ai',
      match: (r) => r.fields.seed?.[0] === '71',
      behaviour: { kind: 'fail', status: 500, message: 'Internal error: upstream capacity exceeded' },
    });
    const jobId = randomUUID();
    const res = await postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 2, seed: 70 });
    expect([res.status, res.body]).toEqual([
      502,
      {
        code: 'generation.provider-failed',
        message: 'Internal error: upstream capacity exceeded',
        params: { reason: 'Internal error: upstream capacity exceeded' },
      },
    ]);
    expect(await balanceOf(stack, user.userId)).toBe(20);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'released', amount: 20 }]);
    expect(await objectsUnder(stack, `generations/${user.userId}/`)).toEqual([]);
    expect(await jobRow(stack, jobId)).toMatchObject({ status: 'failed', error: 'Internal error: upstream capacity exceeded' });
  });

  it('a call that does not answer in time fails the generation: 502, credits released', async () => {
    const user = await proUser(stack, 10);
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'hang' } });
    const jobId = randomUUID();
    const res = await postGeneration(stack, user, { jobId, provider: 'stability-ai' });
    expect([res.status, res.body]).toEqual([
      502,
      {
        code: 'generation.provider-failed',
        message: 'Stability AI did not answer within 3 s.',
        params: { reason: 'Stability AI did not answer within 3 s.' },
      },
    ]);
    expect(await balanceOf(stack, user.userId)).toBe(10);
    expect(await reservationsOf(stack, user.userId)).toEqual([{ reference: jobId, status: 'released', amount: 10 }]);
  });
});

/** Reads a server-sent event stream until it ends: every `data:` line, parsed as progress. */
async function readEvents(response: Response): Promise<GenerationProgress[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => generationProgressSchema.parse(JSON.parse(line.slice('data: '.length))));
}

describe('GET /api/generations/{jobId}/events', () => {
  it("streams the worker's real progress to the owner, opened before the job; nothing to anyone else, 404 once the job exists", async () => {
    const user = await proUser(stack, 40);
    const other = await proUser(stack, 40, 'monthly', 'Other');
    const jobId = randomUUID();
    const own = await fetch(`${baseUrl}/api/generations/${jobId}/events`, { headers: { cookie: user.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const abort = new AbortController();
    const foreign = await fetch(`${baseUrl}/api/generations/${jobId}/events`, { headers: { cookie: other.cookie }, signal: abort.signal });
    const foreignChunks: string[] = [];
    const foreignRead = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of foreign.body!) foreignChunks.push(decoder.decode(chunk as Uint8Array));
    })().catch(() => undefined);

    await postGeneration(stack, user, { jobId, provider: 'stability-ai', variations: 2, seed: 5 }).expect(200);
    const events = await readEvents(own);
    expect(events.every((e) => e.jobId === jobId)).toBe(true);
    expect(events.map((e) => e.stage)).toEqual(['queued', 'reserving', 'rendering', 'rendering', 'rendering', 'storing', 'succeeded']);
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ stage: 'succeeded', percent: 100 });
    expect(events.filter((e) => e.stage === 'rendering').map((e) => [e.imagesDone, e.imagesTotal])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);

    abort.abort();
    await foreignRead;
    // Another user's stream carries its opening comment and nothing else: no event, no data.
    const foreignLines = foreignChunks.join('').split('\n');
    expect(foreignLines.filter((line) => line !== '')).toEqual([': connected']);
    // Once the job exists, it is the owner's only: another user's stream answers 404 at once.
    const foreignAfter = await fetch(`${baseUrl}/api/generations/${jobId}/events`, { headers: { cookie: other.cookie } });
    expect([foreignAfter.status, await foreignAfter.json()]).toEqual([
      404,
      { code: 'generation.not-found', message: GENERATION_MESSAGES.notFound },
    ]);
    // The owner reopening a finished job gets its end at once, and the stream closes.
    const reopened = await fetch(`${baseUrl}/api/generations/${jobId}/events`, { headers: { cookie: user.cookie } });
    expect(reopened.status).toBe(200);
    expect(await readEvents(reopened)).toEqual([{ jobId, stage: 'succeeded', percent: 100, imagesDone: 2, imagesTotal: 2 }]);

    const failing = randomUUID();
    fake.rule({ provider: 'openai', behaviour: { kind: 'fail', message: 'Billing hard limit has been reached.' } });
    const stream = await fetch(`${baseUrl}/api/generations/${failing}/events`, { headers: { cookie: user.cookie } });
    await postGeneration(stack, user, { jobId: failing, provider: 'openai' }).expect(502);
    expect((await readEvents(stream)).at(-1)).toMatchObject({ stage: 'failed', message: 'Billing hard limit has been reached.' });
    const failedAgain = await readEvents(await fetch(`${baseUrl}/api/generations/${failing}/events`, { headers: { cookie: user.cookie } }));
    expect(failedAgain).toEqual([{ jobId: failing, stage: 'failed', percent: 0, message: 'Billing hard limit has been reached.' }]);
  });

  it('lets one user hold at most 5 streams open at once: the 6th answers 429 with Retry-After, and closing one frees its place', async () => {
    const user = await proUser(stack, 0);
    const other = await proUser(stack, 0, 'monthly', 'Other');
    const open = async (cookie: string) => {
      const abort = new AbortController();
      const res = await fetch(`${baseUrl}/api/generations/${randomUUID()}/events`, { headers: { cookie }, signal: abort.signal });
      return { res, close: () => abort.abort() };
    };
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await open(user.cookie));
    expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(user.cookie);
    expect(sixth.res.status).toBe(429);
    expect(sixth.res.headers.get('retry-after')).toBe('15');
    expect(await sixth.res.json()).toEqual({
      code: 'too-many-requests',
      message: 'Too many generation progress streams are open. Please close one and try again.',
    });
    // Another user is not affected.
    const theirs = await open(other.cookie);
    expect(theirs.res.status).toBe(200);
    theirs.close();

    streams.pop()!.close();
    let again = await open(user.cookie);
    for (let i = 0; i < 50 && again.res.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the gateway sees the closed connection
      again = await open(user.cookie);
    }
    expect(again.res.status).toBe(200);
    [...streams, again].forEach((s) => s.close());
  });

  it('answers 401 signed out and 404 for an id that is not a UUID', async () => {
    const user = await proUser(stack, 0);
    expect((await fetch(`${baseUrl}/api/generations/${randomUUID()}/events`)).status).toBe(401);
    const bad = await fetch(`${baseUrl}/api/generations/nope/events`, { headers: { cookie: user.cookie } });
    expect([bad.status, await bad.json()]).toEqual([404, { code: 'generation.not-found', message: GENERATION_MESSAGES.notFound }]);
  });
});

describe('credits under contention', () => {
  it('20 generations at once on a balance that covers 5: exactly 5 run, 15 are refused for credits, the balance ends at 0', async () => {
    const user = await proUser(stack, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postGeneration(stack, user, { provider: 'openai', variations: 1 })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect((refused.body as { message: string }).message).toMatch(/^Insufficient credits for this generation \(\d+ over limit\)$/);
      expect(refused.body).toMatchObject({ code: 'credits.insufficient', params: { overBy: expect.any(Number) } });
    }
    expect(fake.requests).toHaveLength(5);
    expect(await balanceOf(stack, user.userId)).toBe(0);
    const reservations = await reservationsOf(stack, user.userId);
    expect(reservations.map((r) => r.status)).toEqual(Array(5).fill('captured'));
    const history = await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    const items = history.body as Array<{ status: string; creditsSpent: number }>;
    expect(items.filter((i) => i.status === 'succeeded').map((i) => i.creditsSpent)).toEqual(Array(5).fill(10));
    expect(items.filter((i) => i.status === 'failed')).toHaveLength(15);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
  });
});
