import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserDataDeleted } from '@archlens/contracts/auth';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { CreditBalanceEntity } from '../credits/credit-balance.entity.js';
import { CreditLedgerEntryEntity } from '../credits/credit-ledger-entry.entity.js';
import { CreditReservationEntity } from '../credits/credit-reservation.entity.js';
import { StripeClient } from '../stripe/stripe-client.js';
import { StripeSubscriptionEntity } from '../subscriptions/stripe-subscription.entity.js';
import { isLiveStatus } from '../subscriptions/subscription-state.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { DeletedAccountEntity } from './deleted-account.entity.js';

/**
 * The user id a deleted account's credit ledger rows carry from then on: the nil UUID, which no
 * account is ever given (ids are random, version 4).
 *
 * Why a marker rather than NULL: `credit_ledger.user_id` is NOT NULL and typed as a user's id by
 * every reader, and the ledger is the audit trail of credits bought with invoices and payments, so
 * its rows are kept (amount, reason, the invoice or charge they name, time) while nothing in them
 * names the person. Replacing the id by a fixed marker keeps the column's constraint, its index and
 * its readers as they are; the append-only trigger allows exactly this one change
 * (migration `AccountDeletion1800100000000`).
 */
export const ANONYMOUS_LEDGER_USER = '00000000-0000-0000-0000-000000000000';

/** The key `deleted_accounts` knows a deleted user by: the SHA-256 of the id, hex. */
export function deletedAccountKey(userId: string): string {
  return createHash('sha256').update(userId).digest('hex');
}

/**
 * `billing.delete-customer`, account deletion's part in `billing`:
 * 1. each Stripe subscription of the user's still in force (`active`, `trialing`, `past_due`) is set
 *    to cancel at the end of its period (`cancel_at_period_end`; keyed
 *    `archlens-cancel-at-period-end-<id>`, so a repeat is the same request to Stripe): what was
 *    paid for runs out, nothing more is charged;
 * 2. then, in one transaction: the user is recorded in `deleted_accounts` (by hash), the account
 *    row, its Stripe subscriptions' rows, the balance and the reservations are removed, and the
 *    credit ledger rows are kept with `ANONYMOUS_LEDGER_USER` in place of the user's id.
 * Stripe goes first, so a failure there leaves everything for a repeat; a repeat after success
 * finds nothing to cancel or remove.
 */
@Injectable()
export class BillingAccountDeletionService {
  private readonly logger = new Logger('BillingAccountDeletion');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly stripe: StripeClient,
  ) {}

  /**
   * @returns how many rows were removed or anonymised
   * @throws DomainError `billing.not-configured` when a subscription is in force but no Stripe key
   *   is set; Stripe's or the database's error (nothing of the transaction is kept; run it again)
   */
  async deleteCustomer(userId: string): Promise<UserDataDeleted> {
    const subscriptions = await this.dataSource.getRepository(StripeSubscriptionEntity).findBy({ userId });
    for (const subscription of subscriptions.filter((s) => isLiveStatus(s.status))) {
      await this.stripe
        .client()
        .subscriptions.update(
          subscription.id,
          { cancel_at_period_end: true },
          { idempotencyKey: `archlens-cancel-at-period-end-${subscription.id}` },
        );
      this.logger.log(`billing.delete-customer: subscription ${subscription.id} cancels at the end of its period`);
    }
    const removed = await this.dataSource.transaction((manager) => this.removeRows(manager, userId));
    this.logger.log(`billing.delete-customer: user ${userId}: ${removed} billing rows removed or anonymised`);
    return { removed };
  }

  /** The rows of step 2, inside the caller's transaction. */
  private async removeRows(manager: EntityManager, userId: string): Promise<number> {
    await manager
      .getRepository(DeletedAccountEntity)
      .createQueryBuilder()
      .insert()
      .values({ userIdSha256: deletedAccountKey(userId) })
      .orIgnore()
      .execute();
    let removed = 0;
    for (const entity of [CreditReservationEntity, CreditBalanceEntity, StripeSubscriptionEntity, SubscriptionEntity]) {
      removed += (await manager.getRepository(entity).delete({ userId })).affected ?? 0;
    }
    const ledger = await manager.getRepository(CreditLedgerEntryEntity).update({ userId }, { userId: ANONYMOUS_LEDGER_USER });
    return removed + (ledger.affected ?? 0);
  }

  /** Whether the user's account was deleted (Stripe events about them are then recorded and ignored). */
  async isDeleted(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.getRepository(DeletedAccountEntity).existsBy({ userIdSha256: deletedAccountKey(userId) });
  }
}
