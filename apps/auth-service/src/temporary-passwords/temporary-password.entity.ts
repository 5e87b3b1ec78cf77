import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A temporary password issued through "forgot password" (`auth.temporary_passwords`): its argon2id
 * hash only, valid until `expiresAt` (60 minutes), for one sign-in (`usedAt` set then, atomically).
 * Removed with its user.
 */
@Entity({ name: 'temporary_passwords' })
@Index('IDX_temporary_passwords_user_id', ['userId'])
export class TemporaryPasswordEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_temporary_passwords_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_temporary_passwords_user_id' })
  user?: UserEntity;

  /** argon2id PHC string of the temporary password (the password itself is never stored). */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** When it signed the user in; null while unused. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
