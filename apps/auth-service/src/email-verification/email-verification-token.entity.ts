import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A link sent to confirm an account's e-mail address (`auth.email_verification_tokens`): the SHA-256
 * of its random token only, valid until `expiresAt` (24 hours), for one use (`usedAt` set then,
 * atomically). A newer link replaces an unused older one. Removed with its user.
 */
@Entity({ name: 'email_verification_tokens' })
@Index('UQ_email_verification_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('IDX_email_verification_tokens_user_id', ['userId'])
export class EmailVerificationTokenEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_email_verification_tokens_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_email_verification_tokens_user_id' })
  user?: UserEntity;

  /** SHA-256 of the token, in hex: the token has 256 random bits, so a fast hash is enough to keep it out of a copy of the database. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** When it confirmed the address; null while unused. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
