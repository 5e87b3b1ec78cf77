import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BillingAccount } from '@archlens/contracts/billing';
import { EventPublisher } from '@archlens/platform/events';
import { CreditBalancesRepository } from '../credits/credit-balances.repository.js';
import type { PaidPlanType } from '@archlens/contracts/plans';
import type { StripeSubscriptionEntity, SubscriptionEndReason } from './stripe-subscription.entity.js';
import { StripeSubscriptionsRepository } from './stripe-subscriptions.repository.js';
import {
  accountFollowing,
  billingAccount,
  followsSubscription,
  mergeSubscriptionState,
  type StripeSubscriptionFields,
  type SubscriptionState,
} from './subscription-state.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** What one Stripe event did to the user's account (`SubscriptionsService.applyEvent`). */
export type SubscriptionEventOutcome =
  { follows: true; plan: PaidPlanType | null } | { follows: false; why: 'other-user' | 'ended' | 'aside'; status: string };

/**
 * Users' subscriptions: the account as `GET /api/auth/user` shows it, the VIP grant, and state
 * changes from Stripe events, kept per Stripe subscription and applied in order of each event's
 * `created` (an older event never overwrites newer state; `mergeSubscriptionState`); the account
 * follows one subscription at a time (`followsSubscription`).
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly stripeSubscriptions: StripeSubscriptionsRepository,
    private readonly balances: CreditBalancesRepository,
    private readonly events: EventPublisher,
  ) {}

  /** The user's subscription and balance (`billingAccount`); `subscription: null` before any plan. */
  async account(userId: string): Promise<BillingAccount> {
    const [subscription, balance] = await Promise.all([this.subscriptions.findAccountFields(userId), this.balances.find(userId)]);
    return billingAccount(subscription, balance);
  }

  /**
   * VIP access (spec §6): the user is put on the active unlimited plan, with no Stripe involved.
   * Idempotent. Publishes `subscription.changed`.
   */
  async grantUnlimited(userId: string): Promise<BillingAccount> {
    await this.subscriptions.upsertUnlimited(userId);
    await this.publishChanged(userId);
    return this.account(userId);
  }

  /**
   * Applies one Stripe event about subscription `subscriptionId` of `userId`, inside the caller's
   * transaction, under the lock of the user's account row and then of the subscription's row: the
   * subscription's own row takes the event's state unless a newer event of it was applied before
   * (`mergeSubscriptionState`, by Stripe's `created`, Unix seconds), and the account follows it when
   * it is, or may become, the user's current subscription (`followsSubscription`).
   * @returns `follows`: whether the account follows this subscription (only then may the event grant
   *   credits), with the subscription's plan; else why it was left aside: `other-user` (the
   *   subscription is another user's), `ended` (a refund or a dispute ended it), `aside` (another
   *   subscription or the VIP plan is in force), with the subscription's status
   */
  async applyEvent(
    manager: EntityManager,
    userId: string,
    subscriptionId: string,
    state: SubscriptionState,
    eventCreated: number,
  ): Promise<SubscriptionEventOutcome> {
    const account = await this.subscriptions.lockAccount(manager, userId);
    const stored = await this.stripeSubscriptions.findLocked(manager, subscriptionId);
    if (stored && stored.userId !== userId) return { follows: false, why: 'other-user', status: stored.status };
    const merged = mergeSubscriptionState(stored, state, eventCreated);
    if (merged) await this.stripeSubscriptions.save(manager, subscriptionId, userId, merged, stored !== null);
    const after = { ...(stored ?? { endedBy: null }), ...(merged ?? {}) } as StripeSubscriptionFields &
      Pick<StripeSubscriptionEntity, 'endedBy'>;
    if (!followsSubscription(account, subscriptionId, after)) {
      return { follows: false, why: after.endedBy ? 'ended' : 'aside', status: after.status };
    }
    if (merged || account.stripeSubscriptionId !== subscriptionId) {
      await this.subscriptions.writeAccount(manager, userId, accountFollowing(account, subscriptionId, after, state.stripeCustomerId));
    }
    return { follows: true, plan: after.plan };
  }

  /**
   * Ends the Pro of subscription `subscriptionId` of `userId` because one of its payments was
   * refunded in full or disputed, inside the caller's transaction, under the same locks as
   * `applyEvent`: the subscription is marked ended by `reason` (its later events change nothing) and
   * the account shows `canceled`. Only the user's current subscription is ended; a payment of
   * another one (a second subscription left aside) changes nothing here.
   * @returns true when the subscription was ended now; false when it is not the user's current one,
   *   is another user's, or was ended before
   */
  async endByReversal(manager: EntityManager, userId: string, subscriptionId: string, reason: SubscriptionEndReason): Promise<boolean> {
    const account = await this.subscriptions.lockAccount(manager, userId);
    const stored = await this.stripeSubscriptions.findLocked(manager, subscriptionId);
    if (!stored || stored.userId !== userId || stored.endedBy !== null || account.stripeSubscriptionId !== subscriptionId) return false;
    await this.stripeSubscriptions.markEnded(manager, subscriptionId, reason);
    await this.subscriptions.writeAccount(manager, userId, { status: 'canceled' });
    return true;
  }

  /**
   * Publishes `subscription.changed` with the user's current state; a delivery failure is logged
   * and does not undo the recorded change.
   */
  async publishChanged(userId: string): Promise<void> {
    const { subscription, balance } = await this.account(userId);
    await this.events.tryPublish('subscription.changed', {
      userId,
      status: subscription?.status ?? 'none',
      plan: subscription?.plan ?? null,
      creditsRemaining: balance,
      currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    });
  }
}
