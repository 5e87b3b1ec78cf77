import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { PLAN_CREDITS, PRICE_LOOKUP_KEYS, type SubscriptionPlan } from '@archlens/contracts/billing';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { BILLING_CONFIG, type BillingConfig } from '../config.js';
import { CreditLedgerService } from '../credits/credit-ledger.service.js';
import { StripeClient } from '../stripe/stripe-client.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/** A Stripe object as this service reads it: only the fields it uses, each optional (API versions differ). */
type Loose = Record<string, unknown>;

const uuid = z.string().uuid();
const asRecord = (value: unknown): Loose => (value !== null && typeof value === 'object' ? (value as Loose) : {});
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** An expandable Stripe reference: the id, or the expanded object's id. */
const idOf = (value: unknown): string | undefined => asString(value) ?? asString(asRecord(value).id);
const userIdOf = (value: unknown): string | undefined => (uuid.safeParse(value).success ? (value as string) : undefined);
const dateOf = (seconds: number | undefined): Date | undefined => (seconds === undefined ? undefined : new Date(seconds * 1000));

/**
 * Stripe webhooks (issue 15 point 3; ARCHITECTURE.md "Stripe webhooks"): verified on the raw body,
 * recorded in `stripe_events` in the same transaction as their effects (a repeat, even 10 at once,
 * is a no-op: the second insert of the id waits for the first transaction and then inserts nothing),
 * and applied in order of `created`:
 * - `checkout.session.completed`: the user's customer, subscription and plan, status active, and
 *   the first period's credits (reference: the session's invoice, so its `invoice.paid` grants nothing more);
 * - `customer.subscription.created|updated|deleted`: status, plan, current period end;
 * - `invoice.paid`: status active and the period's credits (spec §9: monthly reset to 200, yearly a
 *   2,400 pool; reference: the invoice id);
 * - `invoice.payment_failed`: status past_due.
 * Other event types are recorded and ignored.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('StripeWebhooks');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly stripe: StripeClient,
    private readonly ledger: CreditLedgerService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /**
   * Verifies and applies one delivery.
   * @param payload the raw body as text; @param signature the `stripe-signature` header
   * @throws DomainError `billing.invalid-signature` (nothing changed), `billing.not-configured`
   *   without a webhook secret; the database's error (Stripe then redelivers)
   */
  async handle(payload: string, signature: string): Promise<{ received: true }> {
    const event = this.stripe.verifyEvent(payload, signature);
    const changed = await this.dataSource.transaction(async (manager) => {
      const recorded: unknown[] = await manager.query(
        `INSERT INTO billing.stripe_events (id, type, created) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.created],
      );
      if (recorded.length === 0) return null; // applied before: a redelivery
      return this.apply(manager, event);
    });
    if (changed === null) this.logger.log(`event ${event.id} (${event.type}) was applied before: nothing to do`);
    else if (changed) await this.subscriptions.publishChanged(changed);
    return { received: true };
  }

  /** @returns the user whose state changed, or undefined */
  private async apply(manager: EntityManager, event: Stripe.Event): Promise<string | undefined> {
    const object = asRecord(event.data.object);
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(manager, object, event.created);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(manager, object, event.created);
      case 'invoice.paid':
        return this.invoicePaid(manager, object, event.created);
      case 'invoice.payment_failed':
        return this.invoiceFailed(manager, object, event.created);
      default:
        return undefined;
    }
  }

  private async checkoutCompleted(manager: EntityManager, session: Loose, created: number): Promise<string | undefined> {
    if (session.mode !== 'subscription') return undefined;
    const metadata = asRecord(session.metadata);
    const userId = userIdOf(session.client_reference_id) ?? userIdOf(metadata.userId);
    if (!userId) return this.unknownUser('checkout.session.completed', session.id);
    const plan = metadata.planType === 'yearly' ? 'yearly' : metadata.planType === 'monthly' ? 'monthly' : undefined;
    await this.subscriptions.applyState(
      manager,
      userId,
      { status: 'active', plan, stripeCustomerId: idOf(session.customer), stripeSubscriptionId: idOf(session.subscription) },
      created,
    );
    const grantPlan = plan ?? (await this.subscriptions.planOf(manager, userId));
    const reference = idOf(session.invoice) ?? asString(session.id);
    if ((grantPlan === 'monthly' || grantPlan === 'yearly') && reference) {
      await this.ledger.grantPeriod(manager, userId, PLAN_CREDITS[grantPlan], reference);
    }
    return userId;
  }

  private async subscriptionChanged(manager: EntityManager, subscription: Loose, created: number): Promise<string | undefined> {
    const customer = idOf(subscription.customer);
    const userId =
      userIdOf(asRecord(subscription.metadata).userId) ?? (customer ? await this.subscriptions.userOfCustomer(manager, customer) : null);
    if (!userId) return this.unknownUser('customer.subscription.*', subscription.id);
    const item = asRecord(
      asRecord(subscription.items).data instanceof Array ? (asRecord(subscription.items).data as unknown[])[0] : undefined,
    );
    const periodEnd = asNumber(item.current_period_end) ?? asNumber(subscription.current_period_end);
    const status = asString(subscription.status) ?? 'canceled';
    await this.subscriptions.applyState(
      manager,
      userId,
      {
        status,
        plan: this.planOfPrice(asRecord(item.price)) ?? undefined,
        stripeCustomerId: customer,
        stripeSubscriptionId: idOf(subscription.id),
        currentPeriodEnd: dateOf(periodEnd),
      },
      created,
    );
    return userId;
  }

  private async invoicePaid(manager: EntityManager, invoice: Loose, created: number): Promise<string | undefined> {
    const userId = await this.userOfInvoice(manager, invoice);
    if (!userId) return this.unknownUser('invoice.paid', invoice.id);
    const line = this.firstLine(invoice);
    const linePrice = asRecord(line.price ?? asRecord(asRecord(line.pricing).price_details).price);
    const plan = this.planOfPrice(linePrice) ?? (await this.subscriptions.planOf(manager, userId));
    const periodEnd = asNumber(asRecord(line.period).end);
    await this.subscriptions.applyState(
      manager,
      userId,
      { status: 'active', plan: plan ?? undefined, stripeCustomerId: idOf(invoice.customer), currentPeriodEnd: dateOf(periodEnd) },
      created,
    );
    const reference = asString(invoice.id);
    if ((plan === 'monthly' || plan === 'yearly') && reference)
      await this.ledger.grantPeriod(manager, userId, PLAN_CREDITS[plan], reference);
    return userId;
  }

  private async invoiceFailed(manager: EntityManager, invoice: Loose, created: number): Promise<string | undefined> {
    const userId = await this.userOfInvoice(manager, invoice);
    if (!userId) return this.unknownUser('invoice.payment_failed', invoice.id);
    await this.subscriptions.applyState(manager, userId, { status: 'past_due', stripeCustomerId: idOf(invoice.customer) }, created);
    return userId;
  }

  /** The invoice's user: by its customer, else the subscription metadata Stripe copies onto the invoice. */
  private async userOfInvoice(manager: EntityManager, invoice: Loose): Promise<string | null> {
    const customer = idOf(invoice.customer);
    const byCustomer = customer ? await this.subscriptions.userOfCustomer(manager, customer) : null;
    if (byCustomer) return byCustomer;
    const details = asRecord(invoice.subscription_details ?? asRecord(invoice.parent).subscription_details);
    return userIdOf(asRecord(details.metadata).userId) ?? null;
  }

  private firstLine(invoice: Loose): Loose {
    const data = asRecord(invoice.lines).data;
    return Array.isArray(data) ? asRecord(data[0]) : {};
  }

  /** The plan of a price: the configured ids, the lookup keys, then the recurring interval. */
  private planOfPrice(price: Loose): SubscriptionPlan | null {
    const id = asString(price.id);
    if (id && id === this.config.STRIPE_PRICE_MONTHLY) return 'monthly';
    if (id && id === this.config.STRIPE_PRICE_YEARLY) return 'yearly';
    if (price.lookup_key === PRICE_LOOKUP_KEYS.monthly) return 'monthly';
    if (price.lookup_key === PRICE_LOOKUP_KEYS.yearly) return 'yearly';
    const interval = asRecord(price.recurring).interval;
    return interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : null;
  }

  /** An event for no user this service knows (a customer created elsewhere): recorded and ignored. */
  private unknownUser(type: string, objectId: unknown): undefined {
    this.logger.warn(`${type} for ${typeof objectId === 'string' ? objectId : 'an object'} names no known user: ignored`);
    return undefined;
  }
}
