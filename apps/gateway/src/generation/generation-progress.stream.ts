import { Injectable, Logger, type MessageEvent } from '@nestjs/common';
import {
  connect,
  EMPTY,
  endWith,
  finalize,
  ignoreElements,
  interval,
  map,
  merge,
  of,
  ReplaySubject,
  startWith,
  takeUntil,
  takeWhile,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import { z } from 'zod';
import { generationProgressSchema, type GenerationProgress, type GenerationStatusResult } from '@archlens/contracts/generation';
import { QUEUE_SETTINGS, QUEUES } from '@archlens/contracts/queues';
import { CommandClient } from '@archlens/platform/messaging';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';

/** Milliseconds between heartbeat comments, so that proxies keep an idle stream open. */
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

/** The comment a stream opens with, so that a client sees it is connected before any report. */
export const CONNECTED: MessageEvent = { comment: 'connected' };
/** The comment sent every `HEARTBEAT_MS`. */
export const HEARTBEAT: MessageEvent = { comment: 'heartbeat' };

/** A progress report as the generation worker puts it on the queue: the contract's event plus its owner. */
const queuedProgressSchema = generationProgressSchema.extend({ userId: z.string().uuid() });

/** Adds a `HEARTBEAT` every `HEARTBEAT_MS` to a stream's events, for as long as they last. */
const withHeartbeats = connect((events: Observable<MessageEvent>) =>
  merge(
    events,
    interval(HEARTBEAT_MS).pipe(
      map(() => HEARTBEAT),
      takeUntil(events.pipe(ignoreElements(), endWith(null))),
    ),
  ),
);

/** True for the last report of a job. */
const isFinal = (progress: GenerationProgress): boolean => progress.stage === 'succeeded' || progress.stage === 'failed';

/**
 * A generation's real progress as server-sent events (`GET /api/generations/{jobId}/events`), from
 * the generation worker's BullMQ progress reports (`CommandClient.onProgress`). The stream may open
 * before the job exists (the SPA opens it, then posts the job with the id it chose); another user's
 * job is refused, and a job already finished answers its last event at once. Only reports of that
 * job id and of the signed-in user are sent: one event per report, its data a JSON
 * `generationProgressSchema`; the stream ends after `succeeded` or `failed`, when the client goes
 * away, or after `MAX_STREAM_MS`; a comment every `HEARTBEAT_MS` keeps it alive. A user holds at
 * most `MAX_OPEN_STREAMS_PER_USER` open at once on this process.
 */
@Injectable()
export class GenerationProgressStream {
  private readonly logger = new Logger('GenerationProgressStream');
  /** Streams open (or opening) per user id; a user with none has no entry. */
  private readonly openByUser = new Map<string, number>();

  constructor(private readonly commands: CommandClient) {}

  /**
   * Sets a stream up: it listens before it asks the worker where the job stands, so a report made
   * meanwhile is held and sent, not lost. Everything it holds (its place among the user's streams,
   * the listener) is given back once when `signal` aborts (the client went away, or the stream
   * ended) or the events are unsubscribed, whichever comes first.
   * @param signal the request's lifetime (`@SseSignal()`); the events are empty if it aborts during set-up
   * @returns the events: `CONNECTED`, then the job's reports as they come (interleaved with `HEARTBEAT`)
   * @throws TooManyRequestsException 429 when the user already holds `MAX_OPEN_STREAMS_PER_USER`;
   *   DomainError `generation.not-found` for another user's job; ServiceUnavailableError (503) when
   *   Redis cannot be reached; NoWorkerError (503) without a generation worker; all before any event
   */
  async open(userId: string, jobId: string, signal: AbortSignal): Promise<Observable<MessageEvent>> {
    if (signal.aborted) return EMPTY;
    const release = this.take(userId);
    const reports = new ReplaySubject<GenerationProgress>();
    let highest = 0;
    let stop: (() => void) | undefined;
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      stop?.();
      release();
      reports.complete();
    };
    signal.addEventListener('abort', close, { once: true });
    try {
      stop = await this.commands.onProgress(QUEUES.generation, ({ data }) => {
        const report = queuedProgressSchema.safeParse(data);
        if (!report.success || report.data.jobId !== jobId || report.data.userId !== userId) return;
        const { userId: _owner, ...progress } = report.data;
        highest = Math.max(highest, progress.percent);
        reports.next(progress);
      });
      if (closed) {
        stop(); // gone while the listener was set up: `close` ran before there was a listener to stop
        return EMPTY;
      }
      const state = await this.commands.request('generation.get-status', { userId, jobId });
      if (closed) return EMPTY;
      return this.events(jobId, this.reportsFrom(jobId, state, reports, highest)).pipe(finalize(close));
    } catch (error) {
      close();
      throw error;
    }
  }

  /** The job's reports from where it stands: its end at once when it has finished, else the reports as they come. */
  private reportsFrom(
    jobId: string,
    state: GenerationStatusResult,
    reports: Observable<GenerationProgress>,
    highest: number,
  ): Observable<GenerationProgress> {
    if (state.status === 'succeeded') {
      return of({ jobId, stage: 'succeeded', percent: 100, imagesDone: state.imageCount, imagesTotal: state.imageCount });
    }
    if (state.status === 'failed') return of({ jobId, stage: 'failed', percent: highest, message: state.message ?? undefined });
    return reports;
  }

  /**
   * The events of a stream: `CONNECTED`, then one event per report up to and including the last
   * one, with a `HEARTBEAT` every `HEARTBEAT_MS` while it lasts, for at most `MAX_STREAM_MS`.
   */
  private events(jobId: string, reports: Observable<GenerationProgress>): Observable<MessageEvent> {
    const expired = timer(MAX_STREAM_MS).pipe(
      tap(() => this.logger.warn(`progress stream of generation ${jobId} closed after ${MAX_STREAM_MS} ms without an end`)),
    );
    return reports.pipe(
      takeWhile((progress) => !isFinal(progress), true),
      map((progress): MessageEvent => ({ data: progress })),
      withHeartbeats,
      takeUntil(expired),
      startWith(CONNECTED),
    );
  }

  /**
   * Counts a stream of `userId`.
   * @returns the function that gives its place back (once)
   * @throws TooManyRequestsException 429 when the user already holds `MAX_OPEN_STREAMS_PER_USER`
   */
  private take(userId: string): () => void {
    const open = this.openByUser.get(userId) ?? 0;
    if (open >= MAX_OPEN_STREAMS_PER_USER) throw new TooManyRequestsException(TOO_MANY_STREAMS_MESSAGE, 15);
    this.openByUser.set(userId, open + 1);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      const left = (this.openByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.openByUser.set(userId, left);
      else this.openByUser.delete(userId);
    };
  }
}
