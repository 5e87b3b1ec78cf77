import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Queue, type Worker } from 'bullmq';
import { ZodError } from 'zod';
import { QUEUES } from '@archlens/contracts/queues';
import { EventPublisher, readEvent, startEventWorker, type DeliveredEvent } from '@archlens/platform/events';
import { redisConnection, type WorkerLogger } from '@archlens/platform/messaging';
import { currentRequestId, runWithRequestContext } from '@archlens/platform/request-context';

/** The events catalogue over BullMQ: one queue per subscriber, each event added once per id. */
describe('EventPublisher against the Redis of the test run', () => {
  const subscriber = `test-events-${randomUUID().slice(0, 8)}`;
  const publisher = new EventPublisher(process.env.REDIS_URL!, { [subscriber]: ['analysis.emailed'] });
  const queue = new Queue(subscriber, { connection: redisConnection(process.env.REDIS_URL!) });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([publisher.close(), queue.close()]);
  });

  const payload = { userId: randomUUID(), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', analysisText: 'An analysis.' };

  it('delivers an event to each subscriber queue once per event id, in an envelope the subscriber reads back', async () => {
    const eventId = randomUUID();
    await publisher.publish('analysis.emailed', payload, eventId);
    await publisher.publish('analysis.emailed', payload, eventId); // a retried publish
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].id).toBe(eventId);
    const read = readEvent(jobs[0].data);
    expect(read).toMatchObject({ name: 'analysis.emailed', payload, envelope: { eventId } });
  });

  it('delivers nothing for an event nobody subscribes to, and refuses a payload off the catalogue', async () => {
    const before = await queue.getJobCounts('waiting');
    await publisher.publish('subscription.changed', {
      userId: randomUUID(),
      status: 'active',
      plan: 'monthly',
      creditsRemaining: 200,
      currentPeriodEnd: null,
    });
    expect(await queue.getJobCounts('waiting')).toEqual(before);
    await expect(publisher.publish('analysis.emailed', { ...payload, email: 'not an e-mail' })).rejects.toBeInstanceOf(ZodError);
    expect(() => readEvent({ eventId: randomUUID(), name: 'analysis.emailed', occurredAt: new Date().toISOString(), payload: {} })).toThrow(
      ZodError,
    );
  });
});

/**
 * The request id through events: an event published inside a request or job carries that request's
 * id, and the subscriber's handler runs (and logs) under it, so `grep <X-Request-Id>` finds the
 * subscriber's lines too; an event published outside any request falls back to `event-<eventId>`.
 */
describe('the request id in event envelopes', () => {
  // A real subscriber queue (its QUEUE_SETTINGS), with a subscription map of this test's own.
  const subscriberQueue = QUEUES.leadsEvents;
  const subscriptions = { [subscriberQueue]: ['analysis.emailed'] as const };
  const publisher = new EventPublisher(process.env.REDIS_URL!, subscriptions);
  const queue = new Queue(subscriberQueue, { connection: redisConnection(process.env.REDIS_URL!) });
  const seen = new Map<string, string | undefined>();
  const waiters = new Map<string, () => void>();
  let worker: Worker | undefined;
  const silent: WorkerLogger = { error: () => undefined, warn: () => undefined };
  const emailed = () => ({
    userId: randomUUID(),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    analysisText: 'An analysis.',
  });

  afterAll(async () => {
    await worker?.close();
    await queue.obliterate({ force: true });
    await Promise.all([publisher.close(), queue.close()]);
  });

  const handled = (eventId: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`event ${eventId} was not handled`)), 15_000);
      const done = () => {
        clearTimeout(timer);
        resolve(seen.get(eventId));
      };
      if (seen.has(eventId)) done();
      else waiters.set(eventId, done);
    });

  it('carries the publishing request id to the handler, and falls back to event-<id> without one', async () => {
    await queue.obliterate({ force: true });
    worker = startEventWorker(
      {
        queue: subscriberQueue,
        handle: async (event: DeliveredEvent) => {
          seen.set(event.envelope.eventId, currentRequestId());
          waiters.get(event.envelope.eventId)?.();
        },
      },
      process.env.REDIS_URL!,
      silent,
      subscriptions,
    );
    await worker.waitUntilReady();

    const requestId = `req-${randomUUID()}`;
    const withRequest = randomUUID();
    const envelope = await runWithRequestContext({ requestId }, () => publisher.publish('analysis.emailed', emailed(), withRequest));
    expect(envelope.requestId).toBe(requestId);
    expect(readEvent(envelope).envelope.requestId).toBe(requestId);
    expect(await handled(withRequest)).toBe(requestId);

    const withoutRequest = randomUUID();
    const bare = await publisher.publish('analysis.emailed', emailed(), withoutRequest);
    expect(bare.requestId).toBeUndefined();
    expect(await handled(withoutRequest)).toBe(`event-${withoutRequest}`);
  });
});
