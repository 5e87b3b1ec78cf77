import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Stripe event already applied (`billing.stripe_events`): its id is the key, inserted in
 * the same transaction as the event's effects, so a redelivery (even 10 at once) changes nothing.
 */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  /** Stripe's event id (`evt_…`). */
  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_stripe_events_id' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  /** The event's `created`, Unix seconds. */
  @Column({ type: 'bigint' })
  created!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
