import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Response } from 'express';
import type { GenerationStatusResult } from '@archlens/contracts/generation';
import type { CommandClient } from '@archlens/platform/messaging';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import { GenerationProgressStream, MAX_OPEN_STREAMS_PER_USER } from './generation-progress.stream.js';

/** A response as Express hands one over, enough for a server-sent stream; `close` is the client leaving. */
class FakeResponse extends EventEmitter {
  writableEnded = false;
  written: string[] = [];
  status(): this {
    return this;
  }
  setHeader(): void {}
  flushHeaders(): void {}
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
  }
  leave(): void {
    this.emit('close');
  }
}

/** A command client whose `generation.get-status` answers only when the test says (a busy generation queue). */
function slowStatusClient() {
  const pending: Array<(state: GenerationStatusResult) => void> = [];
  let listeners = 0;
  const client = {
    onProgress: () => {
      listeners += 1;
      return Promise.resolve(() => {
        listeners -= 1;
      });
    },
    request: () => new Promise<GenerationStatusResult>((resolve) => pending.push(resolve)),
  };
  return {
    client: client as unknown as CommandClient,
    answerAll: (state: GenerationStatusResult) => pending.splice(0).forEach((answer) => answer(state)),
    listeners: () => listeners,
  };
}

const PENDING: GenerationStatusResult = { status: 'pending', imageCount: 0, message: null };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GenerationProgressStream', () => {
  it('frees the place of a client that leaves while the job state is still being asked for', async () => {
    const status = slowStatusClient();
    const streams = new GenerationProgressStream(status.client);
    const userId = randomUUID();

    const responses = Array.from({ length: MAX_OPEN_STREAMS_PER_USER }, () => new FakeResponse());
    const opening = responses.map((response) => streams.open(userId, randomUUID(), response as unknown as Response));
    await tick();
    // Every place is taken while the queue is busy...
    await expect(streams.open(userId, randomUUID(), new FakeResponse() as unknown as Response)).rejects.toBeInstanceOf(
      TooManyRequestsException,
    );
    // ...and every client leaves before the answer comes.
    responses.forEach((response) => response.leave());
    status.answerAll(PENDING);
    await Promise.all(opening);

    expect(responses.every((response) => response.written.length === 0)).toBe(true);
    expect(status.listeners()).toBe(0);
    const again = new FakeResponse();
    const reopened = streams.open(userId, randomUUID(), again as unknown as Response);
    await tick();
    status.answerAll(PENDING);
    await reopened;
    expect(again.written).toEqual([': connected\n\n']);
    again.leave();
    expect(status.listeners()).toBe(0);
  });
});
