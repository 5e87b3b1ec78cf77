import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import {
  JOBS,
  QUEUE_SETTINGS,
  type JobData,
  type JobName,
  type JobNameOf,
  type JobResult,
  type QueueName,
} from '@archlens/contracts/queues';

/**
 * ioredis connection options from a `redis://` or `rediss://` URL.
 * BullMQ needs `maxRetriesPerRequest: null` on worker connections.
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

/** No worker is listening on the queue: the gateway answers 503. */
export class NoWorkerError extends Error {
  override readonly name = 'NoWorkerError';
  constructor(readonly queue: QueueName) {
    super(`The ${queue} service is not running. Please try again in a moment.`);
  }
}

/** The worker did not answer within the queue's reply timeout: the gateway answers 504. */
export class CommandTimeoutError extends Error {
  override readonly name = 'CommandTimeoutError';
  constructor(readonly job: JobName, readonly timeoutMs: number) {
    super(`The ${JOBS[job].queue} service did not answer within ${(timeoutMs / 1000).toFixed(timeoutMs < 10_000 ? 1 : 0)} s. Please try again.`);
  }
}

/** The job ran and failed; `message` is the worker's reason, meant for the user. */
export class CommandFailedError extends Error {
  override readonly name = 'CommandFailedError';
}

/** Options of one request. */
export interface RequestOptions {
  /** Overrides `QUEUE_SETTINGS[queue].replyTimeoutMs`, in ms. */
  timeoutMs?: number;
  /**
   * The caller has just called `assertWorkerAvailable` for this queue (to store nothing for a
   * request that cannot run); the request skips the second look-up, one Redis round trip.
   */
  workerChecked?: boolean;
}

/**
 * Request/reply over BullMQ (ARCHITECTURE.md "Messages"): adds a typed command job to its
 * owner's queue and awaits the result with `QueueEvents` + `job.waitUntilFinished`.
 * Payloads and results are parsed against the job catalogue in `@archlens/contracts/queues`.
 */
export class CommandClient {
  private readonly queues = new Map<QueueName, { queue: Queue; events: QueueEvents; ready: Promise<unknown> }>();
  /** The Redis database the queues live in (the URL's path, 0 by default). */
  private readonly db: number;

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
      const connection = redisConnection(this.redisUrl);
      const queue = new Queue(name, { connection });
      const events = new QueueEvents(name, { connection });
      events.setMaxListeners(0);
      entry = { queue, events, ready: Promise.all([queue.waitUntilReady(), events.waitUntilReady()]) };
      this.queues.set(name, entry);
    }
    return entry;
  }

  /** Opens the queues ahead of the first request, so the first caller does not pay for it. */
  async connect(names: QueueName[]): Promise<void> {
    await Promise.all(names.map((n) => this.channel(n).ready));
  }

  /**
   * Throws `NoWorkerError` when no worker process serves `queue` on this Redis database. Callers
   * that must not store anything for a request that cannot run check this first.
   *
   * BullMQ finds workers by connection name in `CLIENT LIST`, which spans every database of the
   * Redis server; a worker of another deployment on another database (a second checkout, the test
   * suite beside `npm start`) would be counted, and the job would wait for a worker that never
   * reads it. So only connections on this client's database count.
   */
  async assertWorkerAvailable(queue: QueueName): Promise<void> {
    const { queue: q, ready } = this.channel(queue);
    await ready;
    const workers = await q.getWorkers();
    if (!workers.some((worker) => Number(worker.db) === this.db)) throw new NoWorkerError(queue);
  }

  /**
   * Sends a command and waits for its result.
   * @throws ZodError when `data` does not match the job's payload schema (a programming error)
   * @throws NoWorkerError (no worker), CommandTimeoutError (no answer in time),
   *   CommandFailedError (the worker threw; message is its reason)
   */
  async request<N extends JobName>(name: N, data: JobData<N>, options: RequestOptions = {}): Promise<JobResult<N>> {
    const definition = JOBS[name];
    const settings = QUEUE_SETTINGS[definition.queue];
    const payload = definition.data.parse(data);
    const { queue, events } = this.channel(definition.queue);
    if (!options.workerChecked) await this.assertWorkerAvailable(definition.queue);
    const timeoutMs = options.timeoutMs ?? this.replyTimeoutMs[definition.queue] ?? settings.replyTimeoutMs;
    const job = await queue.add(name, payload, {
      attempts: settings.attempts,
      backoff: settings.backoffMs > 0 ? { type: 'exponential', delay: settings.backoffMs } : undefined,
      removeOnComplete: { age: settings.keepCompletedSeconds },
      removeOnFail: { age: settings.keepFailedSeconds },
    });
    let raw: unknown;
    try {
      raw = await job.waitUntilFinished(events, timeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message)) {
        await job.remove().catch(() => undefined); // still waiting: nobody will read its answer
        throw new CommandTimeoutError(name, timeoutMs);
      }
      throw new CommandFailedError(message);
    }
    void job.remove().catch(() => undefined); // read once; keep nothing longer than needed, off the reply path
    return definition.result.parse(raw) as JobResult<N>;
  }

  /** Closes every queue and event connection this client opened. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].flatMap((e) => [e.queue.close(), e.events.close()]));
    this.queues.clear();
  }
}

/** A typed processor for each job a queue carries. */
export type JobHandlers<Q extends QueueName> = {
  [N in JobNameOf<Q>]: (data: JobData<N>, job: Job) => Promise<JobResult<N>>;
};

/** Options of a hosted worker. */
export interface WorkerHostOptions {
  /** Payload fields overwritten with "[redacted]" once the job has run (e.g. passwords). */
  redactFields?: string[];
  /** Called when a job fails, for logging. */
  onFailed?: (jobName: string, error: Error) => void;
}

/**
 * Starts a BullMQ worker for `queue` with its settings from `QUEUE_SETTINGS` (concurrency, lock
 * duration). Each payload is parsed against its schema before the handler runs (STYLE.md: checked
 * again inside the processor), and each result before it is returned.
 * @returns the worker; close it on shutdown
 */
export function startWorker<Q extends QueueName>(
  queue: Q,
  redisUrl: string,
  handlers: JobHandlers<Q>,
  options: WorkerHostOptions = {},
): Worker {
  const settings = QUEUE_SETTINGS[queue];
  const table = handlers as unknown as Record<string, (data: unknown, job: Job) => Promise<unknown>>;
  const worker = new Worker(
    queue,
    async (job: Job) => {
      const definition = JOBS[job.name as JobName];
      const handler = table[job.name];
      if (!definition || definition.queue !== queue || !handler) {
        throw new Error(`Unknown job "${job.name}" on queue "${queue}"`);
      }
      try {
        const data = definition.data.parse(job.data);
        const result = await handler(data, job);
        return definition.result.parse(result);
      } finally {
        if (options.redactFields?.length) {
          const redacted = { ...(job.data as Record<string, unknown>) };
          for (const field of options.redactFields) if (field in redacted) redacted[field] = '[redacted]';
          await job.updateData(redacted).catch(() => undefined);
        }
      }
    },
    {
      connection: redisConnection(redisUrl),
      concurrency: settings.concurrency,
      lockDuration: settings.lockDurationMs,
    },
  );
  if (options.onFailed) {
    const onFailed = options.onFailed;
    worker.on('failed', (job, error) => onFailed(job?.name ?? '(unknown)', error));
  }
  return worker;
}
