import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '@archlens/platform/messaging';
import { BILLING_CONFIG, type BillingConfig } from '../config.js';

/**
 * The Stripe SDK for billing-service: one client for `STRIPE_SECRET_KEY`, pointed at
 * `STRIPE_API_BASE` when set (a loopback stand-in in tests), no network retries inside a command
 * (the caller retries). With no key, payments are off and this says so once at start; keys are
 * never logged.
 */
@Injectable()
export class StripeClient {
  private readonly stripe: Stripe | null;
  private readonly logger = new Logger('StripeClient');

  constructor(@Inject(BILLING_CONFIG) private readonly config: BillingConfig) {
    this.stripe = config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY, StripeClient.options(config.STRIPE_API_BASE)) : null;
    if (!this.stripe) this.logger.warn('STRIPE_SECRET_KEY is not set: checkout and portal answer 503 "Payments are not configured".');
    if (!config.STRIPE_WEBHOOK_SECRET) this.logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused.');
  }

  /** SDK options for an API origin (`http://127.0.0.1:12111`), or Stripe's own when unset. */
  static options(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
    const base = { maxNetworkRetries: 0, telemetry: false, timeout: 20_000 };
    if (!apiBase) return base;
    const url = new URL(apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
  }

  /**
   * The SDK client.
   * @throws DomainError `billing.not-configured` when `STRIPE_SECRET_KEY` is unset
   */
  client(): Stripe {
    if (!this.stripe) throw new DomainError('billing.not-configured');
    return this.stripe;
  }

  /**
   * Verifies a webhook delivery with `stripe.webhooks.constructEvent` over the exact payload.
   * @returns the verified event
   * @throws DomainError `billing.not-configured` without `STRIPE_WEBHOOK_SECRET`;
   *   `billing.invalid-signature` for a missing, forged, tampered or too old signature
   */
  verifyEvent(payload: string, signature: string): Stripe.Event {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new DomainError('billing.not-configured');
    try {
      return (this.stripe?.webhooks ?? Stripe.webhooks).constructEvent(payload, signature, secret);
    } catch (error) {
      throw new DomainError('billing.invalid-signature', { cause: error });
    }
  }
}
