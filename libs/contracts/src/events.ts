import { z } from 'zod';

/**
 * The events catalogue (ARCHITECTURE.md "Messages"): facts that already happened, by name, with the
 * zod schema of their payload. Publishers and subscribers both parse against it. Names never change
 * once released.
 */
export const EVENTS = {
  /** auth-service: an account was created. */
  'user.registered': z.object({ userId: z.string().uuid(), email: z.string(), firstName: z.string() }),
  /** analysis-worker: a Design Language Analysis was recorded. */
  'analysis.completed': z.object({
    analysisId: z.string().uuid(),
    userId: z.string().uuid(),
    imageCount: z.number().int().min(1),
    engine: z.string(),
  }),
} as const;
export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/**
 * How an event travels: its id (the idempotency key of every handler: a handler that sees an id it
 * has already applied does nothing), its name, when it happened and its payload.
 */
export const eventEnvelopeSchema = z.object({
  eventId: z.string().uuid(),
  name: z.string(),
  occurredAt: z.string().datetime(),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/**
 * One queue per subscribing service (ARCHITECTURE.md: e.g. `leads.events`), with the events it takes.
 * Each event is added once to every queue that lists it. Empty until the first subscriber (the
 * leads service) is built; a queue name here never changes once released.
 */
export const EVENT_SUBSCRIPTIONS: Record<string, readonly EventName[]> = {};

/** The subscriber queues of `name`, in `subscriptions` (the catalogue's by default). */
export function subscriberQueuesOf(name: EventName, subscriptions: Record<string, readonly EventName[]> = EVENT_SUBSCRIPTIONS): string[] {
  return Object.entries(subscriptions)
    .filter(([, names]) => names.includes(name))
    .map(([queue]) => queue);
}
