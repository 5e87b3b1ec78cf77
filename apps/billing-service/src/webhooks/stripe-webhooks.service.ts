import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { DomainError } from '@archlens/platform/messaging';
import { BILLING_CONFIG, type BillingConfig } from '../config.js';
import { periodCredits } from '../credits/credit-arithmetic.js';
import { CreditLedgerService } from '../credits/credit-ledger.service.js';
import { BillingAccountDeletionService } from '../accounts/billing-account-deletion.service.js';
import { StripeClient } from '../stripe/stripe-client.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { isLiveStatus } from '../subscriptions/subscription-state.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import {
  invoiceTarget,
  mapStripeEvent,
  type InvoiceTarget,
  type PaymentReversal,
  type PlanPrices,
  type UserLookup,
  type WebhookEffect,
} from './webhook-mapping.js';

/** An event's effect with a reversed payment traced to its invoice's subscription and users. */
type TracedEffect = Exclude<WebhookEffect, PaymentReversal> | (PaymentReversal & InvoiceTarget);

/** What an applied event leaves to do after its transaction: the user to announce, a subscription to cancel at Stripe. */
interface Applied {
  userId: string;
  cancelSubscription?: string;
}

/**
 * Stripe webhooks: verified on the raw body, recorded in `stripe_events` in the same transaction
 * as their effects (a repeat is a no-op), and applied per Stripe subscription in order of `created`.
 * What each event type does is `mapStripeEvent`'s; other event types are recorded and ignored.
 * One subscription per customer: only events of the user's current subscription change the
 * account and its credits (`followsSubscription`).
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
    private readonly deletion: BillingAccountDeletionService,
    private readonly subscriptionRows: SubscriptionsRepository,
  ) {
    this.prices = { monthly: config.STRIPE_PRICE_MONTHLY, yearly: config.STRIPE_PRICE_YEARLY };
  }

  /**
   * Verifies and applies one delivery. A payment taken back (a full refund, a dispute) is first
   * traced to the invoice it paid through Stripe (`traceReversal`), outside the event's transaction.
   * After the event's transaction: `subscription.changed` for the user whose state changed, and the
   * subscription whose Pro a reversal ended is cancelled at Stripe so it charges no more.
   * @param payload the raw body as text; @param signature the `stripe-signature` header
   * @throws DomainError `billing.invalid-signature` (nothing changed), `billing.not-configured`
   *   without a webhook secret, `billing.provider-failed` when Stripe cannot say which invoice a
   *   reversed payment paid (nothing recorded: the delivery fails and Stripe sends it again); the
   *   database's error (Stripe then redelivers)
   */
  async handle(payload: string, signature: string): Promise<{ received: true }> {
    const event = this.stripe.verifyEvent(payload, signature);
    const effect = await this.traceReversal(mapStripeEvent(event, this.prices));
    const recorded = await this.events.recordOnce(event, (manager) => this.apply(manager, event, effect));
    if (!recorded.applied) this.logger.log(`event ${event.id} (${event.type}) was applied before: nothing to do`);
    else if (recorded.result) await this.afterApplied(recorded.result);
    return { received: true };
  }

  /**
   * Applies the event's effect inside its transaction: a subscription's state (and the user's
   * account when it follows that subscription), then the period's credits when the event grants
   * them; or, for a payment taken back, the end of its subscription's Pro and the period's unspent
   * credits taken back through the ledger.
   * @returns the user whose state changed and the subscription to cancel at Stripe, or undefined
   */
  private async apply(manager: EntityManager, event: Stripe.Event, effect: TracedEffect | null): Promise<Applied | undefined> {
    if (!effect) return undefined;
    const userId = await this.userOf(manager, effect.users);
    if (!userId) {
      // A customer created elsewhere, or metadata this service did not write: recorded and ignored.
      this.logger.warn(`${effect.label} for ${effect.objectId ?? 'an object'} names no known user: ignored`);
      return undefined;
    }
    if (!effect.subscriptionId) {
      this.logger.log(`${effect.label} ${effect.objectId ?? ''} concerns no subscription: ignored`);
      return undefined;
    }
    if (effect.kind === 'reversal') return this.applyReversal(manager, userId, effect.subscriptionId, effect);
    const outcome = await this.subscriptions.applyEvent(manager, userId, effect.subscriptionId, effect.state, event.created);
    if (!outcome.follows) {
      this.logLeftAside(event, userId, effect.subscriptionId, outcome);
      return undefined;
    }
    if (effect.grantReference) {
      const credits = periodCredits(outcome.plan ?? (await this.subscriptionRows.findPlan(manager, userId)));
      if (credits !== null) await this.ledger.grantPeriod(manager, userId, credits, effect.grantReference);
    }
    return { userId };
  }

  /** A payment of the user's current subscription taken back: its Pro ends and the period's unspent credits go. */
  private async applyReversal(
    manager: EntityManager,
    userId: string,
    subscriptionId: string,
    reversal: PaymentReversal,
  ): Promise<Applied | undefined> {
    if (!(await this.subscriptions.endByReversal(manager, userId, subscriptionId, reversal.reason))) {
      this.logger.log(`${reversal.label} ${reversal.reference} for ${subscriptionId}, not the user's current Pro: nothing to end`);
      return undefined;
    }
    const taken = await this.ledger.takeBackPeriod(manager, userId, reversal.reason, reversal.reference);
    this.logger.warn(`${reversal.label} ${reversal.reference}: Pro of ${subscriptionId} ended, ${taken} unspent credit(s) taken back`);
    return { userId, cancelSubscription: subscriptionId };
  }

  /**
   * A subscription event that changed nothing of the user's: logged, as a warning when a second
   * subscription of the user is in force beside the current one (two Checkouts paid at once), since
   * it still charges: the operator cancels and refunds it from Stripe's dashboard.
   */
  private logLeftAside(event: Stripe.Event, userId: string, subscriptionId: string, outcome: { why: string; status: string }): void {
    const line = `${event.type} ${event.id} for ${subscriptionId} (${outcome.status}), not user ${userId}'s current subscription (${outcome.why})`;
    if (outcome.why === 'aside' && isLiveStatus(outcome.status)) {
      this.logger.warn(`${line}: a second subscription is in force and still charges; cancel and refund it in Stripe`);
    } else {
      this.logger.log(`${line}: nothing changed`);
    }
  }

  /**
   * Finds where a payment taken back went, through Stripe: the invoice its PaymentIntent paid
   * (`invoicePayments.list`, the invoice expanded), whose subscription and users the reversal then
   * concerns. Any other effect passes as it is.
   * @throws DomainError `billing.provider-failed` when Stripe cannot be asked
   */
  private async traceReversal(effect: WebhookEffect | null): Promise<TracedEffect | null> {
    if (!effect || effect.kind === 'subscription') return effect;
    if (!effect.paymentIntentId) return { ...effect, subscriptionId: undefined, users: [] };
    const paymentIntent = effect.paymentIntentId;
    let invoice: unknown;
    try {
      const payments = await this.stripe.client().invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        expand: ['data.invoice'],
        limit: 1,
      });
      invoice = payments.data[0]?.invoice;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError('billing.provider-failed', { cause: error });
    }
    return { ...effect, ...invoiceTarget(invoice) };
  }

  /**
   * After the event's transaction committed: `subscription.changed` for the user, and a subscription
   * whose Pro a reversal ended cancelled at Stripe (no further invoices). A cancellation Stripe
   * refuses is logged for the operator, never retried here: the event is applied, and the
   * subscription's later events change nothing anyway.
   */
  private async afterApplied(applied: Applied): Promise<void> {
    await this.subscriptions.publishChanged(applied.userId);
    if (!applied.cancelSubscription) return;
    const subscriptionId = applied.cancelSubscription;
    try {
      await this.stripe.client().subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `archlens-cancel-${subscriptionId}` });
      this.logger.log(`subscription ${subscriptionId} cancelled at Stripe`);
    } catch (error) {
      this.logger.error(
        `subscription ${subscriptionId} could not be cancelled at Stripe (${error instanceof Error ? error.message : String(error)}): cancel it in the dashboard`,
      );
    }
  }

  /**
   * The first user the lookups name: a user id as given, a customer through its subscription row;
   * null for a deleted account (`deleted_accounts`), whose events change nothing, so that the
   * cancellation at the period's end does not bring its rows back.
   */
  private async userOf(manager: EntityManager, users: UserLookup[]): Promise<string | null> {
    for (const lookup of users) {
      const userId = 'userId' in lookup ? lookup.userId : await this.subscriptionRows.findUserIdByCustomer(manager, lookup.customerId);
      if (userId) return (await this.deletion.isDeleted(manager, userId)) ? null : userId;
    }
    return null;
  }
}
