import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import {
  EVENT_SUBSCRIPTIONS,
  EVENTS,
  eventEnvelopeSchema,
  subscriberQueuesOf,
  type EventEnvelope,
  type EventName,
  type EventPayload,
} from '@archlens/contracts/events';
import { failFastRedisOptions } from './messaging.js';

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
    const envelope = eventEnvelopeSchema.parse({
      eventId,
      name,
      occurredAt: new Date().toISOString(),
      payload: EVENTS[name].parse(payload),
    });
    for (const queueName of subscriberQueuesOf(name, this.subscriptions)) {
      let queue = this.queues.get(queueName);
      if (!queue) {
        queue = new Queue(queueName, { connection: failFastRedisOptions(this.redisUrl) });
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

/**
 * Parses a delivered event job against the catalogue for a subscriber's worker.
 * @throws ZodError when the envelope or the payload does not match
 */
export function readEvent(data: unknown): { name: EventName; payload: EventPayload<EventName>; envelope: EventEnvelope } {
  const envelope = eventEnvelopeSchema.parse(data);
  const name = envelope.name as EventName;
  const schema = EVENTS[name];
  if (!schema) throw new Error(`Unknown event "${envelope.name}"`);
  return { name, payload: schema.parse(envelope.payload), envelope };
}
