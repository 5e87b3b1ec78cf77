import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PaidPlanType } from '@archlens/contracts/plans';

/** Why a subscription's Pro ended before Stripe ended it: its payment was refunded in full, or disputed. */
export type SubscriptionEndReason = 'refund' | 'dispute';

/**
 * One Stripe subscription as billing-service last knew it (`billing.stripe_subscriptions`), keyed by
 * Stripe's subscription id: its user, status, plan and period end, taken from its own events in
 * order of their `created` (`last_event_created`, Unix seconds). Each subscription keeps its own
 * state, so events of one never overwrite another's; the user's account (`subscriptions`) follows
 * only its current subscription. `ended_by` is set when a full refund or a dispute ended its Pro:
 * from then on its events change nothing.
 */
@Entity({ name: 'stripe_subscriptions' })
@Index('IDX_stripe_subscriptions_user_id', ['userId'])
@Check('CHK_stripe_subscriptions_plan', `"plan" IN ('monthly', 'yearly')`)
@Check('CHK_stripe_subscriptions_ended_by', `"ended_by" IN ('refund', 'dispute')`)
export class StripeSubscriptionEntity {
  /** Stripe's subscription id (`sub_…`). */
  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_stripe_subscriptions_id' })
  id!: string;

  /** A user id of the `auth` schema (no foreign key across schemas). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Stripe's status (`active`, `past_due`, `canceled`, …); `incomplete` until an event says more. */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  /** monthly | yearly, or null while no event has named it. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  plan!: PaidPlanType | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  /** `created` of the newest event of this subscription applied, Unix seconds (pg bigint, read as a string). */
  @Column({ name: 'last_event_created', type: 'bigint', nullable: true })
  lastEventCreated!: string | null;

  /** Set when a full refund or a dispute of one of its payments ended its Pro; null otherwise. */
  @Column({ name: 'ended_by', type: 'varchar', length: 16, nullable: true })
  endedBy!: SubscriptionEndReason | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
