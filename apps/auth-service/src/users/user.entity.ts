import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** E-mail as stored: trimmed and lower-cased, so uniqueness is case-insensitive (the CHECK below). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A person with an ArchLens account (`auth.users`). The e-mail is stored trimmed and lower-cased,
 * which makes the unique index case-insensitive; a CHECK constraint keeps it so.
 */
@Entity({ name: 'users' })
@Check('CHK_users_email_normalised', `"email" = lower(btrim("email"))`)
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /** argon2id PHC string (algorithm, parameters, salt and hash). */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  /** The VIP account (spec §6): made by `ensureVipUser` only, never by sign-up. */
  @Column({ name: 'is_vip', type: 'boolean', default: false })
  isVip!: boolean;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
