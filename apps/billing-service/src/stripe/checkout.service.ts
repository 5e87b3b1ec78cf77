import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { PRICE_LOOKUP_KEYS, type SessionUrlResponse } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { DomainError } from '@archlens/platform/messaging';
import { BILLING_CONFIG, type BillingConfig } from '../config.js';
import { isUnlimited } from '../credits/credit-arithmetic.js';
import { isLiveStatus } from '../subscriptions/subscription-state.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { StripeClient } from './stripe-client.js';

/**
 * Stripe Checkout and the billing portal behind spec §7's `create-checkout-session` and
 * `create-portal-session`: a subscription-mode Checkout session in SGD (spec §9's prices) for the
 * plan's price, for the user's Stripe customer (created once, then reused), and a portal session
 * for that customer. One subscription per customer: Checkout is refused while the user's
 * subscription is in force, and plan changes (monthly to yearly and back) go through the portal,
 * which changes the subscription itself instead of starting a second one.
 */
@Injectable()
export class CheckoutService {
  /** Price ids found by lookup key, per plan (prices do not change while the service runs). */
  private readonly prices = new Map<PaidPlanType, string>();

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly stripe: StripeClient,
  ) {}

  /**
   * A Checkout session: mode subscription, currency SGD, one line of the plan's price, the user's
   * customer, success URL `<APP_URL>/account?checkout=success`, cancel URL `<APP_URL>/pricing`,
   * `client_reference_id` and metadata `userId` (and `planType`, also on the subscription).
   *
   * Refused for the VIP account (the active unlimited plan, spec §6: every Pro tool, unlimited
   * credits), before Stripe is asked anything: there is nothing to buy on top of it. Refused while
   * the user's subscription is active, trialing or past due: a second Checkout would start a
   * second subscription that charges beside the first. An earlier
   * Checkout of the user's that is still open (another tab, an abandoned page) is expired first,
   * so only the newest one can be paid: refusing a new one while one is open would shut the user
   * out for the 24 hours an abandoned session stays open. Two Checkouts paid at nearly the same
   * moment can still both complete; the webhooks then keep the first subscription in force and
   * leave the second aside (`followsSubscription`).
   * @returns `{url}` of the Stripe page
   * @throws DomainError `billing.vip-plan` (409) on the VIP plan; `billing.subscription-exists`
   *   (409 'You already have a Pro plan. Manage it from your account.'); `billing.not-configured`
   *   (no key, or no price for the plan);
   *   `billing.provider-failed` when Stripe fails (its text stays in the log)
   */
  async createCheckoutSession(userId: string, planType: PaidPlanType): Promise<SessionUrlResponse> {
    await this.refuseVipPlan(userId);
    const stripe = this.stripe.client();
    if (isLiveStatus((await this.subscriptions.findAccountFields(userId))?.status)) throw new DomainError('billing.subscription-exists');
    const customer = await this.customerOf(stripe, userId);
    const price = await this.priceOf(stripe, planType);
    await this.expireOpenSessions(stripe, customer);
    const metadata = { userId, planType };
    const session = await this.call(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        currency: 'sgd',
        customer,
        line_items: [{ price, quantity: 1 }],
        success_url: `${this.config.APP_URL}/account?checkout=success`,
        cancel_url: `${this.config.APP_URL}/pricing`,
        client_reference_id: userId,
        metadata,
        subscription_data: { metadata },
      }),
    );
    if (!session.url) throw new DomainError('billing.provider-failed');
    return { url: session.url };
  }

  /**
   * A billing portal session for the user's customer, returning to `<APP_URL>/account`. The VIP
   * account has no Stripe subscription to manage: refused before Stripe is asked anything.
   * @throws DomainError `billing.vip-plan` (409) on the VIP plan; `billing.not-configured`;
   *   `billing.no-billing-account` when the user has no customer yet; `billing.provider-failed`
   *   when Stripe fails
   */
  async createPortalSession(userId: string): Promise<SessionUrlResponse> {
    await this.refuseVipPlan(userId);
    const stripe = this.stripe.client();
    const customer = await this.subscriptions.findCustomerId(userId);
    if (!customer) throw new DomainError('billing.no-billing-account');
    const session = await this.call(() => stripe.billingPortal.sessions.create({ customer, return_url: `${this.config.APP_URL}/account` }));
    return { url: session.url };
  }

  /**
   * Refuses checkout and portal for the VIP account: its plan is the active unlimited one
   * (`isUnlimited`, granted at VIP sign-in by `billing.grant-unlimited`), which Stripe neither sells
   * nor manages.
   * @throws DomainError `billing.vip-plan`
   */
  private async refuseVipPlan(userId: string): Promise<void> {
    if (isUnlimited(await this.subscriptions.findPlanAndStatus(userId))) throw new DomainError('billing.vip-plan');
  }

  /**
   * Expires the customer's Checkout sessions that are still open (`checkout.sessions.list` with
   * status `open`, then `expire` each), so that none of them can be paid beside the new one.
   * @throws DomainError `billing.provider-failed` when Stripe fails
   */
  private async expireOpenSessions(stripe: Stripe, customer: string): Promise<void> {
    const open = await this.call(() => stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 }));
    for (const session of open.data) await this.call(() => stripe.checkout.sessions.expire(session.id));
  }

  /**
   * The user's Stripe customer: the stored one, or a new one (metadata `userId`) recorded on the
   * user's row. The idempotency key makes two concurrent first checkouts create one customer.
   */
  private async customerOf(stripe: Stripe, userId: string): Promise<string> {
    const stored = await this.subscriptions.findCustomerId(userId);
    if (stored) return stored;
    const customer = await this.call(() =>
      stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `archlens-customer-${userId}` }),
    );
    return this.subscriptions.setCustomerUnlessSet(userId, customer.id);
  }

  /**
   * The plan's price id: `STRIPE_PRICE_MONTHLY` / `STRIPE_PRICE_YEARLY` when configured, else the
   * active price with lookup key `archlens_pro_monthly` / `archlens_pro_yearly`.
   * @throws DomainError `billing.not-configured` when no such price exists
   */
  private async priceOf(stripe: Stripe, planType: PaidPlanType): Promise<string> {
    const configured = planType === 'monthly' ? this.config.STRIPE_PRICE_MONTHLY : this.config.STRIPE_PRICE_YEARLY;
    if (configured) return configured;
    const known = this.prices.get(planType);
    if (known) return known;
    const lookupKey = PRICE_LOOKUP_KEYS[planType];
    const list = await this.call(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
    const price = list.data[0]?.id;
    if (!price)
      throw new DomainError('billing.not-configured', { cause: new Error(`no active Stripe price with lookup key ${lookupKey}`) });
    this.prices.set(planType, price);
    return price;
  }

  /** Runs a Stripe call; its failure becomes DomainError `billing.provider-failed` with the SDK's error as the (logged) cause. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError('billing.provider-failed', { cause: error });
    }
  }
}
