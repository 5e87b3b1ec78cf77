import type { BillingAccount, SubscriptionPlan } from '@archlens/contracts/billing';
import { isUnlimited, shownBalance } from '../credits/credit-arithmetic.js';
import type { SubscriptionEntity } from './subscription.entity.js';

/** Subscription state taken from one Stripe event; fields left undefined (or null) keep their stored value. */
export interface SubscriptionState {
  status: string;
  plan?: SubscriptionPlan | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
}

/** The fields of a subscription row a Stripe event sets. */
export type SubscriptionFields = Pick<
  SubscriptionEntity,
  'status' | 'plan' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'currentPeriodEnd' | 'lastEventCreated'
>;

/** The fields of a subscription row the account shows. */
export type AccountFields = Pick<SubscriptionEntity, 'status' | 'plan' | 'currentPeriodEnd'>;

/**
 * The row after one Stripe event of `eventCreated` (Unix seconds): the event's status, and its
 * plan, Stripe ids and period end where it names them (the stored ones otherwise), with
 * `lastEventCreated` moved to the event's. An event older than the last one applied changes
 * nothing, so a late delivery never overwrites newer state; events of the same second both apply,
 * in arrival order.
 * @param stored the row as stored, or null when the user has none
 * @returns the fields to store, or null when the event is older than the last applied
 */
export function mergeSubscriptionState(
  stored: SubscriptionFields | null,
  state: SubscriptionState,
  eventCreated: number,
): SubscriptionFields | null {
  if (stored?.lastEventCreated != null && Number(stored.lastEventCreated) > eventCreated) return null;
  return {
    status: state.status,
    plan: state.plan ?? stored?.plan ?? null,
    stripeCustomerId: state.stripeCustomerId ?? stored?.stripeCustomerId ?? null,
    stripeSubscriptionId: state.stripeSubscriptionId ?? stored?.stripeSubscriptionId ?? null,
    currentPeriodEnd: state.currentPeriodEnd ?? stored?.currentPeriodEnd ?? null,
    lastEventCreated: String(eventCreated),
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
