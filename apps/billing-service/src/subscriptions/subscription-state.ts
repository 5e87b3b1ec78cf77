import type { BillingAccount } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { isUnlimited, shownBalance } from '../credits/credit-arithmetic.js';
import type { StripeSubscriptionEntity } from './stripe-subscription.entity.js';
import type { SubscriptionEntity } from './subscription.entity.js';

/**
 * One Stripe subscription's state as one Stripe event tells it; fields left undefined (or null)
 * keep their stored value. `status` is undefined when the event does not settle it (a Checkout
 * completed before its payment arrived).
 */
export interface SubscriptionState {
  status?: string;
  plan?: PaidPlanType | null;
  /** The subscription's customer: recorded on the user's account when the subscription is its current one. */
  stripeCustomerId?: string | null;
  currentPeriodEnd?: Date | null;
}

/** The fields of a `stripe_subscriptions` row a Stripe event sets. */
export type StripeSubscriptionFields = Pick<StripeSubscriptionEntity, 'status' | 'plan' | 'currentPeriodEnd' | 'lastEventCreated'>;

/** The fields of the user's account row (`subscriptions`) that follow its current Stripe subscription. */
export type SubscriptionFields = Pick<
  SubscriptionEntity,
  'status' | 'plan' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'currentPeriodEnd'
>;

/** The fields of a subscription row the account shows. */
export type AccountFields = Pick<SubscriptionEntity, 'status' | 'plan' | 'currentPeriodEnd'>;

/**
 * Statuses in which a subscription is in force: Pro now (`active`, `trialing`), or still charging and
 * about to be Pro again (`past_due`, while Stripe retries the payment). While the account's
 * subscription is in one of them, a new Checkout is refused (`billing.subscription-exists`) and
 * no other subscription replaces it.
 */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** Stripe statuses after which a subscription never charges again, so it can no longer become anyone's current one. */
const ENDED_SUBSCRIPTION_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** Status of a subscription no event has given one yet: Stripe's for a subscription awaiting its first payment. */
const AWAITING_PAYMENT_STATUS = 'incomplete';

/** Whether an account (or subscription) status is in force (`LIVE_SUBSCRIPTION_STATUSES`); the VIP plan's `active` is too. */
export function isLiveStatus(status: string | null | undefined): boolean {
  return status != null && LIVE_SUBSCRIPTION_STATUSES.includes(status);
}

/**
 * A Stripe subscription's row after one of its events of `eventCreated` (Unix seconds): the event's
 * status (the stored one when the event settles none; `incomplete` for a new row), and its plan
 * and period end where it names them (the stored ones otherwise), with `lastEventCreated` moved to
 * the event's. An event older than the last one applied to this subscription changes nothing, so a
 * late delivery never overwrites newer state; events of the same second both apply, in arrival order.
 * @param stored the subscription's row as stored, or null when it has none yet
 * @returns the fields to store, or null when the event is older than the last applied
 */
export function mergeSubscriptionState(
  stored: StripeSubscriptionFields | null,
  state: SubscriptionState,
  eventCreated: number,
): StripeSubscriptionFields | null {
  if (stored?.lastEventCreated != null && Number(stored.lastEventCreated) > eventCreated) return null;
  return {
    status: state.status ?? stored?.status ?? AWAITING_PAYMENT_STATUS,
    plan: state.plan ?? stored?.plan ?? null,
    currentPeriodEnd: state.currentPeriodEnd ?? stored?.currentPeriodEnd ?? null,
    lastEventCreated: String(eventCreated),
  };
}

/**
 * Whether a Stripe subscription's events change the user's account (its status, plan, period end
 * and credits), one subscription per customer:
 * - never for a subscription whose Pro a refund or a dispute ended (`endedBy`), nor while the
 *   account is on the active unlimited (VIP) plan, which no Stripe subscription replaces;
 * - always for the account's current subscription;
 * - for another subscription, only while the account has nothing in force (no row, `none`, or a
 *   current subscription that is not live) and this one has not ended: it becomes the current one.
 *   A second subscription that is live beside a live current one (two Checkouts paid at once) is
 *   recorded and left aside, and the current one stays in force.
 * @param account the user's account row, or null when there is none
 * @param subscriptionId the event's Stripe subscription; @param subscription its row after the event
 */
export function followsSubscription(
  account: Pick<SubscriptionFields, 'status' | 'plan' | 'stripeSubscriptionId'> | null,
  subscriptionId: string,
  subscription: Pick<StripeSubscriptionEntity, 'status' | 'endedBy'>,
): boolean {
  if (subscription.endedBy !== null) return false;
  if (account?.plan === 'unlimited' && isLiveStatus(account.status)) return false;
  if (account?.stripeSubscriptionId === subscriptionId) return true;
  if (isLiveStatus(account?.status)) return false;
  return !ENDED_SUBSCRIPTION_STATUSES.includes(subscription.status);
}

/**
 * The account row once it follows `subscriptionId` (`followsSubscription`): that subscription's
 * status, plan and period end, its id, and the customer (the stored one, which checkout created and
 * the customer look-ups go by; else the event's).
 * @param account the user's account row, or null when there is none
 */
export function accountFollowing(
  account: Pick<SubscriptionFields, 'stripeCustomerId'> | null,
  subscriptionId: string,
  subscription: StripeSubscriptionFields,
  stripeCustomerId: string | null | undefined,
): SubscriptionFields {
  return {
    status: subscription.status,
    plan: subscription.plan,
    currentPeriodEnd: subscription.currentPeriodEnd,
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: account?.stripeCustomerId ?? stripeCustomerId ?? null,
  };
}

/**
 * The account as `GET /api/auth/user` shows it (spec §3 subscription: status, plan,
 * credits_remaining, currentPeriodEnd) and the balance. No row, or a row of status `none` (a
 * customer made at checkout, nothing paid), is `subscription: null`. On the active unlimited plan
 * both credits are `UNLIMITED_CREDITS`.
 * @param balance the stored balance in credits
 */
export function billingAccount(subscription: AccountFields | null, balance: number): BillingAccount {
  const shown = shownBalance(balance, isUnlimited(subscription));
  if (!subscription || subscription.status === 'none') return { subscription: null, balance: shown };
  return {
    subscription: {
      status: subscription.status,
      plan: subscription.plan,
      credits_remaining: shown,
      currentPeriodEnd: subscription.currentPeriodEnd ? subscription.currentPeriodEnd.toISOString() : null,
    },
    balance: shown,
  };
}
