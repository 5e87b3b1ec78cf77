import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { LibraryPage } from '@archlens/contracts/library';
import { API_PATHS } from '@archlens/contracts/paths';
import { startAnalysisWorker } from '@archlens/analysis-worker';
import { startGenerationWorker } from '@archlens/generation-worker';
import { postGeneration, proUser } from '../generation/generation-requests.js';
import { signUp, type SignedInUser } from '../support/accounts.js';
import { startFakeImageProviders, type FakeImageProviders } from '../support/fake-image-providers.server.js';
import { fixturePhoto, fixtureSketch } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Work kept before the library existed: the analyses, sketch readings and finished generations of
 * a database upgraded to the library are listed once a worker starts with the backlog marked,
 * once only, and for their owners only.
 */
let stack: Stack;
let fake: FakeImageProviders;
let owner: SignedInUser;
let stranger: SignedInUser;
const extraWorkers: INestApplicationContext[] = [];

const as = (user: SignedInUser, req: request.Test) => req.set('Cookie', user.cookie);
const library = async (user: SignedInUser): Promise<LibraryPage> =>
  (await as(user, request(stack.http).get(API_PATHS.library)).expect(200)).body as LibraryPage;

/** Waits until `check` holds: generations reach the index through an event, a few milliseconds behind. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Another copy of both item owners, started as a new release starts: its bootstrap reads the backlog marker. */
async function startAnotherCopy(): Promise<void> {
  extraWorkers.push(await startAnalysisWorker(stack.env, { logger: ['error'] }));
  extraWorkers.push(await startGenerationWorker(stack.env, { logger: ['error'] }));
}

const markers = async () =>
  Number(
    (
      await stack.db.query<{ n: string }>(
        'SELECT (SELECT count(*) FROM analysis.library_backlog) + (SELECT count(*) FROM generation.library_backlog) AS n',
      )
    ).rows[0].n,
  );

beforeAll(async () => {
  fake = await startFakeImageProviders();
  stack = await startStack({ env: { GENERATION_OPENAI_API_KEY: 'sk-backlog-loopback', GENERATION_OPENAI_BASE_URL: fake.openaiBaseUrl } });
  [owner, stranger] = await Promise.all([proUser(stack, 200, 'monthly', 'Owner'), signUp(stack, 'Stranger')]);
});
afterAll(async () => {
  for (const worker of extraWorkers) await worker.close();
  await stack?.close();
  await fake?.close();
});

describe('the library backlog', () => {
  it('lists the work kept before the library once a worker starts with the backlog marked', async () => {
    // A fresh database has nothing to catch up on: the first start used the markers up.
    expect(await markers()).toBe(0);

    const analysis = (
      await as(owner, request(stack.http).post(API_PATHS.analyze))
        .attach('images', fixturePhoto('mit-media-lab.jpg'), 'lab.jpg')
        .expect(200)
    ).body as { id: string };
    const reading = (
      await as(owner, request(stack.http).post(API_PATHS.analyzeSketch))
        .attach('image0', fixtureSketch('house-facade.png'), 'house.png')
        .expect(200)
    ).body as { id: string };
    const jobId = randomUUID();
    await postGeneration(stack, owner, { jobId, provider: 'openai', variations: 2 }).expect(200);
    await eventually(async () => (await library(owner)).total === 3);

    // The database as it was before the library: items kept, none indexed, the backlog marked.
    await stack.db.query('DELETE FROM analysis.library_items');
    await stack.db.query('INSERT INTO analysis.library_backlog DEFAULT VALUES');
    await stack.db.query('INSERT INTO generation.library_backlog DEFAULT VALUES');
    // A finished job kept without its style: left out, and the rest still indexed.
    await stack.db.query(
      `INSERT INTO generation.generation_jobs (id, user_id, status, provider, options, inputs) VALUES ($1, $2, 'succeeded', 'openai', '{}', $3)`,
      [randomUUID(), owner.userId, JSON.stringify({ sketch: { key: 'generation-inputs/x/y.png', fileName: 'y.png' }, references: [] })],
    );
    expect((await library(owner)).total).toBe(0);

    await startAnotherCopy();
    expect(await markers()).toBe(0);
    await eventually(async () => (await library(owner)).total === 3);
    const listed = (await library(owner)).items;
    expect(listed.map((item) => `${item.type} ${item.id}`).sort()).toEqual(
      [`analysis ${analysis.id}`, `generation ${jobId}`, `sketch-reading ${reading.id}`].sort(),
    );
    const render = listed.find((item) => item.type === 'generation');
    expect(render?.thumbnailUrl).not.toBeNull();
    expect(render?.tags).toEqual(['openai']);
    expect((await library(stranger)).total).toBe(0);

    // Searching finds the caught-up analysis by its text as it would a new one.
    const word = (listed.find((item) => item.type === 'analysis')?.title.match(/[a-z]{6,}/i) ?? [''])[0];
    const found = (await as(owner, request(stack.http).get(API_PATHS.library)).query({ q: word }).expect(200)).body as LibraryPage;
    expect(found.items.map((item) => item.id)).toContain(analysis.id);

    // The marker is gone, so a later start indexes nothing again: an item removed from the index stays out.
    await stack.db.query('DELETE FROM analysis.library_items WHERE item_id = $1', [analysis.id]);
    await startAnotherCopy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await library(owner)).items.map((item) => item.id)).not.toContain(analysis.id);
  });
});
