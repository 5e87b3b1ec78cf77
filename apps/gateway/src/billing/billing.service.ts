import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { handleStripeWebhookJobSchema, type SessionUrlResponse, type StripeWebhookResponse } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { CommandClient } from '@archlens/platform/messaging';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { apiError } from '../http/api-error.js';
import { RateLimitsService } from '../security/rate-limits.service.js';

/**
 * The most characters of a webhook's body and of its `stripe-signature` header that the
 * `billing.handle-stripe-webhook` job takes, read from its schema (`handleStripeWebhookJobSchema`),
 * so the gateway refuses what the job would refuse, and the two cannot drift apart.
 */
export const STRIPE_WEBHOOK_LIMITS = {
  payloadChars: handleStripeWebhookJobSchema.shape.payload.maxLength ?? Number.POSITIVE_INFINITY,
  signatureChars: handleStripeWebhookJobSchema.shape.signature.maxLength ?? Number.POSITIVE_INFINITY,
} as const;

/** The part of the gateway configuration billing reads (README "Configuration"). */
export type BillingGatewayConfig = Pick<GatewayConfig, 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_WEBHOOK_TOLERANCE_SECONDS'>;

/**
 * The gateway's side of billing: checkout and portal for the signed-in user, and Stripe
 * webhooks, verified here at the edge (signature and timestamp, with the Stripe SDK) before they
 * are queued to billing-service, which verifies them again and applies them.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('BillingService');

  constructor(
    private readonly commands: CommandClient,
    private readonly limits: RateLimitsService,
    @Inject(GATEWAY_CONFIG) private readonly config: BillingGatewayConfig,
  ) {
    if (!config.STRIPE_WEBHOOK_SECRET)
      this.logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, nothing is queued.');
  }

  /**
   * @returns `{url}` of a Stripe Checkout page for the plan
   * @throws DomainError `billing.not-configured` (no key), `billing.provider-failed` when Stripe fails; the queue's errors
   */
  checkout(userId: string, planType: PaidPlanType): Promise<SessionUrlResponse> {
    return this.commands.request('billing.create-checkout-session', { userId, planType });
  }

  /**
   * @returns `{url}` of the user's Stripe billing portal
   * @throws DomainError `billing.not-configured`, `billing.no-billing-account` with no customer yet,
   *   `billing.provider-failed`; the queue's errors
   */
  portal(userId: string): Promise<SessionUrlResponse> {
    return this.commands.request('billing.create-portal-session', { userId });
  }

  /**
   * Checks one webhook delivery at the edge, then passes it on: the client address's limit
   * (`RATE_LIMIT_STRIPE_WEBHOOK_PER_IP` a minute, every delivery counted), the body and header held to
   * what the job takes (`STRIPE_WEBHOOK_LIMITS`), then the `Stripe-Signature` over the exact bytes with
   * `STRIPE_WEBHOOK_SECRET` and a timestamp no older than `STRIPE_WEBHOOK_TOLERANCE_SECONDS`
   * (`Stripe.webhooks.constructEvent`). Only a delivery that passes all of them is queued
   * (`billing.handle-stripe-webhook`, `{payload, signature}` as Stripe sent them), so an unsigned
   * flood never reaches the billing queue.
   * @param address the client's address (`clientAddress`)
   * @throws TooManyRequestsException 429 with `Retry-After` past the address's limit;
   *   ApiException `billing.invalid-signature` (400) for a missing body or header, a header longer
   *   than the job takes (no Stripe signature is), or a signature that is forged, tampered, for another
   *   secret or too old; `request.too-large` (413, the body parser's own answer) for a body longer than
   *   the job takes; `billing.not-configured` (503) without `STRIPE_WEBHOOK_SECRET`; nothing is queued
   *   in any of these. DomainError from billing-service for what it refuses; the queue's errors
   */
  async webhook(body: unknown, signature: string | undefined, address: string): Promise<StripeWebhookResponse> {
    await this.limits.consume('stripeWebhookPerIp', address);
    if (!Buffer.isBuffer(body) || body.length === 0) throw apiError('billing.invalid-signature');
    const payload = body.toString('utf8');
    if (payload.length > STRIPE_WEBHOOK_LIMITS.payloadChars) throw apiError('request.too-large');
    if (!signature || signature.length > STRIPE_WEBHOOK_LIMITS.signatureChars) {
      throw apiError('billing.invalid-signature');
    }
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw apiError('billing.not-configured');
    try {
      // The exact bytes, as Stripe signed them; the tolerance bounds how late a copy may be replayed.
      Stripe.webhooks.constructEvent(body, signature, secret, this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw apiError('billing.invalid-signature');
    }
    return this.commands.request('billing.handle-stripe-webhook', { payload, signature });
  }
}
