import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * leads-service's projection of a user's subscription (`leads.account_subscriptions`), fed by
 * `subscription.changed`: the status of the newest event applied and when it happened. Read by the
 * conversion rate only; billing-service owns the subscription itself.
 */
@Entity({ name: 'account_subscriptions' })
export class AccountSubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Stripe's status ('active' means Pro, spec §4), or 'none' before any plan. */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  /** The applied event's `occurredAt`. */
  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;
}
