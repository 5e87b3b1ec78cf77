import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { ZodError } from 'zod';
import { EventPublisher, readEvent } from '@archlens/platform/events';
import { redisConnection } from '@archlens/platform/messaging';

/** The events catalogue over BullMQ: one queue per subscriber, each event added once per id. */
describe('EventPublisher against the Redis of the test run', () => {
  const subscriber = `test-events-${randomUUID().slice(0, 8)}`;
  const publisher = new EventPublisher(process.env.REDIS_URL!, { [subscriber]: ['analysis.completed'] });
  const queue = new Queue(subscriber, { connection: redisConnection(process.env.REDIS_URL!) });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([publisher.close(), queue.close()]);
  });

  const payload = { analysisId: randomUUID(), userId: randomUUID(), imageCount: 3, engine: 'offline' };

  it('delivers an event to each subscriber queue once per event id, in an envelope the subscriber reads back', async () => {
    const eventId = payload.analysisId;
    await publisher.publish('analysis.completed', payload, eventId);
    await publisher.publish('analysis.completed', payload, eventId); // a retried publish
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].id).toBe(eventId);
    const read = readEvent(jobs[0].data);
    expect(read).toMatchObject({ name: 'analysis.completed', payload, envelope: { eventId } });
  });

  it('delivers nothing for an event nobody subscribes to, and refuses a payload off the catalogue', async () => {
    const before = await queue.getJobCounts('waiting');
    await publisher.publish('user.registered', { userId: randomUUID(), email: 'a@example.com', firstName: 'Ada' });
    expect(await queue.getJobCounts('waiting')).toEqual(before);
    await expect(publisher.publish('analysis.completed', { ...payload, imageCount: 0 })).rejects.toBeInstanceOf(ZodError);
    expect(() =>
      readEvent({ eventId: randomUUID(), name: 'analysis.completed', occurredAt: new Date().toISOString(), payload: {} }),
    ).toThrow(ZodError);
  });
});
