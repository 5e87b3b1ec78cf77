import { Logger } from '@nestjs/common';
import { Queue, QueueEvents, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import { ZodError } from 'zod';
import {
  JOBS,
  QUEUE_SETTINGS,
  REQUEST_ID_FIELD,
  replyEnvelopeSchema,
  type JobData,
  type JobName,
  type JobNameOf,
  type JobResult,
  type QueueName,
  type QueueSettings,
  type ReplyEnvelope,
} from '@archlens/contracts/queues';
import { CommandFailedError, CommandTimeoutError, NoWorkerError, ServiceUnavailableError } from './command-errors.js';
import { DomainError } from './domain-error.js';
import { currentRequestId, runWithRequestContext } from './request-context.js';

export {
  CommandFailedError,
  CommandTimeoutError,
  NoWorkerError,
  SERVICE_UNAVAILABLE_MESSAGE,
  ServiceUnavailableError,
} from './command-errors.js';
export { DomainError, type DomainErrorArgs, type DomainErrorConstructor } from './domain-error.js';

/**
 * ioredis connection options from a `redis://` or `rediss://` URL, for BullMQ workers and queue
 * events (blocking connections: `maxRetriesPerRequest: null`, they wait and reconnect for ever).
 */
export function redisConnection(redisUrl: string): RedisOptions & { db: number } {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * How long a request-path Redis command may take before it fails, in ms. While Redis is
 * down, API calls answer 503 within 2 seconds; this leaves the rest of the 2 s to the request.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * ioredis options for connections on a request's path (queue producers, sessions, rate limits):
 * no offline queue (a command while disconnected fails at once instead of waiting for Redis to
 * return), one retry, a command timeout of `REDIS_COMMAND_TIMEOUT_MS`, and ioredis's own
 * reconnection, so the app recovers by itself when Redis is back.
 */
export function failFastRedisOptions(redisUrl: string): RedisOptions {
  return {
    ...redisConnection(redisUrl),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  };
}

/** Options of one request. */
export interface RequestOptions {
  /** Overrides `QUEUE_SETTINGS[queue].replyTimeoutMs`, in ms. */
  timeoutMs?: number;
  /**
   * The BullMQ job id (no `:`), for a command that is idempotent on an id of its own (a
   * generation's job id): while a job with this id is still in the queue, a second request with it
   * waits on that job instead of adding another, so a double submission runs once.
   */
  jobId?: string;
}

/** One progress report of a job (BullMQ `job.updateProgress`), as `CommandClient.onProgress` hands it over. */
export interface JobProgressEvent {
  /** The BullMQ job id. */
  jobId: string;
  /** What the job reported; untrusted shape: parse it against the queue's contract. */
  data: unknown;
}

/**
 * Request/reply over BullMQ: adds a typed command job to its
 * owner's queue and awaits the result with `QueueEvents` + `job.waitUntilFinished`.
 * Payloads and results are parsed against the job catalogue in `@archlens/contracts/queues`; the
 * current request id (`currentRequestId`) travels in the job's data as `REQUEST_ID_FIELD`.
 * Producer connections fail fast (`failFastRedisOptions`): while Redis is down a request throws
 * `ServiceUnavailableError` within about a second.
 */
export class CommandClient {
  /** Each queue's producer and its event reader (ready once the reader is listening; `openEvents`). */
  private readonly queues = new Map<QueueName, { queue: Queue; events: Promise<QueueEvents> }>();
  /** The worker check of each queue under way, shared by the callers that ask meanwhile. */
  private readonly workerChecks = new Map<QueueName, Promise<void>>();
  /** The Redis database the queues live in (the URL's path, 0 by default). */
  private readonly db: number;
  private readonly logger = new Logger('CommandClient');

  /**
   * @param redisUrl the Redis that carries the queues
   * @param replyTimeoutMs per-queue overrides of `QUEUE_SETTINGS[queue].replyTimeoutMs`, in ms
   */
  constructor(
    private readonly redisUrl: string,
    private readonly replyTimeoutMs: Partial<Record<QueueName, number>> = {},
  ) {
    this.db = redisConnection(redisUrl).db;
  }

  private channel(name: QueueName) {
    let entry = this.queues.get(name);
    if (!entry) {
      const queue = new Queue(name, { connection: failFastRedisOptions(this.redisUrl) });
      queue.setMaxListeners(0); // every request in flight waits on it
      // A slow or lost Redis is reported here in the background; the request that meets it gets
      // its own error. Without a listener the emitted error would be thrown, and end the process.
      queue.on('error', (error) => this.logger.warn(`queue "${name}": ${error.message}`));
      const created = { queue, events: this.openEvents(queue) };
      // A channel that could not connect the first time is built again by the next request.
      created.events.catch(() => {
        if (this.queues.get(name) === created) this.queues.delete(name);
        void queue.close().catch(() => undefined);
      });
      entry = created;
      this.queues.set(name, entry);
    }
    return entry;
  }

  /**
   * The event reader of `queue`, reading its event stream from the newest event there before this
   * client adds any job to it (from the start when there is none).
   *
   * Why not BullMQ's default (`$`: the newest event when the reader's first read reaches Redis):
   * that read is sent only after `waitUntilReady()` has resolved, so a reply published in between
   * was never seen, and its caller waited out the whole reply timeout for work already done
   * (bullmq issue #2874, not fixed upstream). From an event id taken beforehand, no reply to this
   * client's jobs can be missed, however late the first read.
   * @throws the connection's error when Redis cannot be reached
   */
  private async openEvents(queue: Queue): Promise<QueueEvents> {
    await queue.waitUntilReady();
    // ioredis (the connection is `redisConnection`'s) behind BullMQ's client interface, which has no XREVRANGE.
    const client = (await queue.getBackend().client) as unknown as Pick<Redis, 'xrevrange'>;
    const [newest] = await client.xrevrange(queue.keys.events, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(queue.name, { connection: redisConnection(this.redisUrl), lastEventId: newest?.[0] ?? '0-0' });
    events.setMaxListeners(0);
    try {
      await events.waitUntilReady();
    } catch (error) {
      void events.close().catch(() => undefined);
      throw error;
    }
    return events;
  }

  /** Opens the queues ahead of the first request, so the first caller does not pay for it. */
  async connect(names: QueueName[]): Promise<void> {
    await Promise.all(names.map((n) => this.channel(n).events));
  }

  /**
   * Throws `NoWorkerError` when no worker process serves `queue` on this Redis database.
   *
   * BullMQ finds workers by connection name in `CLIENT LIST`, which spans every database of the
   * Redis server; a worker of another deployment on another database (a second checkout, the test
   * suite beside `npm start`) would be counted, and the job would wait for a worker that never
   * reads it. So only connections on this client's database count.
   *
   * Callers that ask while a check of the same queue is under way share its answer (one `CLIENT
   * LIST` for a burst of requests instead of one each; docs/performance.md, bench:credits); an
   * answer is never reused once its check has finished.
   * @throws NoWorkerError, ServiceUnavailableError (Redis unreachable)
   */
  assertWorkerAvailable(queue: QueueName): Promise<void> {
    let check = this.workerChecks.get(queue);
    if (!check) {
      check = this.checkWorkers(queue).finally(() => this.workerChecks.delete(queue));
      this.workerChecks.set(queue, check);
    }
    return check;
  }

  private async checkWorkers(queue: QueueName): Promise<void> {
    const workers = await this.redis(async () => {
      const { queue: q, events } = this.channel(queue);
      await events;
      return q.getWorkers();
    });
    if (!workers.some((worker) => Number(worker.db) === this.db)) throw new NoWorkerError(queue);
  }

  /**
   * Sends a command and waits for its result.
   * @throws ZodError when `data` does not match the job's payload schema (a programming error)
   * @throws DomainError (the service's refusal, for the user), NoWorkerError (no worker),
   *   ServiceUnavailableError (Redis unreachable), CommandTimeoutError (no answer in time),
   *   CommandFailedError (the worker threw something else; internal text)
   */
  async request<N extends JobName>(name: N, data: JobData<N>, options: RequestOptions = {}): Promise<JobResult<N>> {
    const definition = JOBS[name];
    const settings = QUEUE_SETTINGS[definition.queue];
    const payload = definition.data.parse(data) as Record<string, unknown>;
    await this.assertWorkerAvailable(definition.queue);
    const { queue, events: opened } = this.channel(definition.queue);
    const events = await this.redis(() => opened);
    const timeoutMs = options.timeoutMs ?? this.replyTimeoutMs[definition.queue] ?? settings.replyTimeoutMs;
    const job = await this.redis(() =>
      queue.add(name, withRequestId(payload), { ...jobOptions(definition.queue), ...(options.jobId ? { jobId: options.jobId } : {}) }),
    );
    let raw: unknown;
    try {
      raw = await job.waitUntilFinished(events, timeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // BullMQ's own wording for a wait that ran out (Job.waitUntilFinished), not a worker's reason.
      if (message.startsWith('Job wait ')) {
        // A job still waiting is withdrawn (nobody will read its answer); one a worker holds stays.
        const neverStarted = await job.remove().then(
          () => true,
          () => false,
        );
        throw new CommandTimeoutError(name, timeoutMs, neverStarted);
      }
      throw new CommandFailedError(message);
    }
    void job.remove().catch(() => undefined); // read once; keep nothing longer than needed
    const reply = replyEnvelopeSchema.parse(raw);
    if (!reply.ok) throw DomainError.from(reply.error);
    return definition.result.parse(reply.value) as JobResult<N>;
  }

  /**
   * Sends a command nobody waits for (fire and forget, e.g. `email.send`): the job is added with
   * its queue's retries (`QUEUE_SETTINGS[queue].attempts`, exponential backoff from `backoffMs`)
   * and the current request id, and runs whenever a worker takes it; its result stays in Redis
   * for `keepCompletedSeconds`, for inspection only.
   * @returns the BullMQ job id, as soon as the job is in Redis
   * @throws ZodError when `data` does not match the job's payload schema (a programming error)
   * @throws NoWorkerError (no worker: the command would wait unseen), ServiceUnavailableError
   *   (Redis unreachable)
   */
  async enqueue<N extends JobName>(name: N, data: JobData<N>): Promise<string> {
    const definition = JOBS[name];
    const payload = definition.data.parse(data) as Record<string, unknown>;
    await this.assertWorkerAvailable(definition.queue);
    const { queue } = this.channel(definition.queue);
    const job = await this.redis(() => queue.add(name, withRequestId(payload), jobOptions(definition.queue)));
    if (job.id === undefined) throw new ServiceUnavailableError(new Error(`BullMQ gave no id to the ${name} job`));
    return job.id;
  }

  /**
   * Listens to the progress reports (`job.updateProgress`) of every job of `queue`, from now on, over
   * the queue's one `QueueEvents` connection of this client (the generation progress
   * stream). The listener filters what it wants; nothing is replayed.
   * @returns a function that stops listening
   * @throws ServiceUnavailableError when Redis cannot be reached
   */
  async onProgress(queue: QueueName, listener: (event: JobProgressEvent) => void): Promise<() => void> {
    const events = await this.redis(() => this.channel(queue).events);
    const handler = (args: { jobId: string; data: unknown }) => listener({ jobId: args.jobId, data: args.data });
    events.on('progress', handler);
    return () => void events.off('progress', handler);
  }

  /** Runs a Redis operation of the request path; a connection failure becomes `ServiceUnavailableError`. */
  private async redis<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw error instanceof ZodError ? error : new ServiceUnavailableError(error);
    }
  }

  /** Closes every queue and event connection this client opened. */
  async close(): Promise<void> {
    await Promise.all(
      [...this.queues.values()].flatMap((e) => [
        e.queue.close().catch(() => undefined),
        e.events.then((events) => events.close()).catch(() => undefined),
      ]),
    );
    this.queues.clear();
  }
}

/** A job's data as it is added: the payload, plus the current request id when there is one (`REQUEST_ID_FIELD`). */
function withRequestId(payload: Record<string, unknown>): Record<string, unknown> {
  const requestId = currentRequestId();
  return requestId ? { ...payload, [REQUEST_ID_FIELD]: requestId } : payload;
}

/** BullMQ options of a job added to `queue`: its tries, backoff and retention from `QUEUE_SETTINGS`. */
function jobOptions(queue: QueueName) {
  const settings = QUEUE_SETTINGS[queue];
  return {
    attempts: settings.attempts,
    backoff: settings.backoffMs > 0 ? { type: 'exponential', delay: settings.backoffMs } : undefined,
    removeOnComplete: { age: settings.keepCompletedSeconds },
    removeOnFail: { age: settings.keepFailedSeconds },
  };
}

/** A typed processor for each job a queue carries. */
export type JobHandlers<Q extends QueueName> = {
  [N in JobNameOf<Q>]: (data: JobData<N>, job: Job) => Promise<JobResult<N>>;
};

/** Where a hosted worker reports what happened; Nest's `Logger` fits. */
export interface WorkerLogger {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Starts a BullMQ worker for `queue` with its settings from `QUEUE_SETTINGS` (concurrency, lock
 * duration). Each payload is parsed against its schema before the handler runs (checked
 * again inside the processor), and each result before it is returned, wrapped in the reply
 * envelope (`replyEnvelopeSchema`). A `DomainError` becomes the envelope's refusal (logged as a
 * warning); anything else fails the job and is logged as an error. Handlers run inside the job's
 * request context, and every log line names the request id.
 * @returns the worker; close it on shutdown
 */
export function startWorker<Q extends QueueName>(
  queue: Q,
  redisUrl: string,
  handlers: JobHandlers<Q>,
  logger: WorkerLogger,
  overrides: WorkerOverrides = {},
): Worker {
  const table = handlers as unknown as Record<string, (data: unknown, job: Job) => Promise<unknown>>;
  return new Worker(
    queue,
    async (job: Job): Promise<ReplyEnvelope> => {
      const raw = job.data as Record<string, unknown>;
      const requestId = typeof raw[REQUEST_ID_FIELD] === 'string' ? raw[REQUEST_ID_FIELD] : `job-${queue}-${job.id ?? '?'}`;
      const label = `${job.name} (request ${requestId}, job ${job.id ?? '?'})`;
      const definition = JOBS[job.name as JobName];
      const handler = table[job.name];
      return runWithRequestContext({ requestId }, async () => {
        try {
          if (!definition || definition.queue !== queue || !handler) throw new Error(`Unknown job "${job.name}" on queue "${queue}"`);
          const value = definition.result.parse(await handler(definition.data.parse(raw), job));
          return { ok: true, value };
        } catch (error) {
          if (error instanceof DomainError) {
            const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
            logger.warn(`${label} refused (${error.code}): ${error.message}${cause}`);
            return replyEnvelopeSchema.parse({ ok: false, error: error.toReference() });
          }
          logger.error(`${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          throw error;
        }
      });
    },
    hostedWorkerOptions(queue, redisUrl, overrides),
  );
}

/**
 * One deployment's changes to a queue's worker settings (`QUEUE_SETTINGS`), from its environment
 * (`GENERATION_LOCK_DURATION_MS`, so a test can see a killed worker's job come back within
 * seconds).
 */
export type WorkerOverrides = Partial<Pick<QueueSettings, 'concurrency' | 'lockDurationMs'>>;

/** BullMQ's default interval between stalled-job checks, in ms. */
const DEFAULT_STALLED_INTERVAL_MS = 30_000;

/**
 * BullMQ options of a hosted worker for `queue` (command or event queue): its blocking connection
 * and `QUEUE_SETTINGS[queue]`'s concurrency and lock duration (or `overrides`'). Stalled jobs (a
 * worker that died holding one) are looked for every lock duration, at most every 30 s (BullMQ's
 * default), so a short lock also brings a dead worker's job back soon.
 */
export function hostedWorkerOptions(queue: QueueName, redisUrl: string, overrides: WorkerOverrides = {}): WorkerOptions {
  const settings = { ...QUEUE_SETTINGS[queue], ...overrides };
  return {
    connection: redisConnection(redisUrl),
    concurrency: settings.concurrency,
    lockDuration: settings.lockDurationMs,
    stalledInterval: Math.min(DEFAULT_STALLED_INTERVAL_MS, settings.lockDurationMs),
  };
}
