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
  expect(await commands.request('generation.sweep-inputs', { olderThanSeconds: 24 * 3600 })).toEqual({ examined: 0, removed: 0 });
  expect(await mine()).toHaveLength(5);

  // Every input old enough: only the pending generation's two stay.
  const swept = await commands.request('generation.sweep-inputs', { olderThanSeconds: 0 });
  expect(swept.removed).toBeGreaterThanOrEqual(3);
  expect(await mine()).toEqual([pendingSketch, pendingReference].sort());
});
