import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { GEOMETRY_DRIFT_BELOW, type GenerateResponse, type GenerationDetail } from '@archlens/contracts/generation';
import { libraryItemPath } from '@archlens/contracts/paths';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { postGeneration, proUser, SKETCH_FILE } from './generation-requests.js';

/**
 * Sketch fidelity on real renders, through the loopback image providers: a render that is the
 * sketch itself keeps its geometry; an unrelated photograph is marked "geometry drift". Each
 * image carries its score in the generation's answer and when read back by id.
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
});
