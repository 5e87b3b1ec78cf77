import { z } from 'zod';
import { libraryItemFactsSchema, libraryItemTypeSchema } from './library.js';

/**
 * The events catalogue: facts that already happened, by name, with the zod schema of their
 * payload. Publishers and subscribers both parse against it. An event is declared once a service
 * subscribes to it (`EVENT_SUBSCRIPTIONS`). Names never change once released.
 */
export const EVENTS = {
  /**
   * analysis-worker: an analysis report was e-mailed; the leads service records the recipient as a
   * lead. The event id is the e-mail's message id.
   */
  'analysis.emailed': z.object({
    userId: z.string().uuid(),
    firstName: z.string().min(1).max(100),
    lastName: z.string().min(1).max(100),
    email: z.string().email().max(254),
    analysisText: z.string(),
  }),
  /**
   * billing-service: a user's subscription or credits changed (a Stripe webhook, a VIP grant).
   * `currentPeriodEnd` is ISO 8601 or null; `plan` null before any paid plan.
   */
  'subscription.changed': z.object({
    userId: z.string().uuid(),
    status: z.string(),
    plan: z.enum(['monthly', 'yearly', 'unlimited']).nullable(),
    creditsRemaining: z.number().int().min(0),
    currentPeriodEnd: z.string().nullable(),
  }),
  /**
   * analysis-worker: an analysis or a sketch reading was recorded; the library indexes it for
   * listing and search. The event id is the item's id (one event per item).
   */
  'analysis.completed': libraryItemFactsSchema,
  /** generation-worker: a generation succeeded; the library indexes it. The event id is the job id. */
  'generation.completed': libraryItemFactsSchema,
  /** analysis-worker or generation-worker: an item and its stored objects were removed; the library forgets it. */
  'item.deleted': z.object({ userId: z.string().uuid(), type: libraryItemTypeSchema, id: z.string().uuid() }),
} as const;
export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** The longest request id an envelope carries (the gateway's ids are at most 100 characters). */
export const EVENT_REQUEST_ID_MAX_LENGTH = 200;

/**
 * How an event travels: its id (the idempotency key of every handler: a handler that sees an id it
 * has already applied does nothing), its name, when it happened and its payload, and, when it was
 * published inside a request or a job, that request's id (`requestId`, the `REQUEST_ID_FIELD` of
 * jobs), so the subscriber's log lines carry the id the gateway answered in `X-Request-Id`.
 */
export const eventEnvelopeSchema = z.object({
  eventId: z.string().uuid(),
  name: z.string(),
  occurredAt: z.string().datetime(),
  payload: z.unknown(),
  requestId: z.string().min(1).max(EVENT_REQUEST_ID_MAX_LENGTH).optional(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/**
 * One queue per subscribing service (e.g. `leads.events`), with the events it takes.
 * Each event is added once to every queue that lists it; a queue name here never changes once released.
 */
export const EVENT_SUBSCRIPTIONS: Record<string, readonly EventName[]> = {
  /** leads-service: every e-mailed analysis report is a lead; subscription changes feed its conversion rate. */
  'leads.events': ['analysis.emailed', 'subscription.changed'],
  /** The library (in analysis-worker): the item index behind `GET /api/library` and the projects. */
  'library.events': ['analysis.completed', 'generation.completed', 'item.deleted'],
};

/** The subscriber queues of `name`, in `subscriptions` (the catalogue's by default). */
export function subscriberQueuesOf(name: EventName, subscriptions: Record<string, readonly EventName[]> = EVENT_SUBSCRIPTIONS): string[] {
  return Object.entries(subscriptions)
    .filter(([, names]) => names.includes(name))
    .map(([queue]) => queue);
}
