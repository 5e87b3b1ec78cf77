import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { UNLIMITED_CREDITS, type BillingAccount, type SubscriptionPlan } from '@archlens/contracts/billing';
import { EventPublisher } from '@archlens/platform/events';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';

/** Subscription state taken from one Stripe event (fields left undefined keep their stored value). */
export interface SubscriptionState {
  status: string;
  plan?: SubscriptionPlan | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
}

interface AccountRow {
  status: string | null;
  plan: SubscriptionPlan | null;
  current_period_end: Date | null;
  balance: number | null;
}

/**
 * Users' subscriptions (issue 15; spec §3, §4, §6): the account as `GET /api/auth/user` shows it,
 * the VIP grant, and state changes from Stripe events applied in order of the event's `created`
 * (an older event never overwrites newer state).
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * The user's subscription (spec §3: status, plan, credits_remaining, currentPeriodEnd) and balance.
   * No subscription (never checked out, or only a customer created) → `subscription: null`. On the
   * active unlimited plan both credits are `UNLIMITED_CREDITS` (999,999, spec §9).
   */
  async account(userId: string, manager: EntityManager = this.dataSource.manager): Promise<BillingAccount> {
    const rows: AccountRow[] = await manager.query(
      `SELECT s.status, s.plan, s.current_period_end, b.balance
         FROM (SELECT $1::uuid AS user_id) AS u
         LEFT JOIN billing.subscriptions s ON s.user_id = u.user_id
         LEFT JOIN billing.credit_balances b ON b.user_id = u.user_id`,
      [userId],
    );
    const row = rows[0];
    const unlimited = row.plan === 'unlimited' && row.status === 'active';
    const balance = unlimited ? UNLIMITED_CREDITS : (row.balance ?? 0);
    const subscription =
      row.status === null || row.status === 'none'
        ? null
        : {
            status: row.status,
            plan: row.plan,
            credits_remaining: balance,
            currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
          };
    return { subscription, balance };
  }

  /**
   * VIP access (spec §6; issue 15 point 4): the user is put on the active unlimited plan, with no
   * Stripe involved. Idempotent. Publishes `subscription.changed`.
   */
  async grantUnlimited(userId: string): Promise<BillingAccount> {
    await this.dataSource.query(
      `INSERT INTO billing.subscriptions (user_id, plan, status) VALUES ($1, 'unlimited', 'active')
       ON CONFLICT (user_id) DO UPDATE SET plan = 'unlimited', status = 'active', updated_at = now()`,
      [userId],
    );
    await this.publishChanged(userId);
    return this.account(userId);
  }

  /**
   * Applies one Stripe event's state to the user's subscription, inside the caller's transaction,
   * unless a newer event (by Stripe's `created`, Unix seconds) was applied before (issue 15:
   * "an older event never overwrites newer state"); events of the same second both apply, in
   * arrival order.
   * @returns whether the state was applied
   */
  async applyState(manager: EntityManager, userId: string, state: SubscriptionState, eventCreated: number): Promise<boolean> {
    const keep = (value: unknown) => (value === undefined ? null : value);
    const rows: unknown[] = await manager.query(
      `INSERT INTO billing.subscriptions AS s
         (user_id, status, plan, stripe_customer_id, stripe_subscription_id, current_period_end, last_event_created)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET
         status = EXCLUDED.status,
         plan = CASE WHEN $8 THEN EXCLUDED.plan ELSE s.plan END,
         stripe_customer_id = COALESCE(EXCLUDED.stripe_customer_id, s.stripe_customer_id),
         stripe_subscription_id = COALESCE(EXCLUDED.stripe_subscription_id, s.stripe_subscription_id),
         current_period_end = COALESCE(EXCLUDED.current_period_end, s.current_period_end),
         last_event_created = EXCLUDED.last_event_created,
         updated_at = now()
       WHERE s.last_event_created IS NULL OR s.last_event_created <= EXCLUDED.last_event_created
       RETURNING user_id`,
      [
        userId,
        state.status,
        keep(state.plan),
        keep(state.stripeCustomerId),
        keep(state.stripeSubscriptionId),
        keep(state.currentPeriodEnd),
        eventCreated,
        state.plan !== undefined && state.plan !== null,
      ],
    );
    return rows.length > 0;
  }

  /** The user of a Stripe customer, or null when no subscription row names it. */
  async userOfCustomer(manager: EntityManager, customerId: string): Promise<string | null> {
    const rows: Array<{ user_id: string }> = await manager.query(
      `SELECT user_id FROM billing.subscriptions WHERE stripe_customer_id = $1`,
      [customerId],
    );
    return rows[0]?.user_id ?? null;
  }

  /** The stored plan of a user, or null. */
  async planOf(manager: EntityManager, userId: string): Promise<SubscriptionPlan | null> {
    const rows: Array<{ plan: SubscriptionPlan | null }> = await manager.query(
      `SELECT plan FROM billing.subscriptions WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.plan ?? null;
  }

  /**
   * Publishes `subscription.changed` with the user's current state (ARCHITECTURE.md: billing-service
   * emits it); a delivery failure is logged and does not undo the recorded change.
   */
  async publishChanged(userId: string): Promise<void> {
    const { subscription, balance } = await this.account(userId);
    await this.events.tryPublish('subscription.changed', {
      userId,
      status: subscription?.status ?? 'none',
      plan: subscription?.plan ?? null,
      creditsRemaining: balance,
      currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    });
  }
}
