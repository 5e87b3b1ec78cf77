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

  /** The address has been confirmed (the verification link, or a temporary password it received); the VIP account counts as confirmed. */
  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  /** Signed in with a temporary password and no new password set yet: the password hash is the temporary one's until then. */
  @Column({ name: 'password_change_required', type: 'boolean', default: false })
  passwordChangeRequired!: boolean;

  /** Raised by a password change, a temporary-password sign-in and a VIP credential rotation; sessions of an older version end. */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  /** The VIP account only: the fingerprint of the VIP credentials it last signed in with (`vipCredentialFingerprint` in the gateway). */
  @Column({ name: 'vip_credential_fingerprint', type: 'varchar', length: 64, nullable: true })
  vipCredentialFingerprint!: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
