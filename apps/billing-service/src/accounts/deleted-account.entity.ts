import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A deleted account (`billing.deleted_accounts`), known only by the SHA-256 of its user id (hex), so
 * that Stripe events naming the user after the deletion are recorded and ignored without the table
 * holding the id itself.
 */
@Entity({ name: 'deleted_accounts' })
export class DeletedAccountEntity {
  @PrimaryColumn({ name: 'user_id_sha256', type: 'char', length: 64, primaryKeyConstraintName: 'PK_deleted_accounts_user_id_sha256' })
  userIdSha256!: string;

  @CreateDateColumn({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt!: Date;
}
