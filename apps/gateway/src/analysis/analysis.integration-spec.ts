import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MAX_IMAGE_BYTES, PRIMARY_DESCRIPTION_WORDS, countSections } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import type { AnalysisText } from '@archlens/contracts/analysis';
import type { VisionEngine } from '../../../analysis-worker/src/analysis/engines/vision-engine.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../analysis-worker/src/testing/fake-chat-completions.server.js';
import { fixturePhoto, pngDeclaring, smallPng, THREE_PHOTOS } from '../testing/images.js';
import { startStack, type Stack } from '../testing/stack.js';
import { parseServerTiming } from './server-timing.js';

async function signUp(stack: Stack, first = 'Grace'): Promise<{ cookie: string; userId: string }> {
  const res = await request(stack.http)
    .post('/api/auth/signup')
    .send({ email: `${first.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`, first_name: first, last_name: 'Tester', password: 'correct-horse' })
    .expect(201);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
  return { cookie, userId: res.body.id as string };
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

    const { rows } = await stack.db.query(
      'SELECT user_id, image_count, image_keys, primary_description, engine FROM analysis.analyses WHERE id = $1',
      [res.body.id],
    );
    expect(rows[0]).toMatchObject({ user_id: userId, image_count: 3, primary_description: res.body.primaryDescription, engine: 'offline' });
    const stored = await stack.storage.list(`uploads/${userId}/`);
    expect(stored.sort()).toEqual([...(rows[0].image_keys as string[])].sort());
    // The originals are stored byte for byte.
    const first = (rows[0].image_keys as string[])[0]!;
    expect((await stack.storage.get(first)).equals(fixturePhoto(THREE_PHOTOS[0]))).toBe(true);
    // Where the time went, phase by phase, for an operator's network panel and the benchmark.
    const phases = parseServerTiming(res.headers['server-timing']);
    expect(Object.keys(phases)).toEqual(['receive', 'validate', 'store', 'analyse']);
    for (const ms of Object.values(phases)) expect(ms).toBeGreaterThanOrEqual(0);
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
      const before = await stack.footprint();
      const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The analysis service is not running. Please try again in a moment.');
      expect(await stack.footprint()).toEqual(before);
    });
  });

});

describe('a worker that does not answer in time', () => {
  let stack: Stack;
  /** An engine slower than the gateway's reply timeout. */
  const slowEngine: VisionEngine = {
    name: 'offline',
    model: 'slow-test-engine',
    analyse: () => new Promise<AnalysisText>((_, reject) => setTimeout(() => reject(new Error('too late')), 1500)),
  };

  beforeAll(async () => {
    stack = await startStack({ engine: slowEngine, env: { ANALYSIS_REPLY_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 1600)); // let the slow job finish before closing
    await stack?.close();
  });

  it('answers 504 with a clear message', async () => {
    const { cookie } = await signUp(stack, 'Slow');
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', await smallPng(), 'p.png');
    expect(res.status).toBe(504);
    expect(res.body.message).toBe('The analysis service did not answer within 0.3 s. Please try again.');
  });
});

describe('an engine that fails', () => {
  let stack: Stack;
  const failingEngine: VisionEngine = {
    name: 'openai',
    model: 'failing-test-engine',
    analyse: async () => {
      throw new Error('The vision model did not return a valid analysis after 3 attempts: 87 words.');
    },
  };

  beforeAll(async () => {
    stack = await startStack({ engine: failingEngine });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 502 with the worker reason and removes the stored originals', async () => {
    const { cookie } = await signUp(stack, 'Failing');
    const before = await stack.footprint();
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', await smallPng(), 'p.png');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The vision model did not return a valid analysis after 3 attempts: 87 words.');
    const after = await stack.footprint();
    expect([after.objects, after.analyses]).toEqual([before.objects, before.analyses]);
  });
});

describe('with OPENAI_API_KEY set, the worker uses the OpenAI-compatible endpoint it is configured with', () => {
  let stack: Stack;
  let fake: FakeChatCompletions;
  const words = (n: number) => Array.from({ length: n }, (_, i) => ['grey', 'stone', 'arcade', 'rhythm'][i % 4]).join(' ');
  const expanded = ['## Massing and Form', 'x', '## Materials and Palette', 'x', '## Light and Atmosphere', 'x', '## Detailing and Rhythm', 'x'].join('\n\n');

  beforeAll(async () => {
    fake = await startFakeChatCompletions([
      JSON.stringify({ primaryDescription: words(88), expandedDescription: expanded, tags: ['arcade', 'stone', 'grey', 'rhythm', 'colonnade'] }),
    ]);
    stack = await startStack({ env: { OPENAI_API_KEY: 'sk-pipeline', OPENAI_BASE_URL: fake.baseURL, OPENAI_VISION_MODEL: 'gpt-4o-pipeline' } });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('answers with engine "openai" and the configured model, and records it', async () => {
    const { cookie } = await signUp(stack, 'Openai');
    const res = await request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', fixturePhoto('havana-cathedral-baroque.jpg'), 'havana.jpg').expect(200);
    expect(res.body).toMatchObject({ engine: 'openai', model: 'gpt-4o-pipeline', primaryDescription: words(88), imageCount: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.authorization).toBe('Bearer sk-pipeline');
    const { rows } = await stack.db.query('SELECT engine, model FROM analysis.analyses WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ engine: 'openai', model: 'gpt-4o-pipeline' });
  });
});
