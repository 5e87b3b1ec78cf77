import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { SubscriptionPlan } from '@archlens/contracts/billing';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import type { PlanAndStatus } from '../credits/credit-arithmetic.js';
import type { AccountFields, SubscriptionFields } from './subscription-state.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** All data access to `billing.subscriptions`, the account: one row per user. */
@Injectable()
export class SubscriptionsRepository {
  private readonly subscriptions: Repository<SubscriptionEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.subscriptions = dataSource.getRepository(SubscriptionEntity);
  }

  /** @returns the user's status, plan and period end, or null when the user has no row */
  findAccountFields(userId: string): Promise<AccountFields | null> {
    return this.subscriptions.findOne({ select: { userId: true, status: true, plan: true, currentPeriodEnd: true }, where: { userId } });
  }

  /**
   * The user's plan and status, for the credit check before every reservation: read raw, without
   * building an entity, as this is on the reservation's hot path.
   * @returns them, or null when the user has no row
   */
  async findPlanAndStatus(userId: string): Promise<PlanAndStatus | null> {
    const row = await this.subscriptions
      .createQueryBuilder('subscription')
      .select('subscription.plan', 'plan')
      .addSelect('subscription.status', 'status')
      .where('subscription.userId = :userId', { userId })
      .getRawOne<PlanAndStatus>();
    return row ?? null;
  }

  /** @returns the user's stored plan inside the caller's transaction, or null */
  async findPlan(manager: EntityManager, userId: string): Promise<SubscriptionPlan | null> {
    const row = await manager.getRepository(SubscriptionEntity).findOne({ select: { userId: true, plan: true }, where: { userId } });
    return row?.plan ?? null;
  }

  /** @returns the user whose row names the Stripe customer, inside the caller's transaction, or null */
  async findUserIdByCustomer(manager: EntityManager, stripeCustomerId: string): Promise<string | null> {
    const row = await manager.getRepository(SubscriptionEntity).findOne({ select: { userId: true }, where: { stripeCustomerId } });
    return row?.userId ?? null;
  }

  /** @returns the user's Stripe customer id, or null when none is recorded */
  async findCustomerId(userId: string): Promise<string | null> {
    const row = await this.subscriptions.findOne({ select: { userId: true, stripeCustomerId: true }, where: { userId } });
    return row?.stripeCustomerId ?? null;
  }

  /**
   * Records the user's Stripe customer unless one is recorded: a new row has status `none` (no
   * subscription yet); an existing row keeps the customer it has (`ON CONFLICT … DO UPDATE … WHERE`
   * the stored one is null), so two first checkouts at once end with one customer.
   * @returns the customer id the row holds afterwards
   */
  async setCustomerUnlessSet(userId: string, stripeCustomerId: string): Promise<string> {
    const result = await this.subscriptions
      .createQueryBuilder('stored')
      .insert()
      .values({ userId, status: 'none', stripeCustomerId })
      .orUpdate(['stripe_customer_id'], ['user_id'], { overwriteCondition: { where: 'stored.stripeCustomerId IS NULL' } })
      .returning(['stripeCustomerId'])
      .updateEntity(false)
      .execute();
    if ((result.raw as unknown[]).length > 0) return stripeCustomerId;
    const stored = await this.findCustomerId(userId);
    if (!stored) throw new Error(`the Stripe customer of ${userId} was not recorded`);
    return stored;
  }

  /** Puts the user on the active unlimited plan (one upsert on the user id), leaving the Stripe fields as they are. */
  async upsertUnlimited(userId: string): Promise<void> {
    await this.subscriptions
      .createQueryBuilder()
      .insert()
      .values({ userId, plan: 'unlimited', status: 'active' })
      .orUpdate(['plan', 'status'], ['user_id'])
      .updateEntity(false)
      .execute();
  }

  /**
   * The user's account row inside the caller's transaction, locked (`SELECT … FOR UPDATE`) until it
   * ends: created first with status `none` when the user has none, so that every change of one
   * user's subscriptions waits for the one before, even the first.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<SubscriptionEntity> {
    const subscriptions = manager.getRepository(SubscriptionEntity);
    await subscriptions.createQueryBuilder().insert().values({ userId, status: 'none' }).orIgnore().updateEntity(false).execute();
    const row = await subscriptions.findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new Error(`the subscription row of ${userId} could not be created`);
    return row;
  }

  /** Writes the account's fields inside the caller's transaction, which holds its lock (`lockAccount`). */
  async writeAccount(manager: EntityManager, userId: string, fields: Partial<SubscriptionFields>): Promise<void> {
    await manager.getRepository(SubscriptionEntity).update({ userId }, fields);
  }
}
