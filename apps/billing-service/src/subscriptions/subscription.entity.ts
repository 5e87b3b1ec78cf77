import { Check, Column, Entity, PrimaryColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { SubscriptionPlan } from '@archlens/contracts/billing';

/**
 * One user's account as shown (`billing.subscriptions`; spec §3's subscription fields): one row per
 * user (the user id is the key), created at the first checkout (status `none`, the Stripe customer
 * reused from then on), by a Stripe webhook or by the VIP grant. `stripe_subscription_id` names the
 * user's current Stripe subscription, whose status, plan and period end the row carries; each Stripe
 * subscription's own state is a `stripe_subscriptions` row (`StripeSubscriptionEntity`).
 */
@Entity({ name: 'subscriptions' })
@Unique('UQ_subscriptions_stripe_customer_id', ['stripeCustomerId'])
@Unique('UQ_subscriptions_stripe_subscription_id', ['stripeSubscriptionId'])
@Check('CHK_subscriptions_plan', `"plan" IN ('monthly', 'yearly', 'unlimited')`)
export class SubscriptionEntity {
  /** A user id of the `auth` schema (no foreign key across schemas). */
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_subscriptions_user_id' })
  userId!: string;

  /** monthly | yearly | unlimited (VIP), or null before any plan. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  plan!: SubscriptionPlan | null;

  /** Stripe's subscription status (`active`, `past_due`, `canceled`, …), or `none` before any subscription. */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  /** The user's current Stripe subscription (`StripeSubscriptionEntity`), or null before any. */
  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
