import { Inject, Injectable } from '@nestjs/common';
import { IsNull, MoreThan, type DataSource, type Repository } from 'typeorm';
import type { LibraryItemType } from '@archlens/contracts/library';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { ShareEntity } from './share.entity.js';

/** All data access to `analysis.shares`. A link is live while not revoked and not past `expires_at`. */
@Injectable()
export class SharesRepository {
  private readonly shares: Repository<ShareEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.shares = dataSource.getRepository(ShareEntity);
  }

  create(share: Pick<ShareEntity, 'tokenHash' | 'userId' | 'type' | 'itemId' | 'title' | 'expiresAt'>): Promise<ShareEntity> {
    return this.shares.save(this.shares.create({ ...share, revokedAt: null }));
  }

  /** The user's live links, newest first. */
  listLive(userId: string): Promise<ShareEntity[]> {
    return this.shares.find({ where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) }, order: { createdAt: 'DESC' } });
  }

  /** The live link of a token's hash, or null (unknown, revoked or expired). */
  findLive(tokenHash: string): Promise<ShareEntity | null> {
    return this.shares.findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** Revokes the user's live link named by its token's hash or its id. @returns false when the user has no such live link */
  async revoke(userId: string, by: { tokenHash: string } | { id: string }): Promise<boolean> {
    const result = await this.shares.update({ ...by, userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Removes every link to an item (its owner deleted it). */
  async removeForItem(userId: string, type: LibraryItemType, itemId: string): Promise<void> {
    await this.shares.delete({ userId, type, itemId });
  }
}
