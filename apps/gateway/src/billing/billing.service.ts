import { Injectable } from '@nestjs/common';
import { handleStripeWebhookJobSchema, type SessionUrlResponse, type StripeWebhookResponse } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { CommandClient } from '@archlens/platform/messaging';
import { apiError } from '../http/api-error.js';

/**
 * The most characters of a webhook's body and of its `stripe-signature` header that the
 * `billing.handle-stripe-webhook` job takes, read from its schema (`handleStripeWebhookJobSchema`),
 * so the gateway refuses what the job would refuse, and the two cannot drift apart.
 */
export const STRIPE_WEBHOOK_LIMITS = {
  payloadChars: handleStripeWebhookJobSchema.shape.payload.maxLength ?? Number.POSITIVE_INFINITY,
  signatureChars: handleStripeWebhookJobSchema.shape.signature.maxLength ?? Number.POSITIVE_INFINITY,
} as const;

/**
 * The gateway's side of billing: checkout and portal for the signed-in user, and Stripe
 * webhooks passed on to billing-service, which verifies and applies them.
 */
@Injectable()
export class BillingService {
  constructor(private readonly commands: CommandClient) {}

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
   * Passes one webhook delivery on: the exact body as text and the `stripe-signature` header, each
   * first held to what the job takes (`STRIPE_WEBHOOK_LIMITS`), so that nothing the job's schema
   * would refuse is queued (it would be a 500, not a refusal).
   * @throws ApiException `billing.invalid-signature` when the body or the header is missing, or
   *   the header is longer than the job takes (no Stripe signature is); `request.too-large` (the body
   *   parser's own answer) for a body longer than the job takes; nothing queued in all three.
   *   DomainError `billing.invalid-signature` from billing-service for a bad one
   */
  webhook(body: unknown, signature: string | undefined): Promise<StripeWebhookResponse> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw apiError('billing.invalid-signature');
    const payload = body.toString('utf8');
    if (payload.length > STRIPE_WEBHOOK_LIMITS.payloadChars) throw apiError('request.too-large');
    if (!signature || signature.length > STRIPE_WEBHOOK_LIMITS.signatureChars) {
      throw apiError('billing.invalid-signature');
    }
    return this.commands.request('billing.handle-stripe-webhook', { payload, signature });
  }
}
