import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { generateFieldsSchema, MAX_SEED, type GenerationMetadata, type GenerationOptions } from '@archlens/contracts/generation';
import { initialiseDataSource } from '@archlens/platform/database';
import { createGenerationDataSource, GENERATION_SCHEMA } from '../database/generation-data-source.js';
import { GenerationImagesRepository } from './generation-images.repository.js';
import type { GenerationInputs } from './generation-job.entity.js';
import { FreeRetryTakenError, GenerationJobsRepository, type NewGenerationJob } from './generation-jobs.repository.js';

/*
 * The generation repositories against the real PostgreSQL, on a database of their own: a job is
 * idempotent on its id (another user's id is refused and their row untouched, a resumed job counts
 * attempts), its outcome is written once, images are unique on (job_id, index), and the reads of
 * the history, the downloads and the inputs sweep.
 */

const { jobId: _jobId, ...parsedOptions } = generateFieldsSchema.parse({
  styleDescription: 'Board-marked concrete and bronze frames',
  provider: 'stability-ai',
  variations: '2',
  seed: String(MAX_SEED),
});
const OPTIONS: GenerationOptions = parsedOptions;

const METADATA: GenerationMetadata = {
  provider: 'stability-ai',
  integratedWorkflow: false,
  sketchInfluence: OPTIONS.sketchInfluence,
  prompt: 'A prompt.',
  aspectRatio: OPTIONS.aspectRatio,
  model: 'sketch',
  size: null,
  seedSupported: true,
  providerMs: 10,
  durationMs: 20,
};

function inputsOf(userId: string): GenerationInputs {
  return {
    sketch: { key: `generation-inputs/${userId}/${randomUUID()}.png`, fileName: 'sketch.png' },
    references: [{ key: `generation-inputs/${userId}/${randomUUID()}.jpg`, fileName: 'reference.jpg' }],
  };
}

function newJob(userId: string, id: string = randomUUID()): NewGenerationJob {
  return { id, userId, provider: 'stability-ai', options: OPTIONS, inputs: inputsOf(userId) };
}

describe('GenerationJobsRepository and GenerationImagesRepository on PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const database = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_generation_repositories`;
  let dataSource: DataSource;
  let jobs: GenerationJobsRepository;
  let images: GenerationImagesRepository;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    dataSource = createGenerationDataSource(url.toString());
    await initialiseDataSource(dataSource, GENERATION_SCHEMA);
    jobs = new GenerationJobsRepository(dataSource);
    images = new GenerationImagesRepository(dataSource);
  });

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    // The pool's end() answers before its connections have closed; FORCE would cut them off mid-close.
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [
        database,
      ]);
      if (rows[0].open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  describe('starting a job', () => {
    it('inserts it pending at attempt 1 with the seed asked for, and counts one more attempt of the same user’s id', async () => {
      const job = newJob(randomUUID());
      const first = await jobs.start(job);
      expect(first).toMatchObject({ id: job.id, userId: job.userId, status: 'pending', attempts: 1, seed: MAX_SEED, options: OPTIONS });
      expect(first?.createdAt).toBeInstanceOf(Date);
      const resumed = await jobs.start(job);
      expect(resumed).toMatchObject({ id: job.id, status: 'pending', attempts: 2, inputs: job.inputs });
      expect(resumed?.createdAt).toEqual(first?.createdAt);
    });

    it('refuses another user’s id and leaves their job untouched', async () => {
      const owner = newJob(randomUUID());
      await jobs.start(owner);
      const before = await jobs.findById(owner.id);
      expect(await jobs.start(newJob(randomUUID(), owner.id))).toBeNull();
      expect(await jobs.findById(owner.id)).toEqual(before);
    });

    it('finds nothing for an unknown id', async () => {
      expect(await jobs.findById(randomUUID())).toBeNull();
    });

    it('records one free retry per generation, given back when that retry fails', async () => {
      const userId = randomUUID();
      const parent = newJob(userId);
      await jobs.start(parent);
      const first = { ...newJob(userId), parentId: parent.id, freeRetryOf: parent.id };
      const second = { ...newJob(userId), parentId: parent.id, freeRetryOf: parent.id };
      // Two started at once: the unique free_retry_of lets exactly one through.
      const outcomes = await Promise.allSettled([jobs.start(first), jobs.start(second)]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(FreeRetryTakenError);
      const winner = outcomes[0].status === 'fulfilled' ? first : second;
      expect(await jobs.freeRetryOf(parent.id)).toBe(winner.id);
      // The winner's own redelivery is the same job, counted again, not a second retry.
      expect(await jobs.start(winner)).toMatchObject({ id: winner.id, attempts: 2, freeRetryOf: parent.id });

      await jobs.fail(winner.id, { refusal: { code: 'generation.failed', params: {} }, message: 'Failed.', durationMs: 1 });
      expect(await jobs.freeRetryOf(parent.id)).toBeNull();
      const again = { ...newJob(userId), parentId: parent.id, freeRetryOf: parent.id };
      expect(await jobs.start(again)).toMatchObject({ id: again.id, freeRetryOf: parent.id, status: 'pending' });
    });
  });

  describe('a job’s outcome', () => {
    it('is written once: a job succeeded cannot be failed, nor succeeded again', async () => {
      const job = newJob(randomUUID());
      await jobs.start(job);
      await jobs.noteReservation(job.id, randomUUID(), 30);
      await jobs.addProviderTime(job.id, 1200.4);
      await jobs.addProviderTime(job.id, 300);
      expect(await jobs.succeed(job.id, { seed: 7, creditsSpent: 30, metadata: METADATA, durationMs: 2100 })).toBe(true);
      const refusal = { code: 'generation.store-failed', params: {} } as const;
      expect(await jobs.fail(job.id, { refusal, message: 'x', durationMs: 1 })).toBe(false);
      expect(await jobs.succeed(job.id, { seed: 8, creditsSpent: 0, metadata: METADATA, durationMs: 1 })).toBe(false);
      expect(await jobs.findById(job.id)).toMatchObject({
        status: 'succeeded',
        seed: 7,
        creditsReserved: 30,
        creditsSpent: 30,
        providerMs: 1500,
        durationMs: 2100,
        metadata: METADATA,
        error: null,
        errorCode: null,
      });
      expect((await jobs.findById(job.id))?.finishedAt).toBeInstanceOf(Date);
    });

    it('keeps a failure’s code, parameters and text; it spends nothing', async () => {
      const job = newJob(randomUUID());
      await jobs.start(job);
      const refusal = { code: 'generation.provider-failed', params: { reason: 'Safety system.' } } as const;
      expect(await jobs.fail(job.id, { refusal, message: 'The provider said: Safety system.', durationMs: 40 })).toBe(true);
      expect(await jobs.succeed(job.id, { seed: 1, creditsSpent: 30, metadata: METADATA, durationMs: 1 })).toBe(false);
      expect(await jobs.findById(job.id)).toMatchObject({
        status: 'failed',
        creditsSpent: 0,
        error: 'The provider said: Safety system.',
        errorCode: 'generation.provider-failed',
        errorParams: { reason: 'Safety system.' },
        durationMs: 40,
        metadata: null,
      });
    });
  });

  describe('images', () => {
    it('records an index once, lists them by index, and forgets them with removeForJob', async () => {
      const job = newJob(randomUUID());
      await jobs.start(job);
      const image = (index: number, seed: number | null) => ({
        jobId: job.id,
        index,
        objectKey: `generations/${job.userId}/${job.id}/${index}.jpg`,
        seed,
        bytes: 1000 + index,
      });
      await images.addOnce(image(1, MAX_SEED));
      await images.addOnce(image(0, null));
      await images.addOnce({ ...image(1, 5), objectKey: 'another-copy.jpg' });
      expect((await images.listForJob(job.id)).map(({ index, objectKey, seed, bytes }) => ({ index, objectKey, seed, bytes }))).toEqual([
        { index: 0, objectKey: image(0, null).objectKey, seed: null, bytes: 1000 },
        { index: 1, objectKey: image(1, null).objectKey, seed: MAX_SEED, bytes: 1001 },
      ]);
      expect(await images.countForJob(job.id)).toBe(2);
      await images.removeForJob(job.id);
      expect(await images.listForJob(job.id)).toEqual([]);
    });

    it('finds an image only for its owner, once the job has succeeded, at an index it has', async () => {
      const job = newJob(randomUUID());
      await jobs.start(job);
      await images.addOnce({ jobId: job.id, index: 0, objectKey: 'k.jpg', seed: null, bytes: 10 });
      expect(await images.findOwned(job.userId, job.id, 0)).toBeNull(); // still pending
      await jobs.succeed(job.id, { seed: null, creditsSpent: 10, metadata: METADATA, durationMs: 5 });
      expect(await images.findOwned(job.userId, job.id, 0)).toMatchObject({ objectKey: 'k.jpg', bytes: 10 });
      expect(await images.findOwned(randomUUID(), job.id, 0)).toBeNull();
      expect(await images.findOwned(job.userId, job.id, 1)).toBeNull();
      expect(await images.findOwned(job.userId, randomUUID(), 0)).toBeNull();
    });
  });

  it('lists a user’s history newest first with each job’s image count and the total, at most `limit`', async () => {
    const userId = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const job = newJob(userId);
      await jobs.start(job);
      ids.push(job.id);
    }
    await images.addOnce({ jobId: ids[2], index: 0, objectKey: 'a.jpg', seed: null, bytes: 1 });
    await images.addOnce({ jobId: ids[2], index: 1, objectKey: 'b.jpg', seed: null, bytes: 1 });
    await jobs.start(newJob(randomUUID())); // another user's
    const { rows, total } = await jobs.history(userId, 2);
    expect(total).toBe(3);
    expect(rows.map((row) => [row.id, row.imageCount])).toEqual([
      [ids[2], 2],
      [ids[1], 0],
    ]);
    expect(rows[0]).toMatchObject({ status: 'pending', creditsSpent: 0, provider: 'stability-ai' });
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(await jobs.history(randomUUID(), 2)).toEqual({ rows: [], total: 0 });
  });

  it('names the input keys pending jobs still read, and none of a finished job', async () => {
    const pending = newJob(randomUUID());
    const finished = newJob(randomUUID());
    await jobs.start(pending);
    await jobs.start(finished);
    await jobs.fail(finished.id, { refusal: { code: 'generation.store-failed', params: {} }, message: 'x', durationMs: 1 });
    const stray = `generation-inputs/${randomUUID()}/${randomUUID()}.png`;
    const keys = [pending.inputs.sketch.key, pending.inputs.references[0].key, finished.inputs.sketch.key, stray];
    expect((await jobs.pendingInputKeys(keys)).sort()).toEqual([pending.inputs.sketch.key, pending.inputs.references[0].key].sort());
  });
});
