import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { GENERATION_HISTORY_LIMIT, GENERATION_MESSAGES, type GenerateResponse } from '@archlens/contracts/generation';
import { signUp } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';
import { balanceOf, jobRow, objectsUnder, postGeneration, proUser, reservationsOf, STYLE } from './generation-requests.js';

/**
 * Who may generate (Pro only, before any file is read; signed in), the image providers
 * without a key (503 'not configured', nothing reserved), and the Sora and Midjourney workflows
 * that need no key and cost nothing. This stack has no OpenAI or Stability AI key, as a fresh machine.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** How many `generation` jobs were ever added to the queue (BullMQ's id counter). */
async function generationJobsAdded(): Promise<number> {
  return (await stack.footprint()).jobsAdded.generation;
}

describe('who may generate', () => {
  it('refuses a signed-in user without an active subscription with 403 before reading the files: nothing stored, nothing queued', async () => {
    const free = await signUp(stack, 'Free');
    const lapsed = await signUp(stack, 'Lapsed');
    await stack.db.query(`INSERT INTO billing.subscriptions (user_id, plan, status) VALUES ($1, 'monthly', 'past_due')`, [lapsed.userId]);
    await stack.db.query(`INSERT INTO billing.credit_balances (user_id, balance) VALUES ($1, 200)`, [lapsed.userId]);
    const queued = await generationJobsAdded();
    for (const user of [free, lapsed]) {
      const res = await postGeneration(stack, user, { provider: 'openai' }, { references: 2 });
      expect([res.status, res.body]).toEqual([403, { code: 'generation.pro-required', message: GENERATION_MESSAGES.proRequired }]);
      expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    }
    expect(await generationJobsAdded()).toBe(queued);
    expect(await reservationsOf(stack, lapsed.userId)).toEqual([]);
  });

  it('answers 401 signed out, for every generation route', async () => {
    await postGeneration(stack, undefined, { provider: 'sora' }).expect(401);
    await request(stack.http).get('/api/generations').expect(401);
    await request(stack.http).get(`/api/generations/${randomUUID()}/events`).expect(401);
    await request(stack.http).get(`/api/download/${randomUUID()}/0`).expect(401);
  });

  it('answers 400 for a missing sketch, a blank style or a bad control, and keeps none of the files', async () => {
    const user = await proUser(stack, 100);
    const noSketch = await postGeneration(stack, user, { provider: 'sora' }, { sketch: false, references: 1 });
    expect([noSketch.status, noSketch.body]).toEqual([400, { code: 'bad-request', message: GENERATION_MESSAGES.sketchRequired }]);
    const blank = await postGeneration(stack, user, { provider: 'sora', styleDescription: '   ' });
    expect([blank.status, blank.body]).toEqual([400, { code: 'bad-request', message: GENERATION_MESSAGES.styleRequired }]);
    const influence = await postGeneration(stack, user, { provider: 'sora', sketchInfluence: 73 }, { references: 2 });
    expect([influence.status, influence.body]).toEqual([
      400,
      { code: 'bad-request', message: 'sketchInfluence: sketchInfluence must be a multiple of 5' },
    ]);
    const variations = await postGeneration(stack, user, { provider: 'openai', variations: 5 });
    expect(variations.status).toBe(400);
    expect((variations.body as { message: string }).message).toMatch(/^variations: /);
    const tooMany = await postGeneration(stack, user, { provider: 'sora' }, { references: 5 });
    expect([tooMany.status, tooMany.body]).toEqual([400, { code: 'bad-request', message: 'Please select up to 4 reference images only.' }]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    expect(await balanceOf(stack, user.userId)).toBe(100);
  });
});

describe('image providers without a key', () => {
  it.each(['openai', 'stability-ai'] as const)('%s answers 503 not configured: nothing reserved, nothing kept', async (provider) => {
    const user = await proUser(stack, 100);
    const jobId = randomUUID();
    const res = await postGeneration(stack, user, { jobId, provider, variations: 2 }, { references: 1 });
    expect([res.status, res.body]).toEqual([
      503,
      { code: 'generation.provider-not-configured', message: GENERATION_MESSAGES.providerNotConfigured(provider), params: { provider } },
    ]);
    expect(await balanceOf(stack, user.userId)).toBe(100);
    expect(await reservationsOf(stack, user.userId)).toEqual([]);
    expect(await jobRow(stack, jobId)).toBeUndefined();
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
  });
});

describe('prompt workflows (no key, no image call, no credits)', () => {
  it('sora: the prompt and the integrated image-to-image steps; a succeeded job with 0 credits in the history', async () => {
    const user = await proUser(stack, 10);
    const jobId = randomUUID();
    const fields = {
      jobId,
      provider: 'sora',
      sketchInfluence: 80,
      aspectRatio: '16:9',
      variations: 2,
      sketchDescription: 'A courtyard house',
    } as const;
    const res = await postGeneration(stack, user, fields, { references: 1 });
    expect(res.status).toBe(200);
    const body = res.body as GenerateResponse;
    expect(body).toMatchObject({ jobId, images: [], seed: null, creditsUsed: 0 });
    expect(body.metadata).toMatchObject({
      provider: 'sora',
      integratedWorkflow: true,
      sketchInfluence: 80,
      model: null,
      size: null,
      seedSupported: false,
    });
    expect(body.metadata.soraPrompt).toContain(STYLE);
    expect(body.metadata.soraPrompt).toContain('A courtyard house');
    expect(body.metadata.soraPrompt).toContain("Follow the sketch's massing, openings, roof lines and proportions exactly.");
    expect(body.metadata.soraInstructions!.join('\n')).toMatch(/starting image \(image-to-image\)/);
    expect(body.metadata.soraInstructions!.join('\n')).toMatch(/3:2 \(the nearest Sora offers to 16:9\)/);
    expect(body.metadata.midjourneyPrompt).toBeUndefined();
    expect(await balanceOf(stack, user.userId)).toBe(10);
    expect(await reservationsOf(stack, user.userId)).toEqual([]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    const history = await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    expect(history.body).toMatchObject([{ id: jobId, status: 'succeeded', creditsSpent: 0, provider: 'sora', imageCount: 0 }]);
    expect(history.headers['x-total-count']).toBe('1');
    // The same job again (a client's retry) answers the same result, and its own upload is removed.
    const again = await postGeneration(stack, user, fields, { references: 1 });
    expect(again.body).toEqual(body);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
    // The same id with other options is another generation: refused, not answered with this one.
    const other = await postGeneration(stack, user, { ...fields, provider: 'midjourney', styleDescription: 'Timber and glass' });
    expect([other.status, other.body]).toEqual([
      409,
      { code: 'generation.job-id-reused', message: 'This generation id was already used for a different generation. Please try again.' },
    ]);
    expect(await objectsUnder(stack, `generation-inputs/${user.userId}/`)).toEqual([]);
  });

  it('sora at 0 % sketch influence is the manual (text-only) workflow', async () => {
    const user = await proUser(stack, 0);
    const res = await postGeneration(stack, user, { provider: 'sora', sketchInfluence: 0 }).expect(200);
    expect((res.body as GenerateResponse).metadata).toMatchObject({ integratedWorkflow: false });
  });

  it('midjourney: a one-line prompt with --ar, --iw, --sref and --seed mapped from the controls', async () => {
    const user = await proUser(stack, 0);
    const res = await postGeneration(
      stack,
      user,
      { provider: 'midjourney', aspectRatio: 'A4_portrait', sketchInfluence: 50, seed: 4242, variations: 4 },
      { references: 2 },
    ).expect(200);
    const body = res.body as GenerateResponse;
    expect(body).toMatchObject({ images: [], seed: 4242, creditsUsed: 0 });
    expect(body.metadata).toMatchObject({ provider: 'midjourney', integratedWorkflow: true, seedSupported: true });
    const prompt = body.metadata.midjourneyPrompt!;
    expect(prompt).not.toContain('\n');
    expect(prompt).toContain(STYLE);
    expect(prompt).toMatch(/ --ar 5:7 --iw 1\.5 --sref <reference-image-urls> --seed 4242$/);
    expect(body.metadata.midjourneyInstructions!.length).toBeGreaterThanOrEqual(4);

    const manual = await postGeneration(stack, user, { provider: 'midjourney', sketchInfluence: 0, aspectRatio: '1:1' }).expect(200);
    const manualPrompt = (manual.body as GenerateResponse).metadata.midjourneyPrompt!;
    expect((manual.body as GenerateResponse).metadata.integratedWorkflow).toBe(false);
    expect(manualPrompt).toMatch(/ --ar 1:1$/);
    expect(manualPrompt).not.toContain('--iw');
  });
});

describe('GET /api/generations', () => {
  it(`lists the newest ${GENERATION_HISTORY_LIMIT} and gives the number of generations in all in X-Total-Count (the home's Total Generations)`, async () => {
    const user = await proUser(stack, 0);
    const other = await proUser(stack, 0, 'monthly', 'Other');
    const ids: string[] = [];
    for (let i = 0; i < GENERATION_HISTORY_LIMIT + 3; i++) {
      const jobId = randomUUID();
      await postGeneration(stack, user, { jobId, provider: i % 2 === 0 ? 'sora' : 'midjourney' }).expect(200);
      ids.push(jobId);
    }
    await postGeneration(stack, other, { provider: 'sora' }).expect(200);
    const res = await request(stack.http).get('/api/generations').set('Cookie', user.cookie).expect(200);
    expect(res.headers['x-total-count']).toBe(String(GENERATION_HISTORY_LIMIT + 3));
    expect((res.body as Array<{ id: string }>).map((item) => item.id)).toEqual(ids.slice(3).reverse());
    const none = await proUser(stack, 0, 'monthly', 'None');
    const empty = await request(stack.http).get('/api/generations').set('Cookie', none.cookie).expect(200);
    expect([empty.body, empty.headers['x-total-count']]).toEqual([[], '0']);
  });
});
