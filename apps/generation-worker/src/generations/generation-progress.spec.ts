import { describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { generationProgressSchema } from '@archlens/contracts/generation';
import { GenerationProgressReporter } from './generation-progress.js';

const JOB_ID = '6f1c7e0a-8d1b-4c2e-9a55-0f3e2b1d4c6a';
const USER_ID = '0b5e8f2c-1a3d-4e6f-8b9a-7c2d1e0f3a4b';

/** A stand-in for the BullMQ job: records what is reported and starts from `progress`. */
function fakeJob(progress: unknown = 0) {
  const reports: unknown[] = [];
  const job = { progress, updateProgress: (value: unknown) => Promise.resolve(void reports.push(value)) } as unknown as Job;
  return { job, reports };
}

describe('generation progress', () => {
  it('reports contract events with the user id, images done of total, and a percentage that only rises', async () => {
    const { job, reports } = fakeJob();
    const progress = new GenerationProgressReporter(job, JOB_ID, USER_ID, console);
    await progress.report('queued', 0);
    await progress.report('reserving', 5);
    await progress.rendering(1, 2);
    await progress.report('reserving', 5);
    await progress.failed('Provider said no');
    expect(reports.map((r) => generationProgressSchema.parse(r))).toHaveLength(5);
    expect(reports.map((r) => (r as { percent: number }).percent)).toEqual([0, 5, 50, 50, 50]);
    expect(reports[2]).toEqual({ jobId: JOB_ID, stage: 'rendering', percent: 50, imagesDone: 1, imagesTotal: 2, userId: USER_ID });
    expect(reports[4]).toMatchObject({ stage: 'failed', message: 'Provider said no' });
  });

  it('a resumed job starts from the percentage its job recorded before its worker stopped', async () => {
    const { job, reports } = fakeJob({ jobId: JOB_ID, stage: 'rendering', percent: 50, imagesDone: 1, imagesTotal: 2, userId: USER_ID });
    const progress = new GenerationProgressReporter(job, JOB_ID, USER_ID, console);
    await progress.report('reserving', 5);
    expect(reports).toEqual([{ jobId: JOB_ID, stage: 'reserving', percent: 50, userId: USER_ID }]);
  });
});
