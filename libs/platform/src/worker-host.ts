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
import { Queue, type Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { JOBS, type JobData, type JobNameOf, type QueueName } from '@archlens/contracts/queues';
import { createServiceDataSource, initialiseDataSource, type ServiceDataSourceOptions } from './database.js';
import { EventPublisher, startEventWorker, type EventHandlers } from './events.js';
import { CommandClient, redisConnection, startWorker, type JobHandlers, type WorkerOverrides } from './messaging.js';
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

/** What a worker service is made of (ARCHITECTURE.md "One worker host"). */
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
}

const HOST_OPTIONS = Symbol('WORKER_HOST_OPTIONS');

/**
 * Starts a BullMQ worker for each `QueueHandlers` and each `EventHandlers` provider once the module
 * is up, and on shutdown closes them (jobs in progress finish first), then the event publisher, the command client and the data source.
 */
@Injectable()
class WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(HOST_OPTIONS) private readonly options: WorkerServiceOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const type of this.options.handlers) {
      const set: AnyQueueHandlers = this.moduleRef.get(type, { strict: false });
      const overrides = this.options.workerOverrides?.[set.queue];
      await this.listen(set.queue, (logger) => startWorker(set.queue, this.options.redisUrl, set.handlers() as never, logger, overrides));
      await this.schedule(set);
    }
    for (const type of this.options.events ?? []) {
      const subscriber: EventHandlers = this.moduleRef.get(type, { strict: false });
      await this.listen(subscriber.queue, (logger) => startEventWorker(subscriber, this.options.redisUrl, logger));
    }
  }

  /** Starts one worker with a logger named after the service and queue, and waits until it listens. */
  private async listen(queue: QueueName, start: (logger: Logger) => Worker): Promise<void> {
    const logger = new Logger(`${this.options.name}:${queue}`);
    const worker = start(logger);
    this.workers.push(worker);
    await worker.waitUntilReady();
    logger.log(`listening on queue "${queue}"`);
  }

  /** Registers the queue's scheduled jobs (idempotent: every copy of the service upserts the same schedulers). */
  private async schedule(set: AnyQueueHandlers): Promise<void> {
    const schedules: Array<ScheduledJob<QueueName>> = set.schedules?.() ?? [];
    if (schedules.length === 0) return;
    const queue = new Queue(set.queue, { connection: redisConnection(this.options.redisUrl) });
    try {
      for (const { name, everyMs, data } of schedules) {
        await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: JOBS[name].data.parse(data) });
      }
    } finally {
      await queue.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.close()));
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
 * Boots a worker service without HTTP (ARCHITECTURE.md "Workers run without HTTP"): the app
 * context, shutdown hooks (SIGTERM closes the workers, then the data source), a ready line.
 * @returns the running context; `close()` stops it
 */
export async function startWorkerService(
  module: DynamicModule,
  options: { name: string; logger?: false | Array<'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal'> },
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module, options.logger === undefined ? {} : { logger: options.logger });
  app.enableShutdownHooks();
  Logger.log(`${options.name} ready`, 'Bootstrap');
  return app;
}
