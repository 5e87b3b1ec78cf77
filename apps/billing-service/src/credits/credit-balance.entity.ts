import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's credit balance in credits (`billing.credit_balances`): changed only inside a
 * transaction that locks this row (`SELECT … FOR UPDATE`) and appends to the ledger; the CHECK
 * makes a negative balance impossible even for a bug.
 */
@Entity({ name: 'credit_balances' })
@Check('CHK_credit_balances_balance', `"balance" >= 0`)
export class CreditBalanceEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_credit_balances_user_id' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  balance!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
