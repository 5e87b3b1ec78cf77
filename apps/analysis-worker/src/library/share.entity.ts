import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { LibraryItemType } from '@archlens/contracts/library';

/**
 * One share link (`analysis.shares`): an item shown to anyone holding the token, until it expires or
 * its owner revokes it. Only the token's SHA-256 is kept (`token_hash`, unique), so a copy of the
 * table opens nothing.
 */
@Entity({ name: 'shares' })
@Index('UQ_shares_token_hash', ['tokenHash'], { unique: true })
@Index('IDX_shares_user_id_created_at', ['userId', 'createdAt'])
export class ShareEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_shares_id' })
  id!: string;

  /** SHA-256 of the token, hex. */
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'item_type', type: 'varchar', length: 16 })
  type!: LibraryItemType;

  @Column({ name: 'item_id', type: 'uuid' })
  itemId!: string;

  /** The item's title when shared, for the owner's list of links. */
  @Column({ type: 'text' })
  title!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
