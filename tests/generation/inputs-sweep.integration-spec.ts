import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { CommandClient } from '@archlens/platform/messaging';
import { startStack, type Stack } from '../support/stack.js';

/*
 * Originals no stored record refers to are swept: the scheduled
 * `generation.sweep-inputs` removes uploaded generation inputs that no pending generation reads
 * (a process died between storing the upload and queueing the job), and leaves alone the inputs of
 * a generation still pending and anything younger than the age asked for.
 */

let stack: Stack;
let commands: CommandClient;

beforeAll(async () => {
  stack = await startStack();
  commands = new CommandClient(process.env.REDIS_URL!);
});

afterAll(async () => {
  await commands?.close();
  await stack?.close();
});

it('removes inputs no pending generation refers to, and keeps a pending generation’s sketch and references', async () => {
  const userId = randomUUID();
  const key = (ext: string) => `generation-inputs/${userId}/${randomUUID()}.${ext}`;
  const [orphanSketch, orphanReference, pendingSketch, pendingReference, finishedSketch] = [
    key('png'),
    key('jpg'),
    key('png'),
    key('webp'),
    key('png'),
  ];
  for (const k of [orphanSketch, orphanReference, pendingSketch, pendingReference, finishedSketch]) {
    await stack.storage.put(k, Buffer.from('stored input'), 'application/octet-stream');
  }
  const row = (status: string, sketch: string, references: string[]) =>
    stack.db.query(
      `INSERT INTO generation.generation_jobs (id, user_id, status, provider, options, inputs) VALUES ($1, $2, $3, 'openai', '{}', $4)`,
      [
        randomUUID(),
        userId,
        status,
        JSON.stringify({ sketch: { key: sketch, fileName: 'sketch' }, references: references.map((k) => ({ key: k, fileName: 'ref' })) }),
      ],
    );
  await row('pending', pendingSketch, [pendingReference]);
  await row('succeeded', finishedSketch, []);
  const mine = async () => (await stack.storage.list(`generation-inputs/${userId}/`)).sort();

  // Nothing is a day old yet: the scheduled age leaves everything.
  expect(await commands.request('generation.sweep-inputs', { olderThanSeconds: 24 * 3600 })).toEqual({
    examined: 0,
    removed: 0,
    lapsed: 0,
  });
  expect(await mine()).toHaveLength(5);

  // Every input old enough: only the pending generation's two stay.
  const swept = await commands.request('generation.sweep-inputs', { olderThanSeconds: 0 });
  expect(swept.removed).toBeGreaterThanOrEqual(3);
  expect(await mine()).toEqual([pendingSketch, pendingReference].sort());
});

it('fails a generation left pending past its credit reservation and removes its inputs and images at once; a live one keeps its own', async () => {
  const userId = randomUUID();
  const key = (ext: string) => `generation-inputs/${userId}/${randomUUID()}.${ext}`;
  const [lapsedSketch, lapsedReference, liveSketch] = [key('png'), key('jpg'), key('png')];
  for (const k of [lapsedSketch, lapsedReference, liveSketch]) await stack.storage.put(k, Buffer.from('stored input'), 'image/png');
  const [lapsedJob, liveJob] = [randomUUID(), randomUUID()];
  const lapsedImage = `generations/${userId}/${lapsedJob}/0.jpg`;
  await stack.storage.put(lapsedImage, Buffer.from('rendered'), 'image/jpeg');
  /** A pending job as a worker leaves it once it has reserved credits, its latest attempt started `ago` earlier. */
  const pending = (id: string, ago: string, sketch: string, references: string[]) =>
    stack.db.query(
      `INSERT INTO generation.generation_jobs (id, user_id, status, provider, options, inputs, attempts, started_at, created_at, reservation_id, credits_reserved)
       VALUES ($1, $2, 'pending', 'stability-ai', '{}', $3, 1, now() - $4::interval, now() - $4::interval, $5, 10)`,
      [
        id,
        userId,
        JSON.stringify({ sketch: { key: sketch, fileName: 'sketch' }, references: references.map((k) => ({ key: k, fileName: 'ref' })) }),
        ago,
        randomUUID(),
      ],
    );
  // Its worker died an hour ago, and nobody resumed it: billing's 705-second hold (two 180 s provider
  // timeouts, the 30 s lock, 300 s of margin, 15 s to reserve) has long expired.
  await pending(lapsedJob, '1 hour', lapsedSketch, [lapsedReference]);
  await stack.db.query(`INSERT INTO generation.generation_images (job_id, index, object_key, bytes) VALUES ($1, 0, $2, 8)`, [
    lapsedJob,
    lapsedImage,
  ]);
  await pending(liveJob, '2 minutes', liveSketch, []);

  // At the scheduled age: the uploads are young, but the lapsed generation's go with it.
  const swept = await commands.request('generation.sweep-inputs', { olderThanSeconds: 24 * 3600 });
  expect(swept).toMatchObject({ lapsed: 1 });
  expect(await stack.storage.list(`generation-inputs/${userId}/`)).toEqual([liveSketch]);
  expect(await stack.storage.list(`generations/${userId}/`)).toEqual([]);
  const { rows } = await stack.db.query<{ id: string; status: string; error_code: string | null; credits_spent: number }>(
    'SELECT id, status, error_code, credits_spent FROM generation.generation_jobs WHERE user_id = $1',
    [userId],
  );
  expect(rows.sort((a, b) => (a.id === lapsedJob ? -1 : b.id === lapsedJob ? 1 : 0))).toEqual([
    { id: lapsedJob, status: 'failed', error_code: 'generation.failed', credits_spent: 0 },
    { id: liveJob, status: 'pending', error_code: null, credits_spent: 0 },
  ]);
  const images = await stack.db.query('SELECT 1 FROM generation.generation_images WHERE job_id = $1', [lapsedJob]);
  expect(images.rows).toHaveLength(0);
});
