import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { genericErrorCode } from '@archlens/contracts/errors';
import { analyzeSketchResponseSchema } from '@archlens/contracts/sketch';
import { CommandClient } from '@archlens/platform/messaging';
import { signUp } from '../support/accounts.js';
import { fixtureSketch, pngDeclaring, smallPng, THREE_SKETCHES } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/** `POST /api/analyze-sketch` end to end on the offline engine: gateway → S3 → analysis queue → worker → PostgreSQL. */
describe('Process Your Sketch: POST /api/analyze-sketch', () => {
  let stack: Stack;
  let cookie: string;
  let userId: string;
  const post = () => request(stack.http).post('/api/analyze-sketch').set('Cookie', cookie);

  beforeAll(async () => {
    stack = await startStack();
    ({ cookie, userId } = await signUp(stack, 'Sketcher'));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('reads one sketch: summary, detailed points, drawing type, engine and duration, and records the reading', async () => {
    const res = await post().attach('image0', fixtureSketch('house-facade.png'), 'house-facade.png').expect(200);
    expect(analyzeSketchResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ drawingType: 'elevation', engine: 'offline', imageCount: 1 });
    expect(res.body.description).toMatch(/^Reads as an elevation: /);
    expect(res.body.details.length).toBeGreaterThanOrEqual(3);
    expect(res.body.durationMs).toBeGreaterThan(0);

    const { rows } = await stack.db.query('SELECT * FROM analysis.sketch_readings WHERE id = $1', [res.body.id]);
    expect(rows[0]).toMatchObject({
      user_id: userId,
      image_count: 1,
      description: res.body.description,
      details: res.body.details,
      drawing_type: 'elevation',
      engine: 'offline',
      model: res.body.model,
      duration_ms: res.body.durationMs,
    });
    expect((rows[0].created_at as Date).toISOString()).toBe(res.body.createdAt);
    const [key] = rows[0].image_keys as string[];
    expect(key).toMatch(new RegExp(`^sketches/${userId}/[0-9a-f-]{36}\\.png$`));
    // Stored byte for byte under the sketches' own folder, never among the photos.
    expect((await stack.storage.get(key)).equals(fixtureSketch('house-facade.png'))).toBe(true);
    expect(await stack.storage.list(`uploads/${userId}/`)).toEqual([]);
  });

  it('reads three sketches sent as image0, image1 and image2, keeping them in field order', async () => {
    // Sent out of order: the fields, not the order of arrival, number the sketches.
    const res = await post()
      .attach('image2', fixtureSketch(THREE_SKETCHES[2]), THREE_SKETCHES[2])
      .attach('image0', fixtureSketch(THREE_SKETCHES[0]), THREE_SKETCHES[0])
      .attach('image1', fixtureSketch(THREE_SKETCHES[1]), THREE_SKETCHES[1])
      .expect(200);
    expect(res.body).toMatchObject({ drawingType: 'plan', engine: 'offline', imageCount: 3 });
    expect(res.body.description).toMatch(
      /The first sketch reads as a plan: .*The second sketch reads as an elevation: .*The third sketch reads as a perspective: /,
    );
    expect(res.body.details).toHaveLength(12);
    const { rows } = await stack.db.query<{ image_keys: string[] }>('SELECT image_keys FROM analysis.sketch_readings WHERE id = $1', [
      res.body.id,
    ]);
    const stored = await Promise.all(rows[0].image_keys.map((key) => stack.storage.get(key)));
    expect(stored.map((bytes, i) => bytes.equals(fixtureSketch(THREE_SKETCHES[i])))).toEqual([true, true, true]);
  });

  it('reads a sketch sent in the single "sketch" field (/create)', async () => {
    const res = await post().attach('sketch', fixtureSketch('tower-perspective.png'), 'tower.png').expect(200);
    expect(res.body).toMatchObject({ drawingType: 'perspective', imageCount: 1, engine: 'offline' });
  });

  describe('refuses bad input with a clear 4xx, keeps nothing of the request and queues nothing', () => {
    const cases: Array<[string, () => Promise<{ req: request.Test }>, number, string]> = [
      [
        'a text file renamed .png',
        async () => ({ req: post().attach('image0', Buffer.from('site notes, not a drawing\n'.repeat(40)), 'notes.png') }),
        415,
        '"notes.png" is not an image file.',
      ],
      ['an empty file', async () => ({ req: post().attach('image0', Buffer.alloc(0), 'empty.png') }), 400, '"empty.png" is empty.'],
      [
        'a PNG declaring 30000×30000 pixels (refused on its header, never decoded)',
        async () => ({ req: post().attach('image0', pngDeclaring(30000, 30000), 'bomb.png') }),
        422,
        '"bomb.png" is 30000×30000 pixels; the maximum is 50 megapixels.',
      ],
      [
        'a file over 50 MB',
        async () => ({
          req: post().attach(
            'image0',
            Buffer.concat([fixtureSketch('house-line-scribble.png'), Buffer.alloc(MAX_IMAGE_BYTES)]),
            'huge.png',
          ),
        }),
        413,
        '"huge.png" is too large (over 50.0 MB). Maximum size is 50MB.',
      ],
      [
        '4 files',
        async () => {
          let req = post();
          for (const field of ['image0', 'image1', 'image2', 'sketch'])
            req = req.attach(field, await smallPng(field.length), `${field}.png`);
          return { req };
        },
        400,
        'Please select up to 3 images only.',
      ],
      [
        'no sketch at all',
        async () => ({ req: post().field('note', 'no files') }),
        400,
        'Please select at least one sketch image to analyze.',
      ],
      [
        'two files in one field',
        async () => ({
          req: post()
            .attach('image0', await smallPng(1), 'a.png')
            .attach('image0', await smallPng(2), 'b.png'),
        }),
        400,
        'Send one file at most in the "image0" field.',
      ],
      [
        'a third file that is text, after two sketches were already stored',
        async () => ({
          req: post()
            .attach('image0', fixtureSketch('house-facade.png'), 'facade.png')
            .attach('image1', fixtureSketch('apartment-floorplan.png'), 'plan.png')
            .attach('image2', Buffer.from('not a drawing\n'.repeat(500)), 'notes.webp'),
        }),
        415,
        '"notes.webp" is not an image file.',
      ],
      [
        'a signed-out request',
        async () => ({ req: request(stack.http).post('/api/analyze-sketch').attach('image0', fixtureSketch('house-facade.png'), 'f.png') }),
        401,
        'Unauthorized',
      ],
    ];

    it.each(cases)('%s', async (_label, send, status, message) => {
      const before = await stack.footprint();
      const { req } = await send();
      const res = await req;
      // The gateway's own upload refusals carry the generic code of their status; a signed-out one, auth.unauthorized.
      expect([res.status, res.body]).toEqual([status, { code: status === 401 ? 'auth.unauthorized' : genericErrorCode(status), message }]);
      expect(await stack.footprint()).toEqual(before);
    });
  });

  it("answers 422 naming a truncated PNG whose header reads, removes the request's sketches and records nothing", async () => {
    const facade = fixtureSketch('house-facade.png');
    const before = await stack.footprint();
    const res = await post()
      .attach('image0', fixtureSketch('house-line-scribble.png'), 'scribble.png')
      .attach('image1', facade.subarray(0, Math.floor(facade.length * 0.6)), 'facade-cut.png');
    expect([res.status, res.body]).toEqual([
      422,
      {
        code: 'analysis.image-undecodable',
        message: '"facade-cut.png" could not be read as an image: it may be truncated or corrupt.',
        params: { fileName: 'facade-cut.png' },
      },
    ]);
    const after = await stack.footprint();
    // The job ran (only decoding finds the damage), then removed both sketches before recording anything.
    expect([after.objects, after.sketchReadings]).toEqual([before.objects, before.sketchReadings]);
  });

  it('sweeps a sketch no reading refers to, and keeps the ones a reading refers to', async () => {
    const commands = new CommandClient(process.env.REDIS_URL!);
    try {
      const reading = await post().attach('image0', fixtureSketch('house-line-scribble.png'), 'kept.png').expect(200);
      const orphan = `sketches/${userId}/${randomUUID()}.png`;
      await stack.storage.put(orphan, await smallPng(9), 'image/png');
      const { rows } = await stack.db.query<{ image_keys: string[] }>(
        'SELECT image_keys FROM analysis.sketch_readings WHERE user_id = $1',
        [userId],
      );
      const kept = rows.flatMap((r) => r.image_keys);
      expect(kept).toContain(
        (await stack.db.query('SELECT image_keys FROM analysis.sketch_readings WHERE id = $1', [reading.body.id])).rows[0].image_keys[0],
      );

      const result = await commands.request('analysis.sweep-originals', { olderThanSeconds: 0 });
      expect(result.removed).toBeGreaterThanOrEqual(1);
      const left = await stack.storage.list(`sketches/${userId}/`);
      expect(left).not.toContain(orphan);
      expect(left.sort()).toEqual([...kept].sort());
    } finally {
      await commands.close();
    }
  });
});

describe('the per-user limits apply to sketches as to photos', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_ANALYSES_PER_USER: '2' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('counts sketch readings in the hourly limit of analyses: past it, 429 with Retry-After and nothing stored', async () => {
    const { cookie } = await signUp(stack, 'Hourly');
    const send = () =>
      request(stack.http)
        .post('/api/analyze-sketch')
        .set('Cookie', cookie)
        .attach('image0', fixtureSketch('house-line-scribble.png'), 's.png');
    await send().expect(200);
    await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png')
      .expect(200);
    const before = await stack.footprint();
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^You have reached the hourly limit of analyses\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stack.footprint()).toEqual(before);
  });
});
