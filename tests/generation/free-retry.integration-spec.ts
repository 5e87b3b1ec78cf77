import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { errorText } from '@archlens/contracts/errors';
import { GEOMETRY_DRIFT_BELOW, type GenerateResponse, type GenerationDetail } from '@archlens/contracts/generation';
import { API_PATHS, libraryItemPath } from '@archlens/contracts/paths';
import type { SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';
import { balanceOf, objectsUnder, postGeneration, proUser, reservationsOf, SKETCH_FILE } from './generation-requests.js';

/**
 * Retry free, through the loopback image providers: a generation whose render lost the sketch's
 * geometry (an unrelated photograph) offers one free retry, which runs the same recipe with a new
 * seed, spends no credits and is recorded in the credit ledger at no cost; a second one, a render
 * that kept the geometry, another user's generation and a second click at the same moment are
 * refused without anything charged or queued.
 */
let stack: Stack;
let fake: FakeImageProviders;

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      GENERATION_OPENAI_API_KEY: 'sk-free-retry-loopback',
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
      STABILITY_API_KEY: 'sk-free-retry-stability',
      STABILITY_API_BASE: fake.stabilityBaseUrl,
    },
  });
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

const retryPath = (jobId: string) => API_PATHS.retryGenerationFree.replace(':jobId', jobId);
const retryFree = (user: SignedInUser, jobId: string) => request(stack.http).post(retryPath(jobId)).set('Cookie', user.cookie);
const detailOf = async (user: SignedInUser, jobId: string) =>
  (await request(stack.http).get(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200)).body as GenerationDetail;
const generationJobsAdded = async () => (await stack.footprint()).jobsAdded.generation;

/** The user's credit ledger rows as an operator reads them. */
async function ledgerOf(userId: string): Promise<Array<{ reason: string; delta: number; reference: string }>> {
  const { rows } = await stack.db.query<{ reason: string; delta: number; reference: string }>(
    'SELECT reason, delta, reference FROM billing.credit_ledger WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

/** A Stability AI generation of one render whose picture is an unrelated photograph: marked geometry drift. */
async function driftedGeneration(user: SignedInUser): Promise<GenerateResponse> {
  fake.rule({ provider: 'stability-ai', behaviour: { kind: 'answer', picture: fixturePhoto('utrecht-jaarbeurs.jpg') } });
  const res = await postGeneration(stack, user, { provider: 'stability-ai', variations: 1, detailLevel: 'high' }).expect(200);
  return res.body as GenerateResponse;
}

describe('Retry free', () => {
  it('retries a drifted generation once with a new seed, charging nothing and recording it in the ledger at no cost', async () => {
    const user = await proUser(stack, 100);
    const drifted = await driftedGeneration(user);
    expect(drifted.images[0].fidelity).toBeLessThan(GEOMETRY_DRIFT_BELOW);
    expect(drifted.images[0].geometryDrift).toBe(true);
    expect(drifted.freeRetry).toBe('offered');
    expect(drifted.creditsUsed).toBeGreaterThan(0);
    expect((await detailOf(user, drifted.jobId)).freeRetry).toBe('offered');
    const balance = await balanceOf(stack, user.userId);
    expect(balance).toBe(100 - drifted.creditsUsed);
    const firstSeed = fake.requests[0].fields.seed?.[0];

    // The retry renders the sketch itself this time: it keeps the geometry.
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'answer', picture: fixtureSketch(SKETCH_FILE) } });
    const jobId = randomUUID();
    const res = await retryFree(user, drifted.jobId).send({ jobId }).expect(200);
    const retried = res.body as GenerateResponse;
    expect(retried).toMatchObject({ jobId, creditsUsed: 0, freeRetry: null });
    expect(retried.images).toHaveLength(1);
    expect(retried.images[0].geometryDrift).toBe(false);
    // The provider was really asked again, with another seed than the drifted render's.
    expect(fake.requests).toHaveLength(2);
    const retrySeed = fake.requests[1].fields.seed?.[0];
    expect(retrySeed).toMatch(/^\d+$/);
    expect(retrySeed).not.toBe(String(drifted.seed));
    expect(retrySeed).not.toBe(firstSeed);
    expect(retried.seed).toBe(Number(retrySeed));

    expect(await balanceOf(stack, user.userId)).toBe(balance);
    expect((await reservationsOf(stack, user.userId)).map((r) => r.reference)).toEqual([drifted.jobId]);
    const ledger = await ledgerOf(user.userId);
    expect(ledger.filter((row) => row.reason === 'free_retry')).toEqual([{ reason: 'free_retry', delta: 0, reference: drifted.jobId }]);

    const child = await detailOf(user, jobId);
    expect(child).toMatchObject({ parentId: drifted.jobId, creditsUsed: 0, status: 'succeeded', freeRetry: null });
    const parent = await detailOf(user, drifted.jobId);
    expect(parent).toMatchObject({ freeRetry: 'used', childrenIds: [jobId] });

    // Once only: a second retry is refused, and nothing is charged, queued, asked of the provider or kept.
    const queued = await generationJobsAdded();
    const again = await retryFree(user, drifted.jobId);
    expect([again.status, again.body]).toEqual([
      409,
      { code: 'generation.free-retry-used', message: 'This generation has had its free retry.' },
    ]);
    expect(await generationJobsAdded()).toBe(queued);
    expect(fake.requests).toHaveLength(2);
    expect(await balanceOf(stack, user.userId)).toBe(balance);
    expect(await ledgerOf(user.userId)).toEqual(ledger);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
  });

  it('offers no free retry for a render that kept the geometry, nor for a free retry itself', async () => {
    const user = await proUser(stack, 100);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixtureSketch(SKETCH_FILE) } });
    const kept = (await postGeneration(stack, user, { provider: 'openai', variations: 1 }).expect(200)).body as GenerateResponse;
    expect(kept.images[0].fidelity).toBeGreaterThanOrEqual(GEOMETRY_DRIFT_BELOW);
    expect(kept.freeRetry).toBeNull();
    const balance = await balanceOf(stack, user.userId);
    const queued = await generationJobsAdded();

    const refused = await retryFree(user, kept.jobId);
    expect([refused.status, refused.body]).toEqual([
      409,
      { code: 'generation.free-retry-not-offered', message: errorText('generation.free-retry-not-offered') },
    ]);
    expect(await generationJobsAdded()).toBe(queued);
    expect(fake.requests).toHaveLength(1);
    expect(await balanceOf(stack, user.userId)).toBe(balance);
    expect((await ledgerOf(user.userId)).some((row) => row.reason === 'free_retry')).toBe(false);

    // A free retry that drifts too is not retried free again: one free render per paid generation.
    const drifted = await driftedGeneration(user);
    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'answer', picture: fixturePhoto('utrecht-jaarbeurs.jpg') } });
    const retried = (await retryFree(user, drifted.jobId).expect(200)).body as GenerateResponse;
    expect(retried.images[0].geometryDrift).toBe(true);
    expect(retried.freeRetry).toBeNull();
    expect((await retryFree(user, retried.jobId)).body).toMatchObject({ code: 'generation.free-retry-not-offered' });
  });

  it("answers another user's generation as one that does not exist, and leaves its retry to its owner", async () => {
    const [owner, other] = await Promise.all([proUser(stack, 100), proUser(stack, 100, 'monthly', 'Other')]);
    const drifted = await driftedGeneration(owner);
    const queued = await generationJobsAdded();

    const res = await retryFree(other, drifted.jobId);
    expect([res.status, res.body]).toEqual([404, { code: 'generation.not-found', message: 'Generation not found.' }]);
    expect(await generationJobsAdded()).toBe(queued);
    expect(await balanceOf(stack, other.userId)).toBe(100);
    expect(await ledgerOf(other.userId)).toEqual([]);
    expect((await detailOf(owner, drifted.jobId)).freeRetry).toBe('offered');

    // Refused at the edge, before anything is asked of the worker: a path id that is no UUID, a bad body.
    const unknown = await retryFree(owner, 'not-a-generation');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'generation.not-found']);
    const badBody = await retryFree(owner, drifted.jobId).send({ jobId: 'not-a-uuid' });
    expect([badBody.status, badBody.body.message]).toEqual([400, 'jobId must be a UUID.']);
    expect(await generationJobsAdded()).toBe(queued);
    expect((await detailOf(owner, drifted.jobId)).freeRetry).toBe('offered');
  });

  it('gives the retry back when the free retry fails at the provider', async () => {
    const user = await proUser(stack, 100);
    const drifted = await driftedGeneration(user);
    const balance = await balanceOf(stack, user.userId);

    fake.rule({ provider: 'stability-ai', behaviour: { kind: 'fail', status: 500, message: 'Upstream rendering failed.' } });
    const failed = await retryFree(user, drifted.jobId);
    expect([failed.status, failed.body.code]).toEqual([502, 'generation.provider-failed']);
    expect((await detailOf(user, drifted.jobId)).freeRetry).toBe('offered');

    const res = await retryFree(user, drifted.jobId).expect(200);
    expect((res.body as GenerateResponse).creditsUsed).toBe(0);
    expect(await balanceOf(stack, user.userId)).toBe(balance);
    // The ledger records the free retry of that generation once, however many attempts it took.
    expect((await ledgerOf(user.userId)).filter((row) => row.reason === 'free_retry')).toEqual([
      { reason: 'free_retry', delta: 0, reference: drifted.jobId },
    ]);
  });

  it('lets one of two retries asked at the same moment through, and refuses the other', async () => {
    const user = await proUser(stack, 100);
    const drifted = await driftedGeneration(user);
    const balance = await balanceOf(stack, user.userId);

    const answers = await Promise.all([retryFree(user, drifted.jobId), retryFree(user, drifted.jobId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body).toEqual({ code: 'generation.free-retry-used', message: 'This generation has had its free retry.' });

    expect(await balanceOf(stack, user.userId)).toBe(balance);
    expect((await ledgerOf(user.userId)).filter((row) => row.reason === 'free_retry')).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    const { rows } = await stack.db.query<{ id: string }>('SELECT id FROM generation.generation_jobs WHERE parent_id = $1', [
      drifted.jobId,
    ]);
    expect(rows).toHaveLength(1);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
  });
});
