import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { generationProgressSchema, type GenerationProgress, type GenerationStatusResult } from '@archlens/contracts/generation';
import { QUEUE_SETTINGS, QUEUES } from '@archlens/contracts/queues';
import { CommandClient } from '@archlens/platform/messaging';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';

/**
 * Milliseconds between heartbeat comments (issue 16: every 15 s), so proxies keep an idle stream
 * open.
 */
export const HEARTBEAT_MS = 15_000;
/** Longest a stream stays open without its job ending: the caller's wait for a generation and a minute more. */
export const MAX_STREAM_MS = QUEUE_SETTINGS.generation.replyTimeoutMs + 60_000;

/**
 * Streams one user may hold open at once on one gateway process: /create follows one generation at
 * a time, so this leaves room for a few tabs while no one can pin an unbounded number of idle
 * connections with made-up job ids (the stream may open before its job exists).
 */
export const MAX_OPEN_STREAMS_PER_USER = 5;
/** What the user reads past `MAX_OPEN_STREAMS_PER_USER` (429, `Retry-After` 15 s). */
export const TOO_MANY_STREAMS_MESSAGE = 'Too many generation progress streams are open. Please close one and try again.';

/** A progress report as the generation worker puts it on the queue: the contract's event plus its owner. */
const queuedProgressSchema = generationProgressSchema.extend({ userId: z.string().uuid() });

/**
 * `GET /api/generations/{jobId}/events` (issue 16): a generation's real progress as server-sent
 * events, from the generation worker's BullMQ progress reports (`CommandClient.onProgress`). The
 * stream may open before the job exists (the SPA opens it, then posts the job with the id it chose);
 * another user's job answers 404, and a job already finished answers its last event at once. Only
 * reports of that job id and of the signed-in user are sent: one `data:` line of JSON
 * (`generationProgressSchema`) per report; the stream ends after `succeeded` or `failed`, when the
 * client goes away, or after `MAX_STREAM_MS`; a comment line every 15 s keeps it alive. A user
 * holds at most `MAX_OPEN_STREAMS_PER_USER` open at once on this process.
 */
@Injectable()
export class GenerationProgressStream {
  private readonly logger = new Logger('GenerationProgressStream');
  /** Streams open (or opening) per user id; a user with none has no entry. */
  private readonly openByUser = new Map<string, number>();

  constructor(private readonly commands: CommandClient) {}

  /**
   * Opens the stream on `response` and keeps it until it ends. It listens before it asks the
   * worker where the job stands, so a report made meanwhile is held and sent, not lost.
   * @throws TooManyRequestsException 429 when the user already holds `MAX_OPEN_STREAMS_PER_USER`;
   *   DomainError `generation.not-found` for another user's job; ServiceUnavailableError
   *   (503) when Redis cannot be reached; NoWorkerError (503) without a generation worker; all
   *   before anything is sent
   */
  async open(userId: string, jobId: string, response: Response): Promise<void> {
    const open = this.openByUser.get(userId) ?? 0;
    if (open >= MAX_OPEN_STREAMS_PER_USER) throw new TooManyRequestsException(TOO_MANY_STREAMS_MESSAGE, 15);
    this.openByUser.set(userId, open + 1);
    let counted = true;
    const release = (): void => {
      if (!counted) return;
      counted = false;
      const left = (this.openByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.openByUser.set(userId, left);
      else this.openByUser.delete(userId);
    };
    try {
      await this.stream(userId, jobId, response, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * `open` once the stream is counted: `release` is called when it ends, when the client goes away
   * (also before the stream was set up), or, through `open`, when it fails to open.
   */
  private async stream(userId: string, jobId: string, response: Response, release: () => void): Promise<void> {
    let ended = false;
    let streaming = false;
    const held: GenerationProgress[] = [];
    const timers: NodeJS.Timeout[] = [];
    let stop: () => void = () => undefined;
    const end = (): void => {
      if (ended) return;
      ended = true;
      timers.forEach((timer) => clearInterval(timer));
      stop();
      release();
      if (!response.writableEnded) response.end();
    };
    const send = (progress: GenerationProgress): void => {
      if (ended) return;
      response.write(`data: ${JSON.stringify(progress)}\n\n`);
      if (progress.stage === 'succeeded' || progress.stage === 'failed') end();
    };
    // The response closes when the client goes away (or once it has ended here): listened to before
    // anything is awaited, so a client that leaves while the job's state is asked for is not missed.
    response.on('close', end);
    stop = await this.commands.onProgress(QUEUES.generation, ({ data }) => {
      const report = queuedProgressSchema.safeParse(data);
      if (!report.success || report.data.jobId !== jobId || report.data.userId !== userId) return;
      const { userId: _owner, ...progress } = report.data;
      if (streaming) send(progress);
      else held.push(progress);
    });
    if (ended) return stop(); // gone while the listener was set up (`end` ran before `stop` was set)
    let state: GenerationStatusResult;
    try {
      state = await this.commands.request('generation.get-status', { userId, jobId });
    } catch (error) {
      stop();
      throw error;
    }
    if (ended) return; // gone while the state was asked for: `end` has stopped and released it
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no'); // nginx: pass each event on at once
    response.flushHeaders();
    response.write(': connected\n\n');
    if (state.status === 'succeeded') {
      return send({ jobId, stage: 'succeeded', percent: 100, imagesDone: state.imageCount, imagesTotal: state.imageCount });
    }
    if (state.status === 'failed') {
      const percent = Math.max(0, ...held.map((progress) => progress.percent));
      return send({ jobId, stage: 'failed', percent, message: state.message ?? undefined });
    }
    streaming = true;
    held.forEach(send);
    timers.push(
      setInterval(() => {
        if (!ended) response.write(': heartbeat\n\n');
      }, HEARTBEAT_MS),
      setTimeout(() => {
        this.logger.warn(`progress stream of generation ${jobId} closed after ${MAX_STREAM_MS} ms without an end`);
        end();
      }, MAX_STREAM_MS),
    );
  }
}
