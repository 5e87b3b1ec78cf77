import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import request from 'supertest';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { MAX_IMAGE_BYTES, PRIMARY_DESCRIPTION_WORDS, countSections } from '@archlens/contracts/analysis';
import { genericErrorCode } from '@archlens/contracts/errors';
import { countWords } from '@archlens/contracts/words';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.server.js';
import { fixturePhoto, pngDeclaring, smallPng, THREE_PHOTOS } from '../support/images.js';
import { signUp } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';
import { startS3Proxy, type S3Proxy } from '../support/s3-proxy.js';

/** The gateway's 503 when the store does not take a photo (apps/gateway originals.storage-engine). */
const STORE_FAILED_MESSAGE = 'Your images could not be stored just now. Please try again in a moment.';

/** `n` words as a vision model might write them. */
function modelWords(n: number): string {
  return Array.from({ length: n }, (_, i) => ['grey', 'stone', 'arcade', 'rhythm'][i % 4]).join(' ');
}

/** A vision model's JSON answer with a primary description of `words` words. */
function modelAnswer(words: number): string {
  const expanded = [
    '## Massing and Form',
    'x',
    '## Materials and Palette',
    'x',
    '## Light and Atmosphere',
    'x',
    '## Detailing and Rhythm',
    'x',
  ].join('\n\n');
  return JSON.stringify({
    primaryDescription: modelWords(words),
    expandedDescription: expanded,
    tags: ['arcade', 'stone', 'grey', 'rhythm', 'colonnade'],
  });
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
    const res = await req.expect(200);

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
    const first = (rows[0].image_keys as string[])[0];
    expect((await stack.storage.get(first)).equals(fixturePhoto(THREE_PHOTOS[0]))).toBe(true);
    // Every response names its request, for support and the logs.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists only the 4 most recent analyses of the signed-in user, newest first (3 shown beside the one on screen)', async () => {
    for (let i = 0; i < 5; i++) {
      await request(stack.http)
        .post('/api/analyze')
        .set('Cookie', cookie)
        .attach('images', await smallPng(i * 30), `p${i}.png`)
        .expect(200);
    }
    const res = await request(stack.http).get('/api/analyses').set('Cookie', cookie).expect(200);
    expect(res.body).toHaveLength(4);
    expect(res.body.map((a: { imageCount: number }) => a.imageCount)).toEqual([1, 1, 1, 1]);
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
    cases.push([
      'a text file named .jpg',
      async () => ({ req: post().attach('images', Buffer.from('plain text, not a photograph\n'.repeat(10)), 'facade.jpg') }),
      415,
      '"facade.jpg" is not an image file.',
    ]);
    cases.push([
      'an empty file',
      async () => ({ req: post().attach('images', Buffer.alloc(0), 'empty.jpg') }),
      400,
      '"empty.jpg" is empty.',
    ]);
    cases.push([
      'a file over 50 MB',
      async () => ({
        req: post().attach('images', Buffer.concat([fixturePhoto('mit-media-lab.jpg'), Buffer.alloc(MAX_IMAGE_BYTES)]), 'huge.jpg'),
      }),
      413,
      '"huge.jpg" is too large (over 50.0 MB). Maximum size is 50MB.',
    ]);
    cases.push([
      'a PNG declaring 30000×30000 pixels',
      async () => ({ req: post().attach('images', pngDeclaring(30000, 30000), 'bomb.png') }),
      422,
      '"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.',
    ]);
    cases.push([
      'no images field',
      async () => ({ req: post().field('note', 'no files') }),
      400,
      'Please upload at least one architectural image.',
    ]);
    cases.push([
      'a request whose third file is a text file (the two photos before it were already stored)',
      async () => ({
        req: post()
          .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
          .attach('images', fixturePhoto('havana-cathedral-baroque.jpg'), 'havana.jpg')
          .attach('images', Buffer.from('site notes, not a photograph\n'.repeat(400)), 'notes.png'),
      }),
      415,
      '"notes.png" is not an image file.',
    ]);
    cases.push([
      'a signed-out request',
      async () => ({ req: request(stack.http).post('/api/analyze').attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg') }),
      401,
      'Unauthorized',
    ]);

    it.each(cases)('%s', async (_label, send, status, message) => {
      const before = await stack.footprint();
      const { req } = await send();
      const res = await req;
      expect(res.status).toBe(status);
      // The gateway's own upload refusals carry the generic code of their status; a signed-out one, auth.unauthorized.
      expect(res.body).toEqual({ code: status === 401 ? 'auth.unauthorized' : genericErrorCode(status), message });
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
        const res = await request(stack.http)
          .post('/api/analyze')
          .set('Cookie', cookie)
          .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg');
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('The analysis service is not running. Please try again in a moment.');
        expect(await stack.footprint()).toEqual(before);
        // A bad upload still gets its own answer.
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
    const res = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png');
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
    const res = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^The vision model did not return a valid analysis after 3 attempts: Your primaryDescription has 86 words/,
    );
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

describe('an object store that refuses the second photo of three', () => {
  let stack: Stack;
  let proxy: S3Proxy;

  beforeAll(async () => {
    // Every upload of 100 KB or more is refused: mit-media-lab.jpg (90 KB) is stored,
    // tours-cathedral-gothic.jpg (3.8 MB, the second photo) is refused.
    proxy = await startS3Proxy(process.env.S3_ENDPOINT!, { kind: 'refuse' }, 100_000);
    stack = await startStack({ env: { S3_ENDPOINT: proxy.endpoint } });
  });
  afterAll(async () => {
    await stack?.close();
    await proxy?.close();
  });

  it('answers 503 with a clear message and Retry-After, sends no further photo, keeps none and queues nothing', async () => {
    const { cookie, userId } = await signUp(stack, 'Refused');
    const before = await stack.footprint();
    const res = await analyseThreePhotos(stack, cookie);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(STORE_FAILED_MESSAGE);
    expect(res.headers['retry-after']).toBe('5');
    const puts = proxy.requests.filter((r) => r.method === 'PUT' && r.path.includes(`/uploads/${userId}/`));
    // mit stored; tours refused (the minio client retries a 503 once); havana never sent.
    expect(puts[0] && [puts[0].bytes, puts[0].status]).toEqual([fixturePhoto('mit-media-lab.jpg').length, 200]);
    expect(puts.slice(1).map((p) => [p.bytes, p.status])).toEqual(
      puts.slice(1).map(() => [fixturePhoto('tours-cathedral-gothic.jpg').length, 503]),
    );
    expect(puts.length).toBeGreaterThanOrEqual(2);
    expect(await stack.footprint()).toEqual(before);
  });
});

describe('a photo whose header reads but whose pixels do not decode (a truncated JPEG)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 422 naming the file, removes its originals and records nothing', async () => {
    const { cookie } = await signUp(stack, 'Truncated');
    const photo = fixturePhoto('havana-cathedral-baroque.jpg');
    const before = await stack.footprint();
    const res = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
      .attach('images', photo.subarray(0, Math.floor(photo.length * 0.6)), 'havana-cut.jpg');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'analysis.image-undecodable',
      message: '"havana-cut.jpg" could not be read as an image: it may be truncated or corrupt.',
      params: { fileName: 'havana-cut.jpg' },
    });
    const after = await stack.footprint();
    expect([after.objects, after.analyses]).toEqual([before.objects, before.analyses]);
  });
});

describe('the limits that keep one gateway up under load, and one user within bounds', () => {
  let stack: Stack;

  beforeAll(async () => {
    // A budget of 100 MB: a 45 MB photo holds 90 MB while it is stored (its chunks and the joined
    // copy sent to the store), so two at once cannot both fit.
    stack = await startStack({
      env: { UPLOAD_BUDGET_BYTES: String(100 * 1024 * 1024), MAX_CONCURRENT_ANALYSES_PER_USER: '2', RATE_LIMIT_ANALYSES_PER_USER: '3' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses with 503 and Retry-After what exceeds the upload budget, and keeps nothing of it', async () => {
    const { cookie } = await signUp(stack, 'Budget');
    const { cookie: other } = await signUp(stack, 'Budget');
    const before = await stack.footprint();
    // Two 45 MB uploads at once: together they exceed the budget, so at least one is refused.
    const big = Buffer.concat([
      fixturePhoto('mit-media-lab.jpg'),
      Buffer.alloc(45 * 1024 * 1024 - fixturePhoto('mit-media-lab.jpg').length),
    ]);
    const send = (c: string) => request(stack.http).post('/api/analyze').set('Cookie', c).attach('images', big, 'large.jpg');
    const answers = await Promise.all([send(cookie), send(other)]);
    const refused = answers.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].body.message).toBe('ArchLens is receiving many images at the moment. Please try again in a few seconds.');
    expect(refused[0].headers['retry-after']).toBe('5');
    // What was refused left nothing behind (the other may have been analysed).
    const after = await stack.footprint();
    expect(after.objects - before.objects).toBe(answers.filter((r) => r.status === 200).length);
  });

  it('lets one user run at most 2 analyses at once: the third answers 429 with Retry-After', async () => {
    const { cookie } = await signUp(stack, 'Eager');
    const tours = fixturePhoto('tours-cathedral-gothic.jpg');
    const send = () => request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', tours, 'tours.jpg');
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.body.message).toBe('You already have 2 analyses running. Please wait for one to finish, then try again.');
    expect(limited.headers['retry-after']).toBe('10');
    // The slots are given back with the answers.
    await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png')
      .expect(200);
    // Three analyses admitted in the hour (the one refused for concurrency is not counted): the next meets the hourly limit.
    const hourly = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png');
    expect(hourly.status).toBe(429);
    expect(hourly.body.message).toMatch(/^You have reached the hourly limit of analyses\./);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(0);
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
    const res = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', fixturePhoto('havana-cathedral-baroque.jpg'), 'havana.jpg')
      .expect(200);
    expect(res.body).toMatchObject({ engine: 'openai', model: 'gpt-4o-pipeline', primaryDescription: modelWords(88), imageCount: 1 });
    // What reached the model: the key, the configured model, the photo as a data URL, the schema.
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
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

describe('every analysis place of the worker waiting on the vision model', () => {
  let stack: Stack;
  let fake: FakeChatCompletions;
  const SLOW_MS = 4000;

  beforeAll(async () => {
    // The first analysis is answered at once; the next four (the worker's 4 places) after 4 s.
    fake = await startFakeChatCompletions([
      modelAnswer(88),
      ...Array.from({ length: 4 }, () => ({ content: modelAnswer(88), delayMs: SLOW_MS })),
    ]);
    stack = await startStack({ env: openAiEnv(fake) });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('still answers the recent analyses and an analysis PDF at once: they never wait behind analyses', async () => {
    const owner = await signUp(stack, 'Reader');
    const first = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', owner.cookie)
      .attach('images', await smallPng(), 'p.png');
    expect(first.status).toBe(200);

    let settled = 0;
    const busy = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(stack, `Busy${i}`)));
    const running = busy.map(async (user) => {
      const res = await request(stack.http)
        .post('/api/analyze')
        .set('Cookie', user.cookie)
        .attach('images', await smallPng(), 'p.png');
      settled += 1;
      return res.status;
    });
    while (fake.requests.length < 5) await new Promise((r) => setTimeout(r, 50));

    const recent = await request(stack.http).get('/api/analyses').set('Cookie', owner.cookie).expect(200);
    expect(recent.body).toMatchObject([{ id: first.body.id, imageCount: 1 }]);
    const pdf = await request(stack.http)
      .get(`/api/analyses/${first.body.id as string}/pdf`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // None of the four had finished meanwhile.
    expect(settled).toBe(0);
    expect(await Promise.all(running)).toEqual([200, 200, 200, 200]);
  });
});
