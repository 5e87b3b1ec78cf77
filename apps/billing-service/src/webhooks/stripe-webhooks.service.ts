import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { BILLING_CONFIG, type BillingConfig } from '../config.js';
import { periodCredits } from '../credits/credit-arithmetic.js';
import { CreditLedgerService } from '../credits/credit-ledger.service.js';
import { StripeClient } from '../stripe/stripe-client.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import { mapStripeEvent, type PlanPrices, type UserLookup } from './webhook-mapping.js';

/**
 * Stripe webhooks: verified on the raw body, recorded in `stripe_events` in the same transaction
 * as their effects (a repeat is a no-op), and applied in order of `created`. What each event type
 * does is `mapStripeEvent`'s; other event types are recorded and ignored.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('StripeWebhooks');
  private readonly prices: PlanPrices;

  constructor(
    @Inject(BILLING_CONFIG) config: BillingConfig,
    private readonly stripe: StripeClient,
    private readonly events: StripeEventsRepository,
    private readonly ledger: CreditLedgerService,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionRows: SubscriptionsRepository,
  ) {
    this.prices = { monthly: config.STRIPE_PRICE_MONTHLY, yearly: config.STRIPE_PRICE_YEARLY };
  }

  /**
   * Verifies and applies one delivery.
   * @param payload the raw body as text; @param signature the `stripe-signature` header
   * @throws DomainError `billing.invalid-signature` (nothing changed), `billing.not-configured`
   *   without a webhook secret; the database's error (Stripe then redelivers)
   */
  async handle(payload: string, signature: string): Promise<{ received: true }> {
    const event = this.stripe.verifyEvent(payload, signature);
    const recorded = await this.events.recordOnce(event, (manager) => this.apply(manager, event));
    if (!recorded.applied) this.logger.log(`event ${event.id} (${event.type}) was applied before: nothing to do`);
    else if (recorded.result) await this.subscriptions.publishChanged(recorded.result);
    return { received: true };
  }

  /**
   * Applies the event's effect inside its transaction: the user's subscription state, then the
   * period's credits when the event grants them.
   * @returns the user whose state changed, or undefined
   */
  private async apply(manager: EntityManager, event: Stripe.Event): Promise<string | undefined> {
    const effect = mapStripeEvent(event, this.prices);
    if (!effect) return undefined;
    const userId = await this.userOf(manager, effect.users);
    if (!userId) {
      // A customer created elsewhere, or metadata this service did not write: recorded and ignored.
      this.logger.warn(`${effect.label} for ${effect.objectId ?? 'an object'} names no known user: ignored`);
      return undefined;
    }
    await this.subscriptions.applyState(manager, userId, effect.state, event.created);
    if (effect.grantReference) {
      const credits = periodCredits(effect.state.plan ?? (await this.subscriptionRows.findPlan(manager, userId)));
      if (credits !== null) await this.ledger.grantPeriod(manager, userId, credits, effect.grantReference);
    }
    return userId;
  }

  /** The first user the lookups name: a user id as given, a customer through its subscription row. */
  private async userOf(manager: EntityManager, users: UserLookup[]): Promise<string | null> {
    for (const lookup of users) {
      const userId = 'userId' in lookup ? lookup.userId : await this.subscriptionRows.findUserIdByCustomer(manager, lookup.customerId);
      if (userId) return userId;
    }
    return null;
  }
}
