import 'reflect-metadata';
import {
  Inject,
  Injectable,
  Logger,
  type DynamicModule,
  type INestApplicationContext,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
  type Type,
} from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import { Queue, type Job, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger as PinoLogger, LevelWithSilent } from 'pino';
import type { DataSource } from 'typeorm';
import { JOBS, REQUEST_ID_FIELD, type JobData, type JobNameOf, type QueueName } from '@archlens/contracts/queues';
import { createServiceDataSource, initialiseDataSource, type ServiceDataSourceOptions } from './database.js';
import { EventPublisher, startEventWorker, type EventHandlers } from './events.js';
import { jobLockOverride, shutdownGraceMs, waitWithinGrace } from './graceful-shutdown.js';
import { startHealthServer, type HealthServer, type ReadinessCheck } from './health-server.js';
import { createAppLogger, PinoNestLogger, resolveLogLevel, type NestLogLevels } from './logging.js';
import { CommandClient, failFastRedisOptions, redisConnection, startWorker, type JobHandlers, type WorkerOverrides } from './messaging.js';
import { jobDurationSeconds, jobFailuresTotal } from './metrics.js';
import { ObjectStorage, type ObjectStorageSettings } from './storage.js';

/** Injection token of the service's migrated TypeORM `DataSource` (its own schema). */
export const SERVICE_DATA_SOURCE = Symbol('SERVICE_DATA_SOURCE');

/**
 * The handlers of one queue: a Nest provider of the service's module that maps each job of its
 * queue to a service method. The worker host starts a BullMQ worker for it.
 */
export interface QueueHandlers<Q extends QueueName = QueueName> {
  readonly queue: Q;
  handlers(): JobHandlers<Q>;
  /** Jobs of this queue that run on a schedule (BullMQ job schedulers, one per job name). */
  schedules?(): Array<ScheduledJob<Q>>;
}

/** The handlers of any one queue. */
export type AnyQueueHandlers = { [Q in QueueName]: QueueHandlers<Q> }[QueueName];

/** A job added every `everyMs` by BullMQ's job scheduler, whichever copy of the service registered it. */
export type ScheduledJob<Q extends QueueName> = {
  [N in JobNameOf<Q>]: { name: N; everyMs: number; data: JobData<N> };
}[JobNameOf<Q>];

/** What a worker service is made of. */
export interface WorkerServiceOptions {
  /** Process name for logs, e.g. "auth-service". */
  name: string;
  /** The Redis of the queues (`REDIS_URL`). */
  redisUrl: string;
  /** The service's own schema: its data source is migrated at start and provided as `SERVICE_DATA_SOURCE`. */
  database?: Omit<ServiceDataSourceOptions, 'url'> & { url: string };
  /** Object storage (`S3_*`): the bucket is created when missing; provided as `ObjectStorage`. */
  storage?: ObjectStorageSettings;
  /** The service's own providers (services, engines, configuration values). */
  providers: Provider[];
  /** One provider per queue the service answers. */
  handlers: Array<Type<AnyQueueHandlers>>;
  /** One provider per subscriber queue of `EVENT_SUBSCRIPTIONS` the service consumes (e.g. `leads.events`). */
  events?: Array<Type<EventHandlers>>;
  /** This deployment's changes to its queues' worker settings (`QUEUE_SETTINGS`), e.g. a lock duration from the environment. */
  workerOverrides?: Partial<Record<QueueName, WorkerOverrides>>;
  /**
   * `HEALTH_PORT`: where `/health/live`, `/health/ready` and `/metrics` listen;
   * undefined for none, 0 for a port the OS picks (logged).
   */
  healthPort?: number;
  /** `METRICS_TOKEN`: the bearer token the health server's `/metrics` requires; unset, loopback scrapes only. */
  metricsToken?: string;
  /**
   * How long shutdown waits for jobs in progress, in ms; `SHUTDOWN_GRACE_MS` or
   * `DEFAULT_SHUTDOWN_GRACE_MS` when undefined.
   */
  shutdownGraceMs?: number;
  /** `LOG_LEVEL` when set; it wins over the levels `startWorkerService` is given. */
  logLevel?: LevelWithSilent;
}

/** Injection token of the service's pino logger (JSON lines; `requestId` inside a job). */
export const APP_LOGGER = Symbol('APP_LOGGER');

const HOST_OPTIONS = Symbol('WORKER_HOST_OPTIONS');

/**
 * Starts a BullMQ worker for each `QueueHandlers` and each `EventHandlers` provider once the module
 * is up, and on shutdown closes them (jobs in progress finish first), then the event publisher, the command client and the data source.
 */
@Injectable()
class WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly workers: Worker[] = [];
  private health?: { server: HealthServer; redis: Redis; checks: ReadinessCheck[] };

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(HOST_OPTIONS) private readonly options: WorkerServiceOptions,
    @Inject(APP_LOGGER) private readonly logger: PinoLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const type of this.options.handlers) {
      const set: AnyQueueHandlers = this.moduleRef.get(type, { strict: false });
      // `JOB_LOCK_DURATION_MS`: how soon a crashed copy's jobs come back, for every queue of the service.
      const overrides = { ...jobLockOverride(), ...this.options.workerOverrides?.[set.queue] };
      await this.listen(set.queue, (logger) => startWorker(set.queue, this.options.redisUrl, set.handlers() as never, logger, overrides));
      await this.schedule(set);
    }
    for (const type of this.options.events ?? []) {
      const subscriber: EventHandlers = this.moduleRef.get(type, { strict: false });
      await this.listen(subscriber.queue, (logger) => startEventWorker(subscriber, this.options.redisUrl, logger));
    }
    if (this.options.healthPort !== undefined) await this.startHealth(this.options.healthPort);
  }

  /**
   * Serves `/health/live`, `/health/ready` and `/metrics` on `port`. Readiness
   * checks the data source (`SELECT 1`), Redis (`PING` on a fail-fast connection of its own) and the
   * bucket, each within `READINESS_CHECK_TIMEOUT_MS`.
   */
  private async startHealth(port: number): Promise<void> {
    const redis = new Redis({ ...failFastRedisOptions(this.options.redisUrl), lazyConnect: true });
    redis.on('error', () => undefined); // a down Redis is what readiness reports; not a crash
    const checks: ReadinessCheck[] = [];
    if (this.options.database) {
      const dataSource = this.moduleRef.get<DataSource>(SERVICE_DATA_SOURCE, { strict: false });
      checks.push({ name: 'database', check: async () => void (await dataSource.query('SELECT 1')) });
    }
    checks.push({
      name: 'redis',
      check: async () => {
        if (redis.status === 'wait') await redis.connect();
        await redis.ping();
      },
    });
    if (this.options.storage) {
      const storage = this.moduleRef.get(ObjectStorage, { strict: false });
      checks.push({ name: 'storage', check: () => storage.checkBucket() });
    }
    this.health = {
      server: await startHealthServer({ port, checks, logger: this.logger, metricsToken: this.options.metricsToken }),
      redis,
      checks,
    };
  }

  /** Starts one worker with a logger named after the service and queue, and waits until it listens. */
  private async listen(queue: QueueName, start: (logger: Logger) => Worker): Promise<void> {
    const logger = new Logger(`${this.options.name}:${queue}`);
    const worker = start(logger);
    this.workers.push(worker);
    worker.on('completed', (job: Job, result: unknown) => {
      const refused = (result as { ok?: unknown } | null)?.ok === false;
      this.observe(queue, job, refused ? 'refused' : 'ok');
    });
    worker.on('failed', (job: Job | undefined) => {
      if (!job) return;
      jobFailuresTotal.inc({ queue, job: job.name });
      this.observe(queue, job, 'failed');
    });
    await worker.waitUntilReady();
    logger.log(`listening on queue "${queue}"`);
  }

  /**
   * Records one finished job: `archlens_job_duration_seconds` from BullMQ's
   * `processedOn` to `finishedOn` (ms), and one log line with the job's request id.
   */
  private observe(queue: QueueName, job: Job, outcome: 'ok' | 'refused' | 'failed'): void {
    const durationMs = job.processedOn !== undefined ? (job.finishedOn ?? Date.now()) - job.processedOn : undefined;
    if (durationMs !== undefined) jobDurationSeconds.observe({ queue, job: job.name, outcome }, durationMs / 1000);
    const raw = (job.data ?? {}) as Record<string, unknown>;
    const requestId = typeof raw[REQUEST_ID_FIELD] === 'string' ? raw[REQUEST_ID_FIELD] : undefined;
    this.logger.info({ requestId, queue, job: job.name, jobId: job.id, outcome, durationMs }, `${job.name} ${outcome}`);
  }

  /** Registers the queue's scheduled jobs (idempotent: every copy of the service upserts the same schedulers). */
  private async schedule(set: AnyQueueHandlers): Promise<void> {
    const schedules: Array<ScheduledJob<QueueName>> = set.schedules?.() ?? [];
    if (schedules.length === 0) return;
    const queue = new Queue(set.queue, { connection: redisConnection(this.options.redisUrl) });
    queue.on('error', () => undefined); // the upsert below throws what matters
    try {
      for (const { name, everyMs, data } of schedules) {
        await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: JOBS[name].data.parse(data) });
      }
    } finally {
      await queue.close();
    }
  }

  /** Closes the health server and its Redis connection (after the workers have drained). */
  private async closeHealth(): Promise<void> {
    const health = this.health;
    this.health = undefined;
    if (!health) return;
    await health.server.close();
    health.redis.disconnect();
  }

  async onApplicationShutdown(): Promise<void> {
    // While the workers drain, the health server keeps serving: /health/live stays 200 (the
    // orchestrator must not kill a process finishing its jobs) and /health/ready answers 503
    // `shutdown: draining` (no longer ready for work); /metrics still answers.
    this.health?.checks.push({
      name: 'shutdown',
      check: () => Promise.reject(Object.assign(new Error('draining'), { code: 'draining' })),
    });
    // Stop taking jobs and let those in progress finish, within the grace period.
    // Past it, the jobs still running are handed back: the process exits with their locks held, the
    // locks lapse and another copy's stalled-job check puts them back in the queue. The data source
    // stays open until the exit, so a job cut short does not fail on a closed pool.
    const workers = this.workers.splice(0);
    const graceMs = this.options.shutdownGraceMs ?? shutdownGraceMs();
    const drained = await waitWithinGrace(Promise.all(workers.map((w) => w.close())), graceMs);
    await this.closeHealth();
    if (drained === 'timed-out') {
      this.logger.warn(
        { graceMs },
        `${this.options.name}: jobs still running after the grace period are handed back (recovered as stalled)`,
      );
      return;
    }
    await this.moduleRef.get(EventPublisher, { strict: false }).close();
    await this.moduleRef.get(CommandClient, { strict: false }).close();
    if (this.options.database) {
      const dataSource = this.moduleRef.get<DataSource>(SERVICE_DATA_SOURCE, { strict: false });
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  }
}

/**
 * The Nest module of a worker service: its providers, queue handlers and event handlers, plus what every service shares
 * (data source on its own migrated schema, object storage, the event publisher, a `CommandClient`
 * for commands to other services, the workers' lifecycle). A new service is
 * `workerServiceModule(MyServiceModule, {...})` plus its handlers.
 * @param module the service's (empty) module class, for Nest's module identity
 */
export function workerServiceModule(module: Type, options: WorkerServiceOptions): DynamicModule {
  const shared: Provider[] = [
    { provide: HOST_OPTIONS, useValue: options },
    // `startWorkerService` replaces it with one at the level asked for.
    { provide: APP_LOGGER, useFactory: () => createAppLogger(options.name, options.logLevel ?? 'info') },
    { provide: EventPublisher, useFactory: () => new EventPublisher(options.redisUrl) },
    // Commands this service sends to others (e.g. `email.send`); queues open on first use.
    { provide: CommandClient, useFactory: () => new CommandClient(options.redisUrl) },
    WorkerHost,
  ];
  if (options.database) {
    const database = options.database;
    shared.push({
      provide: SERVICE_DATA_SOURCE,
      useFactory: async () => {
        const dataSource = createServiceDataSource(database);
        await initialiseDataSource(dataSource, database.schema);
        return dataSource;
      },
    });
  }
  if (options.storage) {
    const settings = options.storage;
    shared.push({
      provide: ObjectStorage,
      useFactory: async () => {
        const storage = new ObjectStorage(settings);
        await storage.ensureBucket();
        return storage;
      },
    });
  }
  return { module, providers: [...shared, ...options.providers, ...options.handlers, ...(options.events ?? [])] };
}

/**
 * Boots a worker service without HTTP: the app
 * context, shutdown hooks (SIGTERM closes the workers, then the data source), a ready line.
 * @returns the running context; `close()` stops it
 */
export async function startWorkerService(
  module: DynamicModule,
  options: { name: string; logger?: NestLogLevels },
): Promise<INestApplicationContext> {
  // The service's JSON logger: LOG_LEVEL, else the levels asked for here; Nest's
  // own lines and every `Logger` call site go through it.
  const hostOptions = (module.providers ?? []).find(
    (p): p is { provide: symbol; useValue: WorkerServiceOptions } => typeof p === 'object' && 'provide' in p && p.provide === HOST_OPTIONS,
  )?.useValue;
  const logger = createAppLogger(options.name, resolveLogLevel(hostOptions?.logLevel, options.logger));
  const withLogger: DynamicModule = { ...module, providers: [...(module.providers ?? []), { provide: APP_LOGGER, useValue: logger }] };
  shutdownGraceMs(); // SHUTDOWN_GRACE_MS is checked at boot, not first at the shutdown that needs it
  const app = await NestFactory.createApplicationContext(withLogger, { logger: new PinoNestLogger(logger) });
  // SIGTERM/SIGINT: close (workers drain within the grace period, then the data source), then exit 0;
  // an error while closing exits 1.
  app.enableShutdownHooks(undefined, { useProcessExit: true });
  Logger.log(`${options.name} ready`, 'Bootstrap');
  return app;
}
