import { createServiceDataSource } from '@archlens/platform/database';
import { DeletedAccountEntity } from '../accounts/deleted-account.entity.js';
import { CreditBalanceEntity } from '../credits/credit-balance.entity.js';
import { CreditLedgerEntryEntity } from '../credits/credit-ledger-entry.entity.js';
import { CreditReservationEntity } from '../credits/credit-reservation.entity.js';
import { StripeSubscriptionEntity } from '../subscriptions/stripe-subscription.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { StripeEventEntity } from '../webhooks/stripe-event.entity.js';
import { CreateBilling1764633600000 } from './migrations/1764633600000-create-billing.js';
import { StripeSubscriptions1798000000000 } from './migrations/1798000000000-stripe-subscriptions.js';
import { AccountDeletion1800100000000 } from './migrations/1800100000000-account-deletion.js';

/** The schema billing-service owns; no other service reads it. */
export const BILLING_SCHEMA = 'billing';
/** billing-service's entities. */
export const BILLING_ENTITIES = [
  SubscriptionEntity,
  CreditBalanceEntity,
  CreditLedgerEntryEntity,
  CreditReservationEntity,
  StripeEventEntity,
  StripeSubscriptionEntity,
  DeletedAccountEntity,
];
/** billing-service's reviewed migrations, in order. */
export const BILLING_MIGRATIONS = [CreateBilling1764633600000, StripeSubscriptions1798000000000, AccountDeletion1800100000000];

/** billing-service's TypeORM data source (for tools and tests; the service builds its own through the worker host). */
export function createBillingDataSource(databaseUrl: string) {
  return createServiceDataSource({ url: databaseUrl, schema: BILLING_SCHEMA, entities: BILLING_ENTITIES, migrations: BILLING_MIGRATIONS });
}
