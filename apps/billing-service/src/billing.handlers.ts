import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers, ScheduledJob } from '@archlens/platform/worker-host';
import { BillingAccountDeletionService } from './accounts/billing-account-deletion.service.js';
import { BILLING_CONFIG, type BillingConfig } from './config.js';
import { CreditLedgerService } from './credits/credit-ledger.service.js';
import { CheckoutService } from './stripe/checkout.service.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service.js';

/** The `billing` queue: checkout, portal, webhooks, credit reservations, accounts, the expiry sweep. */
@Injectable()
export class BillingHandlers implements QueueHandlers<typeof QUEUES.billing> {
  readonly queue = QUEUES.billing;

  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhooks: StripeWebhooksService,
    private readonly ledger: CreditLedgerService,
    private readonly subscriptions: SubscriptionsService,
    private readonly deletion: BillingAccountDeletionService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  /**
   * Each `billing.*` job to its service: checkout and portal → `CheckoutService`, webhooks →
   * `StripeWebhooksService`, reserve, capture, release, a free retry's record and the expiry sweep →
   * `CreditLedgerService`, the account and the VIP grant → `SubscriptionsService`, account deletion →
   * `BillingAccountDeletionService`. Refusals are
   * their `DomainError`s (codes `billing.*` and `credits.*`), answered to the caller.
   */
  handlers(): JobHandlers<typeof QUEUES.billing> {
    return {
      'billing.create-checkout-session': ({ userId, planType }) => this.checkout.createCheckoutSession(userId, planType),
      'billing.create-portal-session': ({ userId }) => this.checkout.createPortalSession(userId),
      'billing.handle-stripe-webhook': ({ payload, signature }) => this.webhooks.handle(payload, signature),
      'billing.reserve-credits': (job) => this.ledger.reserve(job),
      'billing.capture-credits': ({ reservationId }) => this.ledger.capture(reservationId),
      'billing.release-credits': ({ reservationId }) => this.ledger.release(reservationId),
      'billing.record-free-retry': ({ userId, reference }) => this.ledger.recordFreeRetry(userId, reference),
      'billing.expire-reservations': async () => ({ expired: await this.ledger.expireDue() }),
      'billing.get-account': ({ userId }) => this.subscriptions.account(userId),
      'billing.grant-unlimited': ({ userId }) => this.subscriptions.grantUnlimited(userId),
      'billing.delete-customer': ({ userId }) => this.deletion.deleteCustomer(userId),
    };
  }

  /** Expired reservations come back every `BILLING_EXPIRY_SWEEP_MS` (1 minute by default). */
  schedules(): Array<ScheduledJob<typeof QUEUES.billing>> {
    return [{ name: 'billing.expire-reservations', everyMs: this.config.BILLING_EXPIRY_SWEEP_MS, data: {} }];
  }
}
