import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { Queue, QueueEvents, type Worker } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import { CommandClient, redisConnection, startWorker, type JobHandlers, type WorkerLogger } from '@archlens/platform/messaging';

/**
 * Request/reply over a channel that has just been opened. BullMQ's `QueueEvents` sends its first
 * stream read only after its `waitUntilReady()` has resolved (bullmq issue #2874); a reply published
 * in between must still reach the caller, not leave it waiting out the reply timeout while the
 * work is done.
 */
describe('CommandClient on a channel it has just opened', () => {
  const redisUrl = process.env.REDIS_URL!;
  const silent: WorkerLogger = { warn: () => undefined, error: () => undefined };
  const description = 'Pale brick massing with deep window reveals.';
  // The worker answers after 50 ms, so the reply is published while the first read is held back.
  const handlers = {
    'auth.get-style-profile': async () => {
      await sleep(50);
      return { description };
    },
  } as unknown as JobHandlers<typeof QUEUES.authLookup>;
  let worker: Worker | undefined;
  let client: CommandClient | undefined;

  afterEach(async () => {
    jest.restoreAllMocks();
    await client?.close();
    await worker?.close();
  });
  afterAll(async () => {
    const queue = new Queue(QUEUES.authLookup, { connection: redisConnection(redisUrl) });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('gets a reply published before the queue events connection first reads its stream', async () => {
    worker = startWorker(QUEUES.authLookup, redisUrl, handlers, silent);
    await worker.waitUntilReady();
    // Hold back the first read of every QueueEvents opened from here on by 300 ms, as a busy event
    // loop can: the reply to the request below is published about 250 ms before that read.
    // `consumeEvents` (BullMQ's read loop) is protected in its types.
    const reader = QueueEvents.prototype as unknown as { consumeEvents: (this: QueueEvents) => Promise<void> };
    const consumeEvents = reader.consumeEvents;
    jest.spyOn(reader, 'consumeEvents').mockImplementation(async function (this: QueueEvents) {
      await sleep(300);
      return consumeEvents.call(this);
    });
    client = new CommandClient(redisUrl);

    const started = performance.now();
    const reply = await client.request('auth.get-style-profile', { userId: randomUUID() }, { timeoutMs: 3_000 });

    expect(reply).toEqual({ description });
    // Answered once the held-back read ran, not by way of the 3 s timeout.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
