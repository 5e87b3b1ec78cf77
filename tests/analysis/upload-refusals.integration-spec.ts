import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MAX_IMAGE_BYTES } from '@archlens/contracts/analysis';
import { signUp } from '../support/accounts.js';
import { fixturePhoto, fixtureSketch, pngDeclaring, smallPng } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { otherImageFormats } from './other-image-formats.js';

/**
 * What the upload routes (`POST /api/analyze`, `POST /api/analyze-sketch`) answer for a file they
 * refuse, in spec §5's words: an image of another format than JPG, PNG or WebP (spec §2) is named as
 * such, not as "not an image"; a file over 50 MB gets '"{file}" is too large (over 50.0 MB).
 * Maximum size is 50MB.' (one of exactly 50 MB is taken, as the SPA takes it). A refused request
 * keeps nothing and queues nothing; one refused for what it sent (400, 415, 422) does not use up the
 * user's hourly analyses.
 */
describe('uploads refused for what they are', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_ANALYSES_PER_USER: '2' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A file posted alone to a route: photos in `images`, sketches in `image0`. */
  const post = (cookie: string, route: 'analyze' | 'analyze-sketch', name: string, bytes: Buffer) =>
    request(stack.http)
      .post(`/api/${route}`)
      .set('Cookie', cookie)
      .attach(route === 'analyze' ? 'images' : 'image0', bytes, name);

  it('answers a GIF, a BMP, a HEIC and an SVG with 415 "is not a JPG, PNG or WebP image" on both routes, keeping and queuing nothing', async () => {
    const { cookie } = await signUp(stack, 'Formats');
    const before = await stack.footprint();
    for (const route of ['analyze', 'analyze-sketch'] as const) {
      for (const [name, bytes] of await otherImageFormats()) {
        const res = await post(cookie, route, name, bytes);
        expect([route, name, res.status, res.body]).toEqual([
          route,
          name,
          415,
          { code: 'unsupported-media-type', message: `"${name}" is not a JPG, PNG or WebP image.` },
        ]);
      }
      // What is no image at all is still named so.
      const text = await post(cookie, route, 'notes.png', Buffer.from('site notes, not a drawing\n'.repeat(200)));
      expect([text.status, text.body]).toEqual([415, { code: 'unsupported-media-type', message: '"notes.png" is not an image file.' }]);
    }
    // With a photo stored before it: that photo is removed too.
    const [[gifName, gif]] = await otherImageFormats();
    const mixed = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', fixturePhoto('mit-media-lab.jpg'), 'mit.jpg')
      .attach('images', gif, gifName);
    expect([mixed.status, mixed.body]).toEqual([
      415,
      { code: 'unsupported-media-type', message: '"small.gif" is not a JPG, PNG or WebP image.' },
    ]);
    expect(await stack.footprint()).toEqual(before);
  });

  it('answers a file over 50 MB with the spec text naming it, keeping and queuing nothing', async () => {
    const { cookie } = await signUp(stack, 'Huge');
    const before = await stack.footprint();
    const jpeg = fixturePhoto('mit-media-lab.jpg');
    const oneByteOver = await post(cookie, 'analyze', 'huge.jpg', Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]));
    expect([oneByteOver.status, oneByteOver.body]).toEqual([
      413,
      { code: 'payload-too-large', message: '"huge.jpg" is too large (over 50.0 MB). Maximum size is 50MB.' },
    ]);
    const sketch = fixtureSketch('house-line-scribble.png');
    const fiftyFive = Buffer.concat([sketch, Buffer.alloc(55 * 1024 * 1024 - sketch.length)]);
    const sketchOver = await request(stack.http)
      .post('/api/analyze-sketch')
      .set('Cookie', cookie)
      .attach('image0', fixtureSketch('house-facade.png'), 'facade.png')
      .attach('image1', fiftyFive, 'scan.png');
    expect([sketchOver.status, sketchOver.body]).toEqual([
      413,
      { code: 'payload-too-large', message: '"scan.png" is too large (over 50.0 MB). Maximum size is 50MB.' },
    ]);
    expect(await stack.footprint()).toEqual(before);
  });

  it('takes a photo of exactly 50 MB (52,428,800 bytes), as the SPA does', async () => {
    const { cookie } = await signUp(stack, 'Limit');
    const jpeg = fixturePhoto('mit-media-lab.jpg');
    const res = await post(cookie, 'analyze', 'limit.jpg', Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES - jpeg.length)]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imageCount: 1 });
  });

  it('does not count requests refused for what they sent (400, 415, 422) towards the hourly analyses; the limit’s own 429 stays', async () => {
    const { cookie } = await signUp(stack, 'Allowance');
    const refusals = [
      await request(stack.http).post('/api/analyze').set('Cookie', cookie).field('note', 'no files'),
      await request(stack.http).post('/api/analyze-sketch').set('Cookie', cookie).field('note', 'no files'),
      await post(cookie, 'analyze', 'small.gif', (await otherImageFormats())[0][1]),
      await post(cookie, 'analyze-sketch', 'notes.png', Buffer.from('not a drawing\n'.repeat(400))),
      await post(cookie, 'analyze', 'bomb.png', pngDeclaring(30000, 30000)),
    ];
    expect(refusals.map((res) => res.status)).toEqual([400, 400, 415, 415, 422]);
    // The hour's 2 analyses are all still there.
    await post(cookie, 'analyze', 'p.png', await smallPng()).expect(200);
    await post(cookie, 'analyze-sketch', 's.png', fixtureSketch('house-line-scribble.png')).expect(200);
    const before = await stack.footprint();
    for (let i = 0; i < 2; i++) {
      const limited = await post(cookie, 'analyze', 'p.png', await smallPng());
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^You have reached the hourly limit of analyses\./);
    }
    // Past the limit, even a refused upload is answered by the limit first.
    expect((await post(cookie, 'analyze', 'small.gif', (await otherImageFormats())[0][1])).status).toBe(429);
    expect(await stack.footprint()).toEqual(before);
  });
});
