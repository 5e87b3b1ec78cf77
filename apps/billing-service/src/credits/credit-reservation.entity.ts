import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { ReservationStatus } from '@archlens/contracts/billing';

/**
 * Credits held before a paid provider call (`billing.credit_reservations`): taken from the balance
 * when reserved, kept when captured, given back once when released or expired.
 * `(user_id, reference)` is unique: the caller's reference is its idempotency key. `amount` is 0
 * on the unlimited plan (no credit check).
 */
@Entity({ name: 'credit_reservations' })
@Unique('UQ_credit_reservations_user_id_reference', ['userId', 'reference'])
@Check('CHK_credit_reservations_amount', `"amount" >= 0`)
@Check('CHK_credit_reservations_status', `"status" IN ('reserved', 'captured', 'released', 'expired')`)
@Index('IDX_credit_reservations_status_expires_at', ['status', 'expiresAt'])
export class CreditReservationEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_credit_reservations_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  reference!: string;

  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: ReservationStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
