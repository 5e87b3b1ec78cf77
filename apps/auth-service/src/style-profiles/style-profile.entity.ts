import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/**
 * A user's style description (`auth.style_profiles`; spec §3 style profile, §5): at most 500
 * characters, one row per user, removed with its user.
 */
@Entity({ name: 'style_profiles' })
export class StyleProfileEntity {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'PK_style_profiles_user_id' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_style_profiles_user_id' })
  user?: UserEntity;

  /** Trimmed, not blank, at most 500 characters (`saveStyleProfileCommandSchema`). */
  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
