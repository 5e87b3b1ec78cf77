import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { GenerateResponse, GenerationDetail } from '@archlens/contracts/generation';
import { libraryItemPath } from '@archlens/contracts/paths';
import { balanceOf, postGeneration, proUser, SKETCH_FILE } from '../generation/generation-requests.js';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Recipes and lineage: a generation keeps what made it (inputs by SHA-256, controls, provider,
 * model, seed); Reproduce runs it again with the same seed and Vary with a new one, both without an
 * upload, paid as any generation and linked to their parent; the recipe's objects stay while any
 * generation names them.
 */
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const detailOf = async (user: SignedInUser, jobId: string) =>
  (await request(stack.http).get(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200)).body as GenerationDetail;
const rerun = (user: SignedInUser, jobId: string, how: 'reproduce' | 'vary') =>
  request(stack.http)
    .post(`${libraryItemPath('generation', jobId)}/${how}`)
    .set('Cookie', user.cookie);

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({ env: { STABILITY_API_KEY: 'sk-recipes-loopback', STABILITY_API_BASE: fake.stabilityBaseUrl } });
  owner = await proUser(stack, 500, 'monthly', 'Owner');
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe('a generation recipe', () => {
  it('is kept, and Reproduce runs it again with the same seed, paid, linked to its parent', async () => {
    const jobId = randomUUID();
    const first = await postGeneration(
      stack,
      owner,
      { jobId, provider: 'stability-ai', variations: 1, seed: 4242, aspectRatio: '16:9' },
      { references: 1 },
    );
    expect(first.status).toBe(200);
    const parent = await detailOf(owner, jobId);
    expect(parent.recipe).toMatchObject({
      sketch: { fileName: SKETCH_FILE, sha256: sha256(fixtureSketch(SKETCH_FILE)) },
      references: [{ fileName: 'mit-media-lab.jpg', sha256: sha256(fixturePhoto('mit-media-lab.jpg')) }],
      provider: 'stability-ai',
      seed: 4242,
      aspectRatio: '16:9',
      variations: 1,
    });
    expect(parent).toMatchObject({ parentId: null, childrenIds: [] });
    // The uploads went; the recipe's objects stayed, one per content.
    expect(await stack.storage.list(`generation-inputs/${owner.userId}/`)).toEqual([]);
    expect(await stack.storage.list(`recipes/${owner.userId}/`)).toHaveLength(2);

    const before = await balanceOf(stack, owner.userId);
    const reproduced = await rerun(owner, jobId, 'reproduce').expect(200);
    const child = reproduced.body as GenerateResponse;
    expect(child.jobId).not.toBe(jobId);
    expect(child.seed).toBe(4242);
    expect(child.creditsUsed).toBeGreaterThan(0);
    expect(await balanceOf(stack, owner.userId)).toBe(before - child.creditsUsed);

    const childDetail = await detailOf(owner, child.jobId);
    expect(childDetail.parentId).toBe(jobId);
    expect(childDetail.recipe).toEqual(parent.recipe);
    expect((await detailOf(owner, jobId)).childrenIds).toEqual([child.jobId]);
    expect(await stack.storage.list(`recipes/${owner.userId}/`)).toHaveLength(2);

    const varied = (await rerun(owner, jobId, 'vary').expect(200)).body as GenerateResponse;
    const variedDetail = await detailOf(owner, varied.jobId);
    expect(variedDetail.parentId).toBe(jobId);
    expect(variedDetail.recipe).toMatchObject({
      sketch: parent.recipe?.sketch,
      references: parent.recipe?.references,
      aspectRatio: '16:9',
    });
    expect(variedDetail.recipe?.seed).not.toBe(4242);

    // The recipe's objects stay while any generation names them.
    await request(stack.http).delete(libraryItemPath('generation', jobId)).set('Cookie', owner.cookie).expect(200);
    await request(stack.http).delete(libraryItemPath('generation', child.jobId)).set('Cookie', owner.cookie).expect(200);
    expect(await stack.storage.list(`recipes/${owner.userId}/`)).toHaveLength(2);
    await request(stack.http).delete(libraryItemPath('generation', varied.jobId)).set('Cookie', owner.cookie).expect(200);
    expect(await stack.storage.list(`recipes/${owner.userId}/`)).toEqual([]);
  });

  it("answers 404 for another user's generation and 403 without Pro", async () => {
    const jobId = randomUUID();
    expect((await postGeneration(stack, owner, { jobId, provider: 'stability-ai', variations: 1 })).status).toBe(200);
    const other = await proUser(stack, 500, 'monthly', 'Other');
    await rerun(other, jobId, 'reproduce').expect(404);
    await rerun(other, jobId, 'vary').expect(404);
    await rerun(await signUp(stack, 'Free'), jobId, 'reproduce').expect(403);
    await rerun(owner, randomUUID(), 'reproduce').expect(404);
    await request(stack.http)
      .post(`${libraryItemPath('generation', jobId)}/reproduce`)
      .expect(401);
  });
});
