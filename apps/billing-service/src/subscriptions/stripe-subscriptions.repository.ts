import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StripeSubscriptionFields } from './subscription-state.js';
import { StripeSubscriptionEntity, type SubscriptionEndReason } from './stripe-subscription.entity.js';

/**
 * All data access to `billing.stripe_subscriptions`, each Stripe subscription's own state. Every
 * call runs inside the caller's transaction, which holds the lock of the user's account row
 * (`SubscriptionsRepository.lockAccount`) first, so the changes of one user's subscriptions never
 * interleave.
 */
@Injectable()
export class StripeSubscriptionsRepository {
  /** @returns the subscription's row, locked (`SELECT … FOR UPDATE`) until the transaction ends, or null when there is none */
  findLocked(manager: EntityManager, id: string): Promise<StripeSubscriptionEntity | null> {
    return manager.getRepository(StripeSubscriptionEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Stores the subscription's fields: a new row for `userId`, or the changed fields of the stored one. */
  async save(manager: EntityManager, id: string, userId: string, fields: StripeSubscriptionFields, exists: boolean): Promise<void> {
    const rows = manager.getRepository(StripeSubscriptionEntity);
    if (exists) await rows.update({ id }, fields);
    else await rows.insert({ id, userId, ...fields, endedBy: null });
  }

  /** Marks the subscription's Pro ended by a refund or a dispute, with Stripe's status `canceled`. */
  async markEnded(manager: EntityManager, id: string, endedBy: SubscriptionEndReason): Promise<void> {
    await manager.getRepository(StripeSubscriptionEntity).update({ id }, { endedBy, status: 'canceled' });
  }
}
