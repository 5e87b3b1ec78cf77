import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Why a balance changed: a reservation, a reservation returned (released or expired), a paid
 * period's grant, or the period's unspent credits taken back when its payment was refunded in full
 * (`refund`) or disputed (`dispute`); or a generation that cost nothing: Retry free of a generation
 * whose render lost its sketch's geometry (`free_retry`, delta 0, reference the retried generation).
 */
export type CreditLedgerReason = 'reserve' | 'return' | 'period_grant' | 'refund' | 'dispute' | 'free_retry';

/**
 * One balance change (`billing.credit_ledger`): append-only (a trigger refuses UPDATE and
 * DELETE). `(reason, reference)` is unique, so applying the same change twice (a redelivered
 * `invoice.paid`, a release sent twice) inserts nothing the second time and leaves the balance alone.
 */
@Entity({ name: 'credit_ledger' })
@Unique('UQ_credit_ledger_reason_reference', ['reason', 'reference'])
@Index('IDX_credit_ledger_user_id_created_at', ['userId', 'createdAt'])
export class CreditLedgerEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_credit_ledger_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Credits added (positive) or taken (negative). */
  @Column({ type: 'integer' })
  delta!: number;

  @Column({ type: 'varchar', length: 32 })
  reason!: CreditLedgerReason;

  /**
   * What the change is for: the reservation id, the Stripe invoice (or checkout session) id of a
   * grant, the refunded charge (`ch_…`) or the dispute (`dp_…`) that ended a period, or the
   * generation retried free.
   */
  @Column({ type: 'varchar', length: 255 })
  reference!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
