import { z } from 'zod';
import { PRICE_LOOKUP_KEYS, type SubscriptionPlan } from '@archlens/contracts/billing';
import type { SubscriptionState } from '../subscriptions/subscription-state.js';

/**
 * Stripe events read as subscription state and credit grants, apart from storage. Stripe objects
 * are read loosely: only the fields used, each optional, since API versions differ.
 */

/** Where to find an event's user: a user id the event carries, or the Stripe customer to look up. */
export type UserLookup = { userId: string } | { customerId: string };

/** What one Stripe event does. */
export interface WebhookEffect {
  /** The event as the log names it when no user is found ('customer.subscription.*' for the three). */
  label: string;
  /** The Stripe object's id, for that log line. */
  objectId: string | undefined;
  /** Where the user is found, tried in order; the first that names a user wins. */
  users: UserLookup[];
  /** The subscription state to apply, in order of the event's `created`. */
  state: SubscriptionState;
  /**
   * The reference of a paid period's credits for the plan (`state.plan`, else the stored plan),
   * granted once per reference; absent when the event grants none.
   */
  grantReference?: string;
}

/** The configured Stripe price ids of the paid plans (`STRIPE_PRICE_MONTHLY`, `STRIPE_PRICE_YEARLY`). */
export interface PlanPrices {
  monthly?: string;
  yearly?: string;
}

/** A Stripe event as mapped here: its type and object. */
export interface StripeEventLike {
  type: string;
  data: { object: unknown };
}

type Loose = Record<string, unknown>;

const uuid = z.string().uuid();
const asRecord = (value: unknown): Loose => (value !== null && typeof value === 'object' ? (value as Loose) : {});
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** An expandable Stripe reference: the id, or the expanded object's id. */
const idOf = (value: unknown): string | undefined => asString(value) ?? asString(asRecord(value).id);
const userIdOf = (value: unknown): string | undefined => (uuid.safeParse(value).success ? (value as string) : undefined);
const dateOf = (seconds: number | undefined): Date | undefined => (seconds === undefined ? undefined : new Date(seconds * 1000));
const firstOf = (list: unknown): Loose => {
  const data = asRecord(list).data;
  return Array.isArray(data) ? asRecord(data[0]) : {};
};
const objectIdOf = (object: Loose): string | undefined => (typeof object.id === 'string' ? object.id : undefined);

/** The lookups that are present, in order. */
function lookups(...candidates: Array<UserLookup | undefined>): UserLookup[] {
  return candidates.filter((candidate): candidate is UserLookup => candidate !== undefined);
}
const byUserId = (userId: string | undefined): UserLookup | undefined => (userId ? { userId } : undefined);
const byCustomer = (customerId: string | undefined): UserLookup | undefined => (customerId ? { customerId } : undefined);

/**
 * The plan of a Stripe price: the configured price ids first, then the lookup keys
 * (`archlens_pro_monthly`, `archlens_pro_yearly`), then the recurring interval (month, year).
 * @returns the plan, or null when the price names none
 */
export function planOfPrice(price: unknown, prices: PlanPrices): SubscriptionPlan | null {
  const record = asRecord(price);
  const id = asString(record.id);
  if (id && id === prices.monthly) return 'monthly';
  if (id && id === prices.yearly) return 'yearly';
  if (record.lookup_key === PRICE_LOOKUP_KEYS.monthly) return 'monthly';
  if (record.lookup_key === PRICE_LOOKUP_KEYS.yearly) return 'yearly';
  const interval = asRecord(record.recurring).interval;
  return interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : null;
}

/**
 * What a Stripe event does:
 * - `checkout.session.completed` (subscription mode): the user of `client_reference_id` (else
 *   metadata `userId`) becomes active on the metadata's plan, with the session's customer and
 *   subscription, and gets the first period's credits under the session's invoice id (so that
 *   invoice's `invoice.paid` grants nothing more), else under the session id;
 * - `customer.subscription.created|updated|deleted`: the user of metadata `userId`, else of the
 *   customer, takes the subscription's status (`canceled` when absent), plan (from its first item's
 *   price), ids and current period end (the item's, else the subscription's);
 * - `invoice.paid`: the customer's user (else the subscription metadata's `userId` Stripe copies
 *   onto the invoice) becomes active, with the first line's plan and period end, and gets the
 *   period's credits under the invoice id;
 * - `invoice.payment_failed`: that user's status becomes `past_due`.
 * @returns the effect, or null for any other event (recorded and ignored)
 */
export function mapStripeEvent(event: StripeEventLike, prices: PlanPrices): WebhookEffect | null {
  const object = asRecord(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(object, prices);
    case 'invoice.paid':
      return invoicePaid(object, prices);
    case 'invoice.payment_failed':
      return {
        label: 'invoice.payment_failed',
        objectId: objectIdOf(object),
        users: invoiceUsers(object),
        state: { status: 'past_due', stripeCustomerId: idOf(object.customer) },
      };
    default:
      return null;
  }
}

function checkoutCompleted(session: Loose): WebhookEffect | null {
  if (session.mode !== 'subscription') return null;
  const metadata = asRecord(session.metadata);
  const plan = metadata.planType === 'yearly' ? 'yearly' : metadata.planType === 'monthly' ? 'monthly' : undefined;
  return {
    label: 'checkout.session.completed',
    objectId: objectIdOf(session),
    users: lookups(byUserId(userIdOf(session.client_reference_id) ?? userIdOf(metadata.userId))),
    state: { status: 'active', plan, stripeCustomerId: idOf(session.customer), stripeSubscriptionId: idOf(session.subscription) },
    grantReference: idOf(session.invoice) ?? asString(session.id),
  };
}

function subscriptionChanged(subscription: Loose, prices: PlanPrices): WebhookEffect {
  const customer = idOf(subscription.customer);
  const item = firstOf(subscription.items);
  const periodEnd = asNumber(item.current_period_end) ?? asNumber(subscription.current_period_end);
  return {
    label: 'customer.subscription.*',
    objectId: objectIdOf(subscription),
    users: lookups(byUserId(userIdOf(asRecord(subscription.metadata).userId)), byCustomer(customer)),
    state: {
      status: asString(subscription.status) ?? 'canceled',
      plan: planOfPrice(item.price, prices) ?? undefined,
      stripeCustomerId: customer,
      stripeSubscriptionId: idOf(subscription.id),
      currentPeriodEnd: dateOf(periodEnd),
    },
  };
}

function invoicePaid(invoice: Loose, prices: PlanPrices): WebhookEffect {
  const line = firstOf(invoice.lines);
  const price = line.price ?? asRecord(asRecord(line.pricing).price_details).price;
  return {
    label: 'invoice.paid',
    objectId: objectIdOf(invoice),
    users: invoiceUsers(invoice),
    state: {
      status: 'active',
      plan: planOfPrice(price, prices) ?? undefined,
      stripeCustomerId: idOf(invoice.customer),
      currentPeriodEnd: dateOf(asNumber(asRecord(line.period).end)),
    },
    grantReference: asString(invoice.id),
  };
}

/** An invoice's user: by its customer, else by the subscription metadata Stripe copies onto the invoice. */
function invoiceUsers(invoice: Loose): UserLookup[] {
  const details = asRecord(invoice.subscription_details ?? asRecord(invoice.parent).subscription_details);
  return lookups(byCustomer(idOf(invoice.customer)), byUserId(userIdOf(asRecord(details.metadata).userId)));
}
