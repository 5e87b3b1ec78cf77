import { Module, type DynamicModule } from '@nestjs/common';
import { workerServiceModule } from '@archlens/platform/worker-host';
import { BillingAccountDeletionService } from './accounts/billing-account-deletion.service.js';
import { BillingHandlers } from './billing.handlers.js';
import { BILLING_CONFIG, type BillingConfig } from './config.js';
import { CreditBalancesRepository } from './credits/credit-balances.repository.js';
import { CreditLedgerRepository } from './credits/credit-ledger.repository.js';
import { CreditLedgerService } from './credits/credit-ledger.service.js';
import { CreditReservationsRepository } from './credits/credit-reservations.repository.js';
import { BILLING_ENTITIES, BILLING_MIGRATIONS, BILLING_SCHEMA } from './database/billing-data-source.js';
import { CheckoutService } from './stripe/checkout.service.js';
import { StripeClient } from './stripe/stripe-client.js';
import { StripeSubscriptionsRepository } from './subscriptions/stripe-subscriptions.repository.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { StripeEventsRepository } from './webhooks/stripe-events.repository.js';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service.js';

/**
 * billing-service: owns the `billing` schema (subscriptions and each Stripe subscription's state,
 * credit ledger and balances, reservations, processed Stripe events) and answers the `billing` queue.
 */
@Module({})
export class BillingServiceModule {
  /** The service for one configuration, on the shared worker host. */
  static forRoot(config: BillingConfig): DynamicModule {
    return workerServiceModule(BillingServiceModule, {
      name: 'billing-service',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: BILLING_SCHEMA, entities: BILLING_ENTITIES, migrations: BILLING_MIGRATIONS },
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        StripeClient,
        SubscriptionsRepository,
        StripeSubscriptionsRepository,
        CreditBalancesRepository,
        CreditLedgerRepository,
        CreditReservationsRepository,
        StripeEventsRepository,
        CreditLedgerService,
        SubscriptionsService,
        CheckoutService,
        StripeWebhooksService,
        BillingAccountDeletionService,
      ],
      handlers: [BillingHandlers],
    });
  }
}
