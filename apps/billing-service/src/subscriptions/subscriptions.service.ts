import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BillingAccount } from '@archlens/contracts/billing';
import { EventPublisher } from '@archlens/platform/events';
import { CreditBalancesRepository } from '../credits/credit-balances.repository.js';
import { billingAccount, mergeSubscriptionState, type SubscriptionState } from './subscription-state.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Users' subscriptions: the account as `GET /api/auth/user` shows it, the VIP grant, and state
 * changes from Stripe events applied in order of the event's `created` (an older event never
 * overwrites newer state; `mergeSubscriptionState`).
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
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
   * Applies one Stripe event's state to the user's subscription, inside the caller's transaction,
   * under the row's lock, unless a newer event (by Stripe's `created`, Unix seconds) was applied before.
   * @returns whether the state was applied
   */
  applyState(manager: EntityManager, userId: string, state: SubscriptionState, eventCreated: number): Promise<boolean> {
    return this.subscriptions.changeLocked(manager, userId, (stored) => mergeSubscriptionState(stored, state, eventCreated));
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
