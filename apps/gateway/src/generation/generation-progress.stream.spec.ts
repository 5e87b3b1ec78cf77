import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import type { MessageEvent } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { GenerationProgress, GenerationStatusResult } from '@archlens/contracts/generation';
import type { CommandClient } from '@archlens/platform/messaging';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import { CONNECTED, GenerationProgressStream, HEARTBEAT, HEARTBEAT_MS, MAX_OPEN_STREAMS_PER_USER } from './generation-progress.stream.js';

/**
 * A command client whose `generation.get-status` answers only when the test says (a busy generation
 * queue), and whose progress reports the test sends.
 */
function fakeGenerationQueue() {
  const pending: Array<(state: GenerationStatusResult) => void> = [];
  const listeners = new Set<(report: { data: unknown }) => void>();
  const client = {
    onProgress: (_queue: string, listener: (report: { data: unknown }) => void) => {
      listeners.add(listener);
      return Promise.resolve(() => void listeners.delete(listener));
    },
    request: () => new Promise<GenerationStatusResult>((resolve) => pending.push(resolve)),
  };
  return {
    client: client as unknown as CommandClient,
    answerAll: (state: GenerationStatusResult) => pending.splice(0).forEach((answer) => answer(state)),
    report: (data: unknown) => listeners.forEach((listener) => listener({ data })),
    listeners: () => listeners.size,
  };
}

/** Every event a stream gives until it completes or `stop` is called. */
function collect(events: Observable<MessageEvent>) {
  const received: MessageEvent[] = [];
  let completed = false;
  const subscription = events.subscribe({ next: (event) => received.push(event), complete: () => (completed = true) });
  return { received, completed: () => completed, stop: () => subscription.unsubscribe() };
}

const PENDING: GenerationStatusResult = { status: 'pending', imageCount: 0, message: null };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GenerationProgressStream', () => {
  it('frees the place of a client that leaves while the job state is still being asked for', async () => {
    const queue = fakeGenerationQueue();
    const streams = new GenerationProgressStream(queue.client);
    const userId = randomUUID();

    const clients = Array.from({ length: MAX_OPEN_STREAMS_PER_USER }, () => new AbortController());
    const opening = clients.map((client) => streams.open(userId, randomUUID(), client.signal));
    await tick();
    // Every place is taken while the queue is busy...
    await expect(streams.open(userId, randomUUID(), new AbortController().signal)).rejects.toBeInstanceOf(TooManyRequestsException);
    // ...and every client leaves before the answer comes.
    clients.forEach((client) => client.abort());
    queue.answerAll(PENDING);
    const opened = await Promise.all(opening);

    expect(opened.map((events) => collect(events).received)).toEqual(Array(MAX_OPEN_STREAMS_PER_USER).fill([]));
    expect(queue.listeners()).toBe(0);
    const again = new AbortController();
    const reopened = streams.open(userId, randomUUID(), again.signal);
    await tick();
    queue.answerAll(PENDING);
    const stream = collect(await reopened);
    expect(stream.received).toEqual([CONNECTED]);
    again.abort();
    stream.stop();
    expect(queue.listeners()).toBe(0);
  });

  it('sends the reports of its job and user only, those made while it opened first, and ends after the last', async () => {
    const queue = fakeGenerationQueue();
    const streams = new GenerationProgressStream(queue.client);
    const [userId, jobId] = [randomUUID(), randomUUID()];
    const progress = (stage: GenerationProgress['stage'], percent: number): GenerationProgress => ({ jobId, stage, percent });

    const opening = streams.open(userId, jobId, new AbortController().signal);
    await tick();
    queue.report({ ...progress('queued', 5), userId });
    queue.report({ ...progress('reserving', 10), userId: randomUUID() }); // another user's job of the same id
    queue.report({ ...progress('reserving', 10), jobId: randomUUID(), userId }); // another job
    queue.answerAll(PENDING);
    const stream = collect(await opening);
    queue.report({ ...progress('rendering', 50), userId });
    queue.report({ ...progress('succeeded', 100), userId });
    queue.report({ ...progress('failed', 100), userId });

    expect(stream.received).toEqual([
      CONNECTED,
      { data: progress('queued', 5) },
      { data: progress('rendering', 50) },
      { data: progress('succeeded', 100) },
    ]);
    expect(stream.completed()).toBe(true);
    expect(queue.listeners()).toBe(0);
  });

  it('answers a job that has ended with its end at once', async () => {
    const queue = fakeGenerationQueue();
    const streams = new GenerationProgressStream(queue.client);
    const jobId = randomUUID();

    const opening = streams.open(randomUUID(), jobId, new AbortController().signal);
    await tick();
    queue.answerAll({ status: 'succeeded', imageCount: 2, message: null });
    const stream = collect(await opening);

    expect(stream.received).toEqual([CONNECTED, { data: { jobId, stage: 'succeeded', percent: 100, imagesDone: 2, imagesTotal: 2 } }]);
    expect(stream.completed()).toBe(true);
    expect(queue.listeners()).toBe(0);
  });

  it('sends a heartbeat every 15 s while the job runs, and none once it has ended', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const queue = fakeGenerationQueue();
      const streams = new GenerationProgressStream(queue.client);
      const [userId, jobId] = [randomUUID(), randomUUID()];
      const opening = streams.open(userId, jobId, new AbortController().signal);
      await tick();
      queue.answerAll(PENDING);
      const stream = collect(await opening);

      jest.advanceTimersByTime(2 * HEARTBEAT_MS);
      expect(stream.received).toEqual([CONNECTED, HEARTBEAT, HEARTBEAT]);
      queue.report({ jobId, stage: 'failed', percent: 40, message: 'Provider down.', userId });
      jest.advanceTimersByTime(2 * HEARTBEAT_MS);
      expect(stream.received).toEqual([
        CONNECTED,
        HEARTBEAT,
        HEARTBEAT,
        { data: { jobId, stage: 'failed', percent: 40, message: 'Provider down.' } },
      ]);
      expect(stream.completed()).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
