import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import request from 'supertest';
import { QUEUES } from '@archlens/contracts/queues';
import { Redis } from 'ioredis';
import { redisConnection } from '@archlens/platform/messaging';
import { STORED_SIGNAL_PREFIX } from '@archlens/platform/stored-objects';
import { MAX_IMAGE_BYTES, PRIMARY_DESCRIPTION_WORDS, countSections } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../analysis-worker/src/testing/fake-chat-completions.server.js';
import { fixturePhoto, pngDeclaring, smallPng, THREE_PHOTOS } from '../testing/images.js';
import { startStack, type Stack } from '../testing/stack.js';
import { startS3Proxy, type S3Proxy } from '../testing/s3-proxy.js';
import { STORE_FAILED_MESSAGE } from './analysis.service.js';
import { parseServerTiming } from './server-timing.js';

async function signUp(stack: Stack, first = 'Grace'): Promise<{ cookie: string; userId: string }> {
  const res = await request(stack.http)
    .post('/api/auth/signup')
    .send({ email: `${first.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`, first_name: first, last_name: 'Tester', password: 'correct-horse' })
    .expect(201);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
  return { cookie, userId: res.body.id as string };
}

/** `n` words as a vision model might write them. */
function modelWords(n: number): string {
  return Array.from({ length: n }, (_, i) => ['grey', 'stone', 'arcade', 'rhythm'][i % 4]).join(' ');
}

/** A vision model's JSON answer with a primary description of `words` words. */
function modelAnswer(words: number): string {
  const expanded = ['## Massing and Form', 'x', '## Materials and Palette', 'x', '## Light and Atmosphere', 'x', '## Detailing and Rhythm', 'x'].join('\n\n');
  return JSON.stringify({ primaryDescription: modelWords(words), expandedDescription: expanded, tags: ['arcade', 'stone', 'grey', 'rhythm', 'colonnade'] });
}

/** Environment that points the analysis worker's OpenAI engine at the loopback server. */
function openAiEnv(fake: FakeChatCompletions): NodeJS.ProcessEnv {
  return { OPENAI_API_KEY: 'sk-pipeline', OPENAI_BASE_URL: fake.baseURL, OPENAI_VISION_MODEL: 'gpt-4o-pipeline' };
}

describe('Design Language Analysis end to end: gateway → S3 → analysis queue → worker → PostgreSQL → response', () => {
  let stack: Stack;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    stack = await startStack();
    ({ cookie, userId } = await signUp(stack));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('analyses the three fixture photos on the offline engine and records the analysis', async () => {
    let req = request(stack.http).post('/api/analyze').set('Cookie', cookie);
    for (const name of THREE_PHOTOS) req = req.attach('images', fixturePhoto(name), name);
    const sentAt = performance.now();
    const res = await req.expect(200);
    const requestMs = performance.now() - sentAt;

    expect(res.body.engine).toBe('offline');
    expect(countWords(res.body.primaryDescription)).toBe(PRIMARY_DESCRIPTION_WORDS);
    expect(countSections(res.body.expandedDescription)).toBeGreaterThanOrEqual(4);
    expect(res.body.tags.length).toBeGreaterThanOrEqual(5);
    expect(res.body.tags.length).toBeLessThanOrEqual(12);
    expect(res.body.imageCount).toBe(3);
    // It speaks of what the pixels show, never of a style it cannot see in the numbers.
    expect(`${res.body.primaryDescription} ${res.body.expandedDescription}`).not.toMatch(/gothic|baroque|modernis[mt]|cathedral|MIT/i);

    const { rows } = await stack.db.query('SELECT * FROM analysis.analyses WHERE id = $1', [res.body.id]);
    // Every column holds what the answer says, each in its place.
    expect(rows[0]).toMatchObject({
      user_id: userId,
      image_count: 3,
      primary_description: res.body.primaryDescription,
      expanded_description: res.body.expandedDescription,
      tags: res.body.tags,
      engine: 'offline',
      model: res.body.model,
    });
    expect((rows[0].created_at as Date).toISOString()).toBe(res.body.createdAt);
    expect(rows[0].duration_ms).toBeGreaterThan(0);
    expect(rows[0].image_keys).toHaveLength(3);
    const stored = await stack.storage.list(`uploads/${userId}/`);
    expect(stored.sort()).toEqual([...(rows[0].image_keys as string[])].sort());
    // The originals are stored byte for byte.
    const first = (rows[0].image_keys as string[])[0]!;
    expect((await stack.storage.get(first)).equals(fixturePhoto(THREE_PHOTOS[0]))).toBe(true);
    // Where the time went, phase by phase, for an operator's network panel and the benchmark.
    const phases = parseServerTiming(res.headers['server-timing']);
    expect(Object.keys(phases)).toEqual(['receive', 'validate', 'store', 'analyse']);
    // The phases are parts of this request: together they fit inside the time the client waited.
    const phaseSum = Object.values(phases).reduce((a, b) => a + b, 0);
    expect(phaseSum).toBeLessThanOrEqual(requestMs);
    // The worker's analysis of three photos takes real time; it is not a constant written in.
    expect(phases.analyse).toBeGreaterThan(phases.validate!);
  });

  it('lists only the 3 most recent analyses of the signed-in user, newest first', async () => {
    for (let i = 0; i < 3; i++) {
      await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', await smallPng(i * 30), `p${i}.png`).expect(200);
    }
    const res = await request(stack.http).get('/api/analyses').set('Cookie', cookie).expect(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((a: { imageCount: number }) => a.imageCount)).toEqual([1, 1, 1]);
    const times = res.body.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const a of res.body) expect(countWords(a.primaryDescription)).toBe(PRIMARY_DESCRIPTION_WORDS);

    const other = await signUp(stack, 'Other');
    expect((await request(stack.http).get('/api/analyses').set('Cookie', other.cookie).expect(200)).body).toEqual([]);
  });

  describe('refuses bad input with a clear 4xx and stores or queues nothing', () => {
    const cases: Array<[string, () => Promise<{ req: request.Test }>, number, string]> = [];
    const post = () => request(stack.http).post('/api/analyze').set('Cookie', cookie);
    cases.push([
      '11 images',
      async () => {
        let req = post();
        for (let i = 0; i < 11; i++) req = req.attach('images', await smallPng(i), `p${i}.png`);
        return { req };
      },
      400,
      'Please select up to 10 images only.',
    ]);
    cases.push(['a text file named .jpg', async () => ({ req: post().attach('images', Buffer.from('plain text, not a photograph\n'.repeat(10)), 'facade.jpg') }), 415, '"facade.jpg" is not an image file.']);
    cases.push(['an empty file', async () => ({ req: post().attach('images', Buffer.alloc(0), 'empty.jpg') }), 400, '"empty.jpg" is empty.']);
    cases.push([
      'a file over 50 MB',
      async () => ({ req: post().attach('images', Buffer.concat([fixturePhoto('mit-media-lab.jpg'), Buffer.alloc(MAX_IMAGE_BYTES)]), 'huge.jpg') }),
      413,
      'Each image must be under 50MB.',
    ]);
    cases.push(['a PNG declaring 30000×30000 pixels', async () => ({ req: post().attach('images', pngDeclaring(30000, 30000), 'bomb.png') }), 422, '"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.']);
    cases.push(['no images field', async () => ({ req: post().field('note', 'no files') }), 400, 'Please upload at least one architectural image.']);
    cases.push(['a signed-out request', async () => ({ req: request(stack.http).post('/api/analyze').attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg') }), 401, 'Unauthorized']);

    it.each(cases)('%s', async (_label, send, status, message) => {
      const before = await stack.footprint();
      const { req } = await send();
      const res = await req;
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message });
      expect(await stack.footprint()).toEqual(before);
    });
  });

  describe('when the analysis worker is down', () => {
    it('answers 503 and stores nothing when no analysis worker is running', async () => {
      await stack.stopAnalysisWorker();
      // Another deployment's analysis worker on another database of the same Redis server (a
      // second checkout, or `npm start` beside the tests) does not serve this one.
      const ours = redisConnection(process.env.REDIS_URL!);
      const elsewhere = new Worker(QUEUES.analysis, async () => undefined, { connection: { ...ours, db: (ours.db + 1) % 16 } });
      const queue = new Queue(QUEUES.analysis, { connection: ours });
      try {
        // BullMQ itself counts it once it waits for jobs: it finds workers by connection name, on
        // any database.
        const deadline = Date.now() + 5000;
        while ((await queue.getWorkersCount()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(await queue.getWorkersCount()).toBeGreaterThan(0);
        const before = await stack.footprint();
        const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg');
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('The analysis service is not running. Please try again in a moment.');
        expect(await stack.footprint()).toEqual(before);
        // The worker check starts before the body is read, but a bad upload still gets its own answer.
        const text = await request(stack.http)
          .post('/api/analyze')
          .set('Cookie', cookie)
          .attach('images', Buffer.from('not a photo, only words\n'.repeat(40)), 'notes.jpg');
        expect([text.status, text.body.message]).toEqual([415, '"notes.jpg" is not an image file.']);
        expect(await stack.footprint()).toEqual(before);
      } finally {
        await Promise.all([elsewhere.close(), queue.close()]);
      }
    });
  });

});

describe('a worker that does not answer in time', () => {
  let stack: Stack;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    // The vision model answers after 1.5 s; the gateway waits 0.3 s.
    fake = await startFakeChatCompletions([{ content: modelAnswer(88), delayMs: 1500 }]);
    stack = await startStack({ env: { ...openAiEnv(fake), ANALYSIS_REPLY_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 1600)); // let the slow job finish before closing
    await stack?.close();
    await fake?.close();
  });

  it('answers 504 with a clear message', async () => {
    const { cookie } = await signUp(stack, 'Slow');
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', await smallPng(), 'p.png');
    expect(res.status).toBe(504);
    expect(res.body.message).toBe('The analysis service did not answer within 0.3 s. Please try again.');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('a vision model that keeps missing 88 words', () => {
  let stack: Stack;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions([modelAnswer(87), modelAnswer(90), modelAnswer(86)]);
    stack = await startStack({ env: openAiEnv(fake) });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('answers 502 with the worker reason, records nothing and removes the stored originals', async () => {
    const { cookie } = await signUp(stack, 'Failing');
    const before = await stack.footprint();
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', await smallPng(), 'p.png');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^The vision model did not return a valid analysis after 3 attempts: Your primaryDescription has 86 words/);
    expect(fake.requests).toHaveLength(3);
    const after = await stack.footprint();
    expect([after.objects, after.analyses]).toEqual([before.objects, before.analyses]);
  });
});

/** Posts the three fixture photos; `tours-cathedral-gothic.jpg` (3.8 MB) is the only one over 1 MB. */
async function analyseThreePhotos(stack: Stack, cookie: string) {
  let req = request(stack.http).post('/api/analyze').set('Cookie', cookie);
  for (const name of THREE_PHOTOS) req = req.attach('images', fixturePhoto(name), name);
  return req;
}

describe('an object store that is slow to take a large photo', () => {
  let stack: Stack;
  let proxy: S3Proxy;

  beforeAll(async () => {
    proxy = await startS3Proxy(process.env.S3_ENDPOINT!, { kind: 'delay', ms: 400 });
    stack = await startStack({ env: { S3_ENDPOINT: proxy.endpoint } });
  });
  afterAll(async () => {
    await stack?.close();
    await proxy?.close();
  });

  it('stores the photos one at a time, smallest first, and measures those stored while the large one is still uploading, reading each only once it is stored', async () => {
    const { cookie, userId } = await signUp(stack, 'Patient');
    const res = await analyseThreePhotos(stack, cookie);
    expect(res.status).toBe(200);
    expect(countWords(res.body.primaryDescription)).toBe(PRIMARY_DESCRIPTION_WORDS);

    const ours = proxy.requests.filter((r) => r.path.includes(`/uploads/${userId}/`));
    const puts = ours.filter((r) => r.method === 'PUT');
    // mit-media-lab.jpg (90 KB), havana-cathedral-baroque.jpg (146 KB), tours-cathedral-gothic.jpg (3.8 MB),
    // each sent only once the one before it was stored.
    expect(puts.map((p) => p.bytes)).toEqual([fixturePhoto('mit-media-lab.jpg'), fixturePhoto('havana-cathedral-baroque.jpg'), fixturePhoto('tours-cathedral-gothic.jpg')].map((b) => b.length));
    expect(puts[1]!.receivedAt).toBeGreaterThanOrEqual(puts[0]!.answeredAt);
    expect(puts[2]!.receivedAt).toBeGreaterThanOrEqual(puts[1]!.answeredAt);
    const largePut = puts[2]!;
    expect(largePut.status).toBe(200);
    const reads = ours.filter((r) => r.method === 'GET');
    expect(reads).toHaveLength(3);
    // The worker had the job, and read the small photos, before the large upload was answered.
    expect(reads.filter((r) => r.answeredAt < largePut.answeredAt)).toHaveLength(2);
    // It read the large photo after its upload was complete, and got all of it.
    const largeRead = reads.find((r) => r.path === largePut.path)!;
    expect(largeRead.answeredAt).toBeGreaterThan(largePut.answeredAt);
    expect(largeRead.status).toBe(200);
  });
});

/**
 * Starts a stack whose object store is behind a proxy that refuses every upload of `refusedBytes`
 * or more, for the describe that calls it; `analysisQueue` reads the jobs the worker failed.
 */
function withRefusingStore(refusedBytes: number): { stack: Stack; proxy: S3Proxy; analysisQueue: Queue } {
  const context = {} as { stack: Stack; proxy: S3Proxy; analysisQueue: Queue };
  beforeAll(async () => {
    context.proxy = await startS3Proxy(process.env.S3_ENDPOINT!, { kind: 'refuse' }, refusedBytes);
    context.stack = await startStack({ env: { S3_ENDPOINT: context.proxy.endpoint } });
    context.analysisQueue = new Queue(QUEUES.analysis, { connection: redisConnection(process.env.REDIS_URL!) });
  });
  afterAll(async () => {
    await context.analysisQueue?.close();
    await context.stack?.close();
    await context.proxy?.close();
  });
  return context;
}

/** The reason the worker gave for failing the user's analysis job; waits up to 5 s for it. */
async function failedReason(analysisQueue: Queue, userId: string): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const failed = await analysisQueue.getFailed();
    const reason = failed.find((job) => (job.data as { userId?: string }).userId === userId)?.failedReason;
    if (reason) return reason;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

describe('an object store that refuses a large photo', () => {
  const context = withRefusingStore(1_000_000);

  it('answers 503 with a clear message, keeps none of the photos, records nothing and stops the worker', async () => {
    const { stack, proxy, analysisQueue } = context;
    const { cookie, userId } = await signUp(stack, 'Refused');
    const before = await stack.footprint();
    const res = await analyseThreePhotos(stack, cookie);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(STORE_FAILED_MESSAGE);
    const refused = proxy.requests.find((r) => r.method === 'PUT' && r.path.includes(`/uploads/${userId}/`) && r.status === 503);
    expect(refused).toBeDefined();

    const after = await stack.footprint();
    expect([after.objects, after.analyses]).toEqual([before.objects, before.analyses]);
    // The job went out before the photos were stored; the worker fails it at the refused photo
    // instead of waiting for it or reading half a file.
    expect(await failedReason(analysisQueue, userId)).toMatch(
      /^Image 2 of 3 did not reach object storage: The upload of "uploads\/.+\.jpg" to object storage failed\.$/,
    );
  });
});

describe('an object store that refuses the second photo of three', () => {
  // havana-cathedral-baroque.jpg (146 KB) is stored second, after mit-media-lab.jpg (90 KB).
  const context = withRefusingStore(100_000);

  it('sends no further photo, keeps none, and signals the photo never sent as failed so that the worker stops waiting for it', async () => {
    const { stack, proxy, analysisQueue } = context;
    const { cookie, userId } = await signUp(stack, 'Halted');
    const before = await stack.footprint();
    // What the gateway signals to the worker, seen as Redis runs it.
    const redis = new Redis(redisConnection(process.env.REDIS_URL!));
    const monitor = await redis.monitor();
    const signals: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'rpush' && args[1]?.startsWith(`${STORED_SIGNAL_PREFIX}uploads/${userId}/`)) signals.push(args[2]!);
    });
    const res = await analyseThreePhotos(stack, cookie).finally(() => {
      monitor.disconnect();
      redis.disconnect();
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(STORE_FAILED_MESSAGE);
    const puts = proxy.requests.filter((r) => r.method === 'PUT' && r.path.includes(`/uploads/${userId}/`));
    expect(puts.map((p) => [p.bytes, p.status])).toEqual([
      [fixturePhoto('mit-media-lab.jpg').length, 200],
      [fixturePhoto('havana-cathedral-baroque.jpg').length, 503],
    ]);
    const after = await stack.footprint();
    expect([after.objects, after.analyses]).toEqual([before.objects, before.analyses]);
    // mit stored, havana refused, tours never sent: without its 'failed' signal the worker would
    // hold a Redis connection waiting for it for STORE_WAIT_MS (90 s).
    expect(signals).toEqual(['stored', 'failed', 'failed']);
    expect(await failedReason(analysisQueue, userId)).toMatch(/^Image [23] of 3 did not reach object storage: /);
  });
});

describe('with OPENAI_API_KEY set, the worker uses the OpenAI-compatible endpoint it is configured with', () => {
  let stack: Stack;
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions([modelAnswer(88)]);
    stack = await startStack({ env: openAiEnv(fake) });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('answers with engine "openai" and the configured model, and records it', async () => {
    const { cookie } = await signUp(stack, 'Openai');
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', fixturePhoto('havana-cathedral-baroque.jpg'), 'havana.jpg').expect(200);
    expect(res.body).toMatchObject({ engine: 'openai', model: 'gpt-4o-pipeline', primaryDescription: modelWords(88), imageCount: 1 });
    // What reached the model: the key, the configured model, the photo as a data URL, the schema.
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.refusal).toBeNull();
    expect(sent.authorization).toBe('Bearer sk-pipeline');
    expect(sent.body.model).toBe('gpt-4o-pipeline');
    const parts = sent.body.messages!.find((m) => m.role === 'user')!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url.slice(0, 23))).toEqual(['data:image/jpeg;base64,']);
    expect(sent.body.response_format?.json_schema?.schema?.required).toEqual(['primaryDescription', 'expandedDescription', 'tags']);
    const { rows } = await stack.db.query('SELECT engine, model FROM analysis.analyses WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ engine: 'openai', model: 'gpt-4o-pipeline' });
  });
});
