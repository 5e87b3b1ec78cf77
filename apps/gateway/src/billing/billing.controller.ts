import { Body, Controller, Headers, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  createCheckoutSessionRequestSchema,
  type CreateCheckoutSessionRequest,
  type SessionUrlResponse,
  type StripeWebhookResponse,
} from '@archlens/contracts/billing';
import { Route } from '../access/route.decorator.js';
import { clientAddress } from '../http/client-address.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { BillingService } from './billing.service.js';

/** Spec §7: checkout and portal (signed-in only) and Stripe's webhook (public, signed). */
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  /**
   * `POST /api/create-checkout-session` `{planType: 'monthly' | 'yearly'}` → 200 `{url}` (Stripe
   * Checkout; the browser goes there). 400 for another plan; 401 signed out; 409
   * `billing.vip-plan` for the VIP account (nothing to buy on the unlimited plan) and
   * `billing.subscription-exists` while a Pro plan is in force; 503 'Payments are not configured'
   * with no Stripe key; 502 when Stripe fails.
   */
  @Route('createCheckoutSession')
  checkout(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(createCheckoutSessionRequestSchema)) body: CreateCheckoutSessionRequest,
  ): Promise<SessionUrlResponse> {
    return this.billing.checkout(userId, body.planType);
  }

  /**
   * `POST /api/create-portal-session` `{}` → 200 `{url}` (the Stripe billing portal, returning to
   * /account). 401 signed out; 409 `billing.vip-plan` for the VIP account (no Stripe subscription
   * to manage); 404 before any checkout; 503 'Payments are not configured'; 502.
   */
  @Route('createPortalSession')
  portal(@CurrentUserId() userId: string): Promise<SessionUrlResponse> {
    return this.billing.portal(userId);
  }

  /**
   * `POST /api/webhooks/stripe` (raw body, `stripe-signature` header) → 200 `{received: true}` once
   * applied (or recognised as a repeat). The signature is checked here, before anything is queued:
   * 400 'Invalid signature' and nothing queued for a missing, forged, tampered or stale signature
   * (older than `STRIPE_WEBHOOK_TOLERANCE_SECONDS`), or one longer than any Stripe sends; 413
   * 'Request body too large.' for a body longer than the webhook job takes; 429 with `Retry-After`
   * past `RATE_LIMIT_STRIPE_WEBHOOK_PER_IP` deliveries a minute from one address; 503 'Payments are
   * not configured' without `STRIPE_WEBHOOK_SECRET`. Public: Stripe sends no session and no
   * `Origin`, so the Origin check lets it through; the signature is the authentication.
   */
  @Route('stripeWebhook')
  webhook(
    @Body() body: unknown,
    @Headers('stripe-signature') signature: string | undefined,
    @Req() request: Request,
  ): Promise<StripeWebhookResponse> {
    return this.billing.webhook(body, signature, clientAddress(request));
  }
}
