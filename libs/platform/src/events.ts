import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import {
  EVENT_REQUEST_ID_MAX_LENGTH,
  EVENT_SUBSCRIPTIONS,
  EVENTS,
  eventEnvelopeSchema,
  subscriberQueuesOf,
  type EventEnvelope,
  type EventName,
  type EventPayload,
} from '@archlens/contracts/events';
import type { QueueName } from '@archlens/contracts/queues';
import { failFastRedisOptions, hostedWorkerOptions, type WorkerLogger } from './messaging.js';
import { currentRequestId, runWithRequestContext } from './request-context.js';

/** How long a delivered event's job is kept, in seconds (a redelivery with the same id within it is not added again). */
const KEEP_EVENTS_SECONDS = 7 * 24 * 3600;

/**
 * Publishes events of the catalogue (`@archlens/contracts/events`): each is parsed against its
 * schema and added once to every subscriber's queue, with the event id as the BullMQ job id, so a
 * publisher that retries with the same id does not deliver twice.
 */
export class EventPublisher {
  private readonly queues = new Map<string, Queue>();
  private readonly logger = new Logger('EventPublisher');

  /**
   * @param redisUrl the Redis of the queues
   * @param subscriptions subscriber queue → events (the catalogue's `EVENT_SUBSCRIPTIONS` by default)
   */
  constructor(
    private readonly redisUrl: string,
    private readonly subscriptions: Record<string, readonly EventName[]> = EVENT_SUBSCRIPTIONS,
  ) {}

  /**
   * @param eventId the idempotency key; a new UUID when the fact has no natural one
   * @returns the envelope that was delivered (to no queue when nobody subscribes yet)
   * @throws ZodError when the payload does not match the catalogue (a programming error); Redis's error
   */
  async publish<N extends EventName>(name: N, payload: EventPayload<N>, eventId: string = randomUUID()): Promise<EventEnvelope> {
    // The request or job this is published in (the worker host's request context), so the
    // subscriber logs under the same id; an id too long for the envelope is left out.
    const requestId = currentRequestId();
    const envelope = eventEnvelopeSchema.parse({
      eventId,
      name,
      occurredAt: new Date().toISOString(),
      payload: EVENTS[name].parse(payload),
      ...(requestId && requestId.length <= EVENT_REQUEST_ID_MAX_LENGTH ? { requestId } : {}),
    });
    for (const queueName of subscriberQueuesOf(name, this.subscriptions)) {
      let queue = this.queues.get(queueName);
      if (!queue) {
        queue = new Queue(queueName, { connection: failFastRedisOptions(this.redisUrl) });
        // Reported here; the publish that meets it gets its own error (an unheard one would end the process).
        queue.on('error', (error) => this.logger.warn(`queue "${queueName}": ${error.message}`));
        this.queues.set(queueName, queue);
      }
      await queue.add(name, envelope, {
        jobId: eventId,
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: KEEP_EVENTS_SECONDS },
        removeOnFail: { age: KEEP_EVENTS_SECONDS },
      });
    }
    return envelope;
  }

  /**
   * `publish` for a fact that is already recorded: a failure to deliver (Redis unreachable) is
   * logged with the event id and does not fail the caller, whose work stands.
   * @returns the envelope, or undefined when it could not be delivered
   */
  async tryPublish<N extends EventName>(name: N, payload: EventPayload<N>, eventId?: string): Promise<EventEnvelope | undefined> {
    try {
      return await this.publish(name, payload, eventId);
    } catch (error) {
      this.logger.error(`event ${name} ${eventId ?? ''} was not delivered: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Closes the queues it opened. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}

/** One delivered event, read back against the catalogue: its name, its parsed payload and its envelope. */
export type DeliveredEvent = {
  [N in EventName]: { name: N; payload: EventPayload<N>; envelope: EventEnvelope };
}[EventName];

/**
 * Parses a delivered event job against the catalogue for a subscriber's worker.
 * @throws ZodError when the envelope or the payload does not match
 */
export function readEvent(data: unknown): DeliveredEvent {
  const envelope = eventEnvelopeSchema.parse(data);
  const name = envelope.name as EventName;
  const schema = EVENTS[name];
  if (!schema) throw new Error(`Unknown event "${envelope.name}"`);
  return { name, payload: schema.parse(envelope.payload), envelope } as DeliveredEvent;
}

/**
 * The handler of one subscriber queue of `EVENT_SUBSCRIPTIONS`: a Nest
 * provider of the subscribing service, given to the worker host as `events`, which starts a BullMQ
 * worker for its queue.
 */
export interface EventHandlers {
  /** The subscriber queue, a key of `EVENT_SUBSCRIPTIONS`, e.g. `QUEUES.leadsEvents`. */
  readonly queue: QueueName;
  /**
   * Handles one event. Must be idempotent on `event.envelope.eventId`: the same event may arrive
   * more than once (a job tried again after a worker stopped mid-way, or the event added again once
   * its earlier job was removed), e.g. by storing the id under a unique key.
   * Throwing fails this delivery, which BullMQ tries again with the publisher's attempts and backoff.
   */
  handle(event: DeliveredEvent): Promise<void>;
}

/**
 * Starts a BullMQ worker on a subscriber queue (`QUEUE_SETTINGS[queue]`: concurrency, lock
 * duration). Each job is read with `readEvent`; one that does not match the catalogue, or names an
 * event this queue does not subscribe to, fails at once without retries (`UnrecoverableError`:
 * trying again cannot help). The handler runs inside the request context of the request that
 * published the event (the envelope's `requestId`), else one named after the event id
 * (`event-<eventId>`), so its log lines can be found; a failure is logged with the event's name and
 * id and rethrown for BullMQ's retries.
 * @param subscriptions subscriber queue → events (the catalogue's `EVENT_SUBSCRIPTIONS` by default)
 * @returns the worker; close it on shutdown
 */
export function startEventWorker(
  handlers: EventHandlers,
  redisUrl: string,
  logger: WorkerLogger,
  subscriptions: Record<string, readonly EventName[]> = EVENT_SUBSCRIPTIONS,
): Worker {
  const { queue } = handlers;
  return new Worker(
    queue,
    async (job: Job): Promise<void> => {
      let event: DeliveredEvent;
      try {
        event = readEvent(job.data);
        if (!(subscriptions[queue] ?? []).includes(event.name)) throw new Error(`queue "${queue}" does not subscribe to "${event.name}"`);
      } catch (error) {
        logger.error(`event job ${job.id ?? '?'} on ${queue} refused: ${error instanceof Error ? error.message : String(error)}`);
        throw new UnrecoverableError('not an event of this subscription');
      }
      const { eventId } = event.envelope;
      await runWithRequestContext({ requestId: event.envelope.requestId ?? `event-${eventId}` }, async () => {
        try {
          await handlers.handle(event);
        } catch (error) {
          logger.error(`event ${event.name} ${eventId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          throw error;
        }
      });
    },
    hostedWorkerOptions(queue, redisUrl),
  );
}
