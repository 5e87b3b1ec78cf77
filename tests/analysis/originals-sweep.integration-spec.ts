import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import request from 'supertest';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { smallPng } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/** A periodic sweep removes originals that no stored analysis refers to, once older than a day. */
describe('the sweep of unreferenced originals', () => {
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

  it('is scheduled hourly for originals older than a day', async () => {
    const queue = new Queue(QUEUES.analysis, { connection: redisConnection(process.env.REDIS_URL!) });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.name, Number(s.every)])).toContainEqual(['analysis.sweep-originals', 3600_000]);
    } finally {
      await queue.close();
    }
  });

  it('removes an original no analysis refers to and keeps the ones an analysis refers to', async () => {
    const signUp = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email: `sweep-${randomUUID()}@example.com`, first_name: 'Sweep', last_name: 'Tester', password: 'correct-horse' })
      .expect(201);
    const cookie = ([] as string[]).concat(signUp.headers['set-cookie'] ?? [])[0].split(';')[0];
    const userId = signUp.body.id as string;
    const analysis = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'kept.png')
      .expect(200);
    // What a crash between storing and recording would leave behind.
    const orphan = `uploads/${userId}/${randomUUID()}.png`;
    await stack.storage.put(orphan, await smallPng(3), 'image/png');
    const { rows } = await stack.db.query<{ image_keys: string[] }>('SELECT image_keys FROM analysis.analyses WHERE id = $1', [
      analysis.body.id,
    ]);
    const kept = rows[0].image_keys;

    // Objects younger than the cut-off are never touched (an upload may be in progress).
    expect(await commands.request('analysis.sweep-originals', { olderThanSeconds: 3600 })).toEqual({ examined: 0, removed: 0 });
    expect(await stack.storage.list(`uploads/${userId}/`)).toContain(orphan);

    const result = await commands.request('analysis.sweep-originals', { olderThanSeconds: 0 });
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const left = await stack.storage.list(`uploads/${userId}/`);
    expect(left).not.toContain(orphan);
    expect(left.sort()).toEqual([...kept].sort());
  });
});
