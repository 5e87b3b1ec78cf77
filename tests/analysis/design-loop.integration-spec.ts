import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnalyzeResponse } from '@archlens/contracts/analysis';
import { PHOTOGRAPHIC_TAGS, type AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import type { GenerateResponse, GenerationDetail } from '@archlens/contracts/generation';
import { analyseRenderPath, libraryItemPath } from '@archlens/contracts/paths';
import {
  balanceOf,
  jobRow,
  ledgerReasons,
  objectsUnder,
  postGeneration,
  proUser,
  reservationsOf,
} from '../generation/generation-requests.js';
import type { SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * The design loop through the real gateway, workers and stores, with the loopback image provider:
 * a generation keeps the analysis its style came from (checked as the user's before anything is
 * stored or queued, and kept by a rerun), and "Analyse this render" analyses a render for free as
 * one of the user's analyses, comparing its tags with the source analysis or the style.
 */
const PHOTO = 'buenos-aires-building.jpg';
/** Analyses per user per hour in this stack: small enough to reach in a test. */
const ANALYSES_PER_HOUR = 4;

let stack: Stack;
let fake: FakeImageProviders;

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({
    env: {
      GENERATION_OPENAI_API_KEY: 'sk-design-loop-loopback',
      GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl,
      RATE_LIMIT_ANALYSES_PER_USER: String(ANALYSES_PER_HOUR),
    },
  });
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

async function analysePhoto(user: SignedInUser, name = PHOTO): Promise<AnalyzeResponse> {
  const res = await request(stack.http)
    .post('/api/analyze')
    .set('Cookie', user.cookie)
    .attach('images', fixturePhoto(name), name)
    .expect(200);
  return res.body as AnalyzeResponse;
}

async function detailOf(user: SignedInUser, jobId: string): Promise<GenerationDetail> {
  return (await request(stack.http).get(libraryItemPath('generation', jobId)).set('Cookie', user.cookie).expect(200))
    .body as GenerationDetail;
}

const analyseRender = (user: SignedInUser, jobId: string, index = 0) =>
  request(stack.http).post(analyseRenderPath(jobId, index)).set('Cookie', user.cookie);

async function analysisCount(userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM analysis.analyses WHERE user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

describe('a generation made from an analysis ("Use as style")', () => {
  it('refuses an unknown or another user’s analysis before anything is stored or queued, and a malformed id', async () => {
    const owner = await proUser(stack, 100);
    const stranger = await proUser(stack, 100, 'monthly', 'Stranger');
    const strangersAnalysis = await analysePhoto(stranger);
    for (const sourceAnalysisId of [randomUUID(), strangersAnalysis.id]) {
      const jobId = randomUUID();
      const res = await postGeneration(stack, owner, { jobId, provider: 'openai', sourceAnalysisId }).expect(404);
      expect(res.body).toEqual({
        code: 'generation.source-analysis-not-found',
        message: 'The analysis this style came from is not in your library. Clear the style or use one of your own analyses.',
      });
      expect(await jobRow(stack, jobId)).toBeUndefined();
    }
    const malformed = await postGeneration(stack, owner, { provider: 'openai', sourceAnalysisId: 'not-an-analysis' }).expect(400);
    expect(malformed.body.message).toMatch(/sourceAnalysisId/);
    expect(await objectsUnder(stack, `generation-inputs/${owner.userId}/`)).toEqual([]);
    expect(await reservationsOf(stack, owner.userId)).toEqual([]);
    expect(await balanceOf(stack, owner.userId)).toBe(100);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps the source analysis in the recipe, and a reproduction keeps it too', async () => {
    const owner = await proUser(stack, 100);
    const source = await analysePhoto(owner);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixturePhoto(PHOTO) } });
    const jobId = randomUUID();
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 1, sourceAnalysisId: source.id }).expect(200);
    expect((await detailOf(owner, jobId)).recipe?.sourceAnalysisId).toBe(source.id);

    const rerun = await request(stack.http)
      .post(`${libraryItemPath('generation', jobId)}/reproduce`)
      .set('Cookie', owner.cookie)
      .expect(200);
    const child = await detailOf(owner, (rerun.body as GenerateResponse).jobId);
    expect(child.parentId).toBe(jobId);
    expect(child.recipe?.sourceAnalysisId).toBe(source.id);

    const plain = randomUUID();
    await postGeneration(stack, owner, { jobId: plain, provider: 'openai', variations: 1, sourceAnalysisId: '' }).expect(200);
    expect((await detailOf(owner, plain)).recipe?.sourceAnalysisId).toBeNull();
  });
});

describe('POST /api/generations/{jobId}/{index}/analyse ("Analyse this render")', () => {
  it('analyses the render free of credits, into the library, comparing its tags with the source analysis', async () => {
    const owner = await proUser(stack, 100);
    const source = await analysePhoto(owner);
    // The provider answers with the very photo the style came from: most of its design survives.
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixturePhoto(PHOTO) } });
    const jobId = randomUUID();
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 1, sourceAnalysisId: source.id }).expect(200);
    const balance = await balanceOf(stack, owner.userId);
    const ledger = await ledgerReasons(stack, owner.userId);

    const res = await analyseRender(owner, jobId).expect(200);
    const { analysis, comparison } = res.body as AnalyseRenderResponse;
    expect(analysis.imageCount).toBe(1);
    expect(analysis.id).not.toBe(source.id);
    expect(comparison.against).toBe('analysis');
    const designTags = (tags: string[]) => tags.filter((tag) => !PHOTOGRAPHIC_TAGS.has(tag));
    expect([...comparison.kept, ...comparison.lost].sort()).toEqual(designTags(source.tags).sort());
    expect([...comparison.kept, ...comparison.added].sort()).toEqual(designTags(analysis.tags).sort());
    expect(comparison.kept.length).toBeGreaterThan(0);

    // Free: no credits moved, nothing written to the ledger.
    expect(await balanceOf(stack, owner.userId)).toBe(balance);
    expect(await ledgerReasons(stack, owner.userId)).toEqual(ledger);
    // In the library as an analysis of the user's, its photo a copy of the render.
    const stored = await request(stack.http).get(libraryItemPath('analysis', analysis.id)).set('Cookie', owner.cookie).expect(200);
    expect(stored.body.tags).toEqual(analysis.tags);
    const recent = await request(stack.http).get('/api/analyses').set('Cookie', owner.cookie).expect(200);
    expect((recent.body as Array<{ id: string }>).map((a) => a.id)).toContain(analysis.id);
  });

  it('compares with the tags the style description names when the generation has no source analysis', async () => {
    const owner = await proUser(stack, 100);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixturePhoto('mit-media-lab.jpg') } });
    const jobId = randomUUID();
    const style = 'Red brick with a strong vertical emphasis, a steady bay rhythm and a monochrome palette under soft light.';
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 1, styleDescription: style }).expect(200);
    const { analysis, comparison } = (await analyseRender(owner, jobId).expect(200)).body as AnalyseRenderResponse;
    expect(comparison.against).toBe('style');
    const asked = ['strong vertical emphasis', 'bay rhythm', 'monochrome palette', 'soft light'];
    expect([...comparison.kept, ...comparison.lost].sort()).toEqual([...asked].sort());
    expect(comparison.kept.every((tag) => analysis.tags.includes(tag))).toBe(true);
    expect(comparison.lost.every((tag) => !analysis.tags.includes(tag))).toBe(true);
  });

  it('answers 404 to anyone but the owner, and for an image the generation does not have, storing nothing', async () => {
    const owner = await proUser(stack, 100);
    const stranger = await proUser(stack, 100, 'monthly', 'Stranger');
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixturePhoto(PHOTO) } });
    const jobId = randomUUID();
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 1 }).expect(200);

    for (const res of [
      await analyseRender(stranger, jobId),
      await analyseRender(owner, jobId, 3),
      await analyseRender(owner, randomUUID()),
      await request(stack.http).post(`/api/generations/not-a-job/0/analyse`).set('Cookie', owner.cookie),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'generation.not-found', message: 'Generation not found.' });
    }
    expect(await analysisCount(stranger.userId)).toBe(0);
    expect(await analysisCount(owner.userId)).toBe(0);
    expect(await objectsUnder(stack, `uploads/${stranger.userId}/`)).toEqual([]);
    expect(await objectsUnder(stack, `uploads/${owner.userId}/`)).toEqual([]);
  });

  it("counts towards the user's analyses: past the hourly limit neither the render nor a photo is analysed", async () => {
    const owner = await proUser(stack, 100);
    fake.rule({ provider: 'openai', behaviour: { kind: 'answer', picture: fixturePhoto(PHOTO) } });
    const jobId = randomUUID();
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 1 }).expect(200);
    await analysePhoto(owner);
    for (let i = 1; i < ANALYSES_PER_HOUR; i++) await analyseRender(owner, jobId).expect(200);
    expect(await analysisCount(owner.userId)).toBe(ANALYSES_PER_HOUR);

    await analyseRender(owner, jobId).expect(429);
    await request(stack.http).post('/api/analyze').set('Cookie', owner.cookie).attach('images', fixturePhoto(PHOTO), PHOTO).expect(429);
    expect(await analysisCount(owner.userId)).toBe(ANALYSES_PER_HOUR);
  });
});
