import { BadRequestException, Injectable } from '@nestjs/common';
import { BILLING_MESSAGES, type SessionUrlResponse, type StripeWebhookResponse } from '@archlens/contracts/billing';
import type { PaidPlanType } from '@archlens/contracts/plans';
import { CommandClient } from '@archlens/platform/messaging';

/**
 * The gateway's side of billing (issue 15): checkout and portal for the signed-in user, and Stripe
 * webhooks passed on to billing-service, which verifies and applies them.
 */
@Injectable()
export class BillingService {
  constructor(private readonly commands: CommandClient) {}

  /**
   * @returns `{url}` of a Stripe Checkout page for the plan
   * @throws DomainError 503 'Payments are not configured' (no key), 502 when Stripe fails; the queue's errors
   */
  checkout(userId: string, planType: PaidPlanType): Promise<SessionUrlResponse> {
    return this.commands.request('billing.create-checkout-session', { userId, planType });
  }

  /**
   * @returns `{url}` of the user's Stripe billing portal
   * @throws DomainError 503 'Payments are not configured', 404 with no customer yet, 502; the queue's errors
   */
  portal(userId: string): Promise<SessionUrlResponse> {
    return this.commands.request('billing.create-portal-session', { userId });
  }

  /**
   * Passes one webhook delivery on: the exact body as text and the `stripe-signature` header.
   * @throws BadRequestException 400 'Invalid signature' when the body or the header is missing
   *   (nothing queued); DomainError 400 'Invalid signature' from billing-service for a bad one
   */
  webhook(body: unknown, signature: string | undefined): Promise<StripeWebhookResponse> {
    if (!Buffer.isBuffer(body) || body.length === 0 || !signature) throw new BadRequestException(BILLING_MESSAGES.invalidSignature);
    return this.commands.request('billing.handle-stripe-webhook', { payload: body.toString('utf8'), signature });
  }
}
