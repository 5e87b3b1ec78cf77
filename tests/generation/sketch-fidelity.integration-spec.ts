import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import {
  fidelityOverlayKey,
  GEOMETRY_DRIFT_BELOW,
  type GenerateResponse,
  type GeneratedImage,
  type GenerationDetail,
} from '@archlens/contracts/generation';
import { libraryItemPath } from '@archlens/contracts/paths';
import type { SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { postGeneration, proUser, SKETCH_FILE } from './generation-requests.js';

/**
 * Sketch fidelity on real renders, through the loopback image providers: a render that is the
 * sketch itself keeps its geometry; an unrelated photograph is marked "geometry drift". Each
 * image carries its score in the generation's answer and when read back by id, and the PNG of the
 * sketch's lines it did not keep, for its owner only.
 */
let stack: Stack;
let fake: FakeImageProviders;

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      GENERATION_OPENAI_API_KEY: 'sk-fidelity-loopback',
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
      STABILITY_API_KEY: 'sk-fidelity-stability',
      STABILITY_API_BASE: fake.stabilityBaseUrl,
    },
  });
});
beforeEach(() => fake.reset());

/** `GET` of a binary answer as the user, its body as bytes. */
const getBytes = (user: SignedInUser, path: string) =>
  request(stack.http)
    .get(path)
    .set('Cookie', user.cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/**
 * An image's unmatched-lines overlay as its owner reads it: its size beside the render's, and the
 * share of its pixels a viewer sees drawn (alpha above half).
 */
async function overlayOf(user: SignedInUser, image: GeneratedImage) {
  expect(image.overlayUrl).not.toBeNull();
  const res = await getBytes(user, image.overlayUrl!).expect(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('private, no-store');
  const render = await sharp((await getBytes(user, image.url).expect(200)).body as Buffer).metadata();
  const { data, info } = await sharp(res.body as Buffer)
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  let drawn = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 127) drawn++;
  return {
    width: info.width,
    height: info.height,
    render: { width: render.width, height: render.height },
    drawnShare: drawn / (info.width * info.height),
  };
}
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('sketch fidelity', () => {
  it('scores a render that is the sketch itself above the drift threshold, per image, kept with the generation', async () => {
    const user = await proUser(stack, 100);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixtureSketch(SKETCH_FILE) } });
    const jobId = randomUUID();
    const res = await postGeneration(stack, user, { jobId, provider: 'openai', aspectRatio: '3:2', variations: 2 }).expect(200);
    const { images } = res.body as GenerateResponse;
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.fidelity).toBeGreaterThanOrEqual(GEOMETRY_DRIFT_BELOW + 20);
      expect(image.geometryDrift).toBe(false);
    }
    const detail = (await request(stack.http).get(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200))
      .body as GenerationDetail;
    expect(detail.images.map((image) => image.fidelity)).toEqual(images.map((image) => image.fidelity));
    expect(detail.images.map((image) => image.overlayUrl)).toEqual(images.map((image) => image.overlayUrl));

    // Its overlay is the render's size, and next to nothing is drawn on it: the sketch's lines were all kept.
    for (const image of images) {
      const overlay = await overlayOf(user, image);
      expect({ width: overlay.width, height: overlay.height }).toEqual(overlay.render);
      expect(overlay.drawnShare).toBeLessThan(0.002);
    }
  });

  it('marks an unrelated photograph as geometry drift', async () => {
    const user = await proUser(stack, 100);
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'answer', picture: fixturePhoto('utrecht-jaarbeurs.jpg') } });
    const res = await postGeneration(stack, user, { provider: 'stability-ai', variations: 1 }).expect(200);
    const [image] = (res.body as GenerateResponse).images;
    expect(image.fidelity).toBeLessThan(GEOMETRY_DRIFT_BELOW);
    expect(image.geometryDrift).toBe(true);
    const stored = await stack.db.query<{ fidelity: number }>('SELECT fidelity FROM generation.generation_images WHERE job_id = $1', [
      (res.body as GenerateResponse).jobId,
    ]);
    expect(stored.rows).toEqual([{ fidelity: image.fidelity }]);
  });

  it("draws the sketch's lines an unrelated photograph did not keep, for its owner only, and removes them with the generation", async () => {
    const user = await proUser(stack, 100);
    const stranger = await proUser(stack, 100, 'monthly', 'Stranger');
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'answer', picture: fixturePhoto('utrecht-jaarbeurs.jpg') } });
    const res = await postGeneration(stack, user, { provider: 'stability-ai', variations: 1 }).expect(200);
    const { jobId, images } = res.body as GenerateResponse;
    const [image] = images;
    expect(image.geometryDrift).toBe(true);

    const overlay = await overlayOf(user, image);
    expect({ width: overlay.width, height: overlay.height }).toEqual(overlay.render);
    expect(overlay.drawnShare).toBeGreaterThan(0.01);
    // Stored beside the render, under the user's prefix.
    const stored = await stack.db.query<{ overlay_key: string }>('SELECT overlay_key FROM generation.generation_images WHERE job_id = $1', [
      jobId,
    ]);
    expect(stored.rows).toEqual([{ overlay_key: fidelityOverlayKey(user.userId, jobId, 0) }]);

    // Another user, an index without an image and a malformed id get the answer an unknown generation gets.
    for (const [who, path] of [
      [stranger, image.overlayUrl!],
      [user, image.overlayUrl!.replace('/0/', '/3/')],
      [user, image.overlayUrl!.replace(jobId, 'not-a-uuid')],
      [user, image.overlayUrl!.replace(jobId, randomUUID())],
    ] as const) {
      const refused = await getBytes(who, path).expect(404);
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toMatchObject({
        code: 'generation.not-found',
        message: 'Generation not found.',
      });
    }

    await request(stack.http).delete(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200);
    expect(await stack.storage.stat(fidelityOverlayKey(user.userId, jobId, 0))).toBeUndefined();
  });

  it('shows no overlay for a render stored before overlays were drawn', async () => {
    const user = await proUser(stack, 100);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixtureSketch(SKETCH_FILE) } });
    const { jobId } = (await postGeneration(stack, user, { provider: 'openai', variations: 1 }).expect(200)).body as GenerateResponse;
    await stack.db.query('UPDATE generation.generation_images SET overlay_key = NULL WHERE job_id = $1', [jobId]);
    const detail = (await request(stack.http).get(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200))
      .body as GenerationDetail;
    expect(detail.images[0].overlayUrl).toBeNull();
    await getBytes(user, `${libraryItemPath('generation', jobId)}/0/fidelity-overlay`).expect(404);
  });
});
