import { z } from 'zod';
import { PRICE_LOOKUP_KEYS } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import type { SubscriptionState } from '../subscriptions/subscription-state.js';

/**
 * Stripe events read as subscription state and credit grants, apart from storage. Stripe objects
 * are read loosely: only the fields used, each optional, since API versions differ.
 */

/** Where to find an event's user: a user id the event carries, or the Stripe customer to look up. */
export type UserLookup = { userId: string } | { customerId: string };

/** What one Stripe event about a subscription does to it. */
export interface SubscriptionEffect {
  kind: 'subscription';
  /** The event as the log names it when no user is found ('customer.subscription.*' for the three). */
  label: string;
  /** The Stripe object's id, for that log line. */
  objectId: string | undefined;
  /** Where the user is found, tried in order; the first that names a user wins. */
  users: UserLookup[];
  /**
   * The Stripe subscription the event is about (`sub_…`): its state is kept under this id, and it
   * changes the user's account only when it is (or becomes) the current one. An event that names
   * no subscription (an invoice of a one-off charge) changes nothing.
   */
  subscriptionId: string | undefined;
  /** The subscription's state to apply, in order of the event's `created`. */
  state: SubscriptionState;
  /**
   * The reference of a paid period's credits for the plan (`state.plan`, else the stored plan),
   * granted once per reference; absent when the event grants none.
   */
  grantReference?: string;
}

/**
 * A payment taken back (a full refund, or a dispute): it ends the Pro of the subscription whose
 * invoice it paid, and the period's unspent credits are taken back under `reason` and `reference`.
 * Which invoice it paid is found through its PaymentIntent (Stripe's charges and disputes do not
 * name their invoice since API version 2025-03-31).
 */
export interface PaymentReversal {
  kind: 'reversal';
  label: 'charge.refunded' | 'charge.dispute.created';
  objectId: string | undefined;
  /** The credit ledger's reason for taking the credits back. */
  reason: 'refund' | 'dispute';
  /** The ledger entry's reference: the charge id (`ch_…`) of a refund, the dispute id (`dp_…`) of a dispute. */
  reference: string;
  /** The PaymentIntent (`pi_…`) of the payment, to find its invoice by; undefined for a charge made without one. */
  paymentIntentId: string | undefined;
}

/** What one Stripe event does. */
export type WebhookEffect = SubscriptionEffect | PaymentReversal;

/** Where a reversed payment went: the subscription its invoice belongs to and the invoice's user. */
export interface InvoiceTarget {
  subscriptionId: string | undefined;
  users: UserLookup[];
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
 * The plan of a Stripe price (the object, or its id as newer API versions' invoice lines give it):
 * the configured price ids first, then the lookup keys
 * (`archlens_pro_monthly`, `archlens_pro_yearly`), then the recurring interval (month, year).
 * @returns the plan, or null when the price names none
 */
export function planOfPrice(price: unknown, prices: PlanPrices): PaidPlanType | null {
  const record = asRecord(price);
  const id = idOf(price);
  if (id && id === prices.monthly) return 'monthly';
  if (id && id === prices.yearly) return 'yearly';
  if (record.lookup_key === PRICE_LOOKUP_KEYS.monthly) return 'monthly';
  if (record.lookup_key === PRICE_LOOKUP_KEYS.yearly) return 'yearly';
  const interval = asRecord(record.recurring).interval;
  return interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : null;
}

/**
 * What a Stripe event does:
 * - `checkout.session.completed` (subscription mode) and `checkout.session.async_payment_succeeded`:
 *   the session's subscription, for the user of `client_reference_id` (else metadata `userId`), on
 *   the metadata's plan, with the session's customer. Only a session whose `payment_status` is
 *   `paid` makes it active and grants the first period's credits (under the session's invoice id, so
 *   that invoice's `invoice.paid` grants nothing more; else under the session id). `unpaid` (a payment
 *   still on its way) and `no_payment_required` (the plans have no trial or free first period, spec
 *   §9, so such a session took no money) record the subscription and wait for the `invoice.paid` that
 *   follows the payment;
 * - `customer.subscription.created|updated|deleted`: the subscription, for the user of metadata
 *   `userId`, else of the customer, takes its status (`canceled` when absent), plan (from its first
 *   item's price) and current period end (the item's, else the subscription's);
 * - `invoice.paid`: the invoice's subscription becomes active, for the customer's user (else the
 *   subscription metadata's `userId` Stripe copies onto the invoice), with the plan and period end of
 *   its first line that is not a credit, and gets the period's credits under the invoice id;
 * - `invoice.payment_failed`: the invoice's subscription becomes `past_due`;
 * - `charge.refunded` of the whole amount (`refunded`, or `amount_refunded` reaching `amount`) and
 *   `charge.dispute.created`: a `PaymentReversal`. A partial refund is recorded and ignored.
 * @returns the effect, or null for any other event (recorded and ignored)
 */
export function mapStripeEvent(event: StripeEventLike, prices: PlanPrices): WebhookEffect | null {
  const object = asRecord(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event.type, object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(object, prices);
    case 'invoice.paid':
      return invoicePaid(object, prices);
    case 'invoice.payment_failed':
      return {
        kind: 'subscription',
        label: 'invoice.payment_failed',
        objectId: objectIdOf(object),
        users: invoiceUsers(object),
        subscriptionId: invoiceSubscriptionId(object),
        state: { status: 'past_due', stripeCustomerId: idOf(object.customer) },
      };
    case 'charge.refunded':
      return chargeRefunded(object);
    case 'charge.dispute.created':
      return disputeCreated(object);
    default:
      return null;
  }
}

/**
 * Where a reversed payment went, read from the invoice it paid: the invoice's subscription and its
 * users (`invoiceUsers`).
 */
export function invoiceTarget(invoice: unknown): InvoiceTarget {
  const record = asRecord(invoice);
  return { subscriptionId: invoiceSubscriptionId(record), users: invoiceUsers(record) };
}

/** Whether a charge was refunded in full: Stripe's `refunded`, or `amount_refunded` reaching a positive `amount`. */
export function isFullRefund(charge: unknown): boolean {
  const record = asRecord(charge);
  if (record.refunded === true) return true;
  const amount = asNumber(record.amount);
  const refunded = asNumber(record.amount_refunded);
  return amount !== undefined && refunded !== undefined && amount > 0 && refunded >= amount;
}

function checkoutCompleted(type: string, session: Loose): SubscriptionEffect | null {
  if (session.mode !== 'subscription') return null;
  const metadata = asRecord(session.metadata);
  const plan = metadata.planType === 'yearly' ? 'yearly' : metadata.planType === 'monthly' ? 'monthly' : undefined;
  const paid = session.payment_status === 'paid';
  return {
    kind: 'subscription',
    label: type,
    objectId: objectIdOf(session),
    users: lookups(byUserId(userIdOf(session.client_reference_id) ?? userIdOf(metadata.userId))),
    subscriptionId: idOf(session.subscription),
    state: { status: paid ? 'active' : undefined, plan, stripeCustomerId: idOf(session.customer) },
    ...(paid ? { grantReference: idOf(session.invoice) ?? asString(session.id) } : {}),
  };
}

function subscriptionChanged(subscription: Loose, prices: PlanPrices): SubscriptionEffect {
  const customer = idOf(subscription.customer);
  const item = firstOf(subscription.items);
  const periodEnd = asNumber(item.current_period_end) ?? asNumber(subscription.current_period_end);
  return {
    kind: 'subscription',
    label: 'customer.subscription.*',
    objectId: objectIdOf(subscription),
    users: lookups(byUserId(userIdOf(asRecord(subscription.metadata).userId)), byCustomer(customer)),
    subscriptionId: idOf(subscription.id),
    state: {
      status: asString(subscription.status) ?? 'canceled',
      plan: planOfPrice(item.price, prices) ?? undefined,
      stripeCustomerId: customer,
      currentPeriodEnd: dateOf(periodEnd),
    },
  };
}

function invoicePaid(invoice: Loose, prices: PlanPrices): SubscriptionEffect {
  const { plan, line } = invoicePlan(invoice, prices);
  return {
    kind: 'subscription',
    label: 'invoice.paid',
    objectId: objectIdOf(invoice),
    users: invoiceUsers(invoice),
    subscriptionId: invoiceSubscriptionId(invoice),
    state: {
      status: 'active',
      plan: plan ?? undefined,
      stripeCustomerId: idOf(invoice.customer),
      currentPeriodEnd: dateOf(asNumber(asRecord(line.period).end)),
    },
    grantReference: asString(invoice.id),
  };
}

function chargeRefunded(charge: Loose): PaymentReversal | null {
  const id = asString(charge.id);
  if (!id || !isFullRefund(charge)) return null;
  return {
    kind: 'reversal',
    label: 'charge.refunded',
    objectId: id,
    reason: 'refund',
    reference: id,
    paymentIntentId: idOf(charge.payment_intent),
  };
}

function disputeCreated(dispute: Loose): PaymentReversal | null {
  const id = asString(dispute.id);
  if (!id) return null;
  return {
    kind: 'reversal',
    label: 'charge.dispute.created',
    objectId: id,
    reason: 'dispute',
    reference: id,
    paymentIntentId: idOf(dispute.payment_intent) ?? idOf(asRecord(dispute.charge).payment_intent),
  };
}

/**
 * The plan an invoice pays for and the line that says so: its first line that is not a credit
 * (a negative amount: the unused time of the plan left when the billing portal changes plans) and
 * whose price names a plan, else the first line. A line's price is `price` in older API
 * versions, `pricing.price_details.price` in newer ones.
 */
function invoicePlan(invoice: Loose, prices: PlanPrices): { plan: PaidPlanType | null; line: Loose } {
  const data = asRecord(invoice.lines).data;
  const lines = Array.isArray(data) ? data.map(asRecord) : [];
  const priceOf = (line: Loose) => line.price ?? asRecord(asRecord(line.pricing).price_details).price;
  for (const line of lines) {
    const amount = asNumber(line.amount);
    const plan = planOfPrice(priceOf(line), prices);
    if (plan && (amount === undefined || amount >= 0)) return { plan, line };
  }
  const first = lines[0] ?? {};
  return { plan: planOfPrice(priceOf(first), prices), line: first };
}

/** An invoice's subscription: `subscription` in older API versions, `parent.subscription_details.subscription` in newer ones. */
function invoiceSubscriptionId(invoice: Loose): string | undefined {
  return idOf(invoice.subscription) ?? idOf(subscriptionDetailsOf(invoice).subscription);
}

/** The subscription details Stripe copies onto an invoice (its metadata, its subscription). */
function subscriptionDetailsOf(invoice: Loose): Loose {
  return asRecord(invoice.subscription_details ?? asRecord(invoice.parent).subscription_details);
}

/** An invoice's user: by its customer, else by the subscription metadata Stripe copies onto the invoice. */
function invoiceUsers(invoice: Loose): UserLookup[] {
  return lookups(byCustomer(idOf(invoice.customer)), byUserId(userIdOf(asRecord(subscriptionDetailsOf(invoice).metadata).userId)));
}
