import { Injectable } from '@nestjs/common';
import type { JobData, JobResult } from '@archlens/contracts/queues';
import type { ShareSummary } from '@archlens/contracts/library';
import { DomainError } from '@archlens/platform/messaging';
import type { ShareEntity } from './share.entity.js';
import { SharesRepository } from './shares.repository.js';

function summaryOf(share: ShareEntity): ShareSummary {
  return {
    id: share.id,
    type: share.type,
    itemId: share.itemId,
    title: share.title,
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt.toISOString(),
  };
}

/**
 * Share links: recorded by the token's hash (the gateway makes the token and never sends it), listed
 * while live, revoked by their owner, opened by anyone holding a live token. A link that is unknown,
 * revoked or expired answers `share.not-found`, the same for each.
 */
@Injectable()
export class SharesService {
  constructor(private readonly shares: SharesRepository) {}

  /** `library.create-share`. */
  async create(job: JobData<'library.create-share'>): Promise<ShareSummary> {
    const { userId, type, itemId, title, tokenHash } = job;
    return summaryOf(await this.shares.create({ userId, type, itemId, title, tokenHash, expiresAt: new Date(job.expiresAt) }));
  }

  /** `library.list-shares`: the user's live links, newest first. */
  async list(userId: string): Promise<ShareSummary[]> {
    return (await this.shares.listLive(userId)).map(summaryOf);
  }

  /** `library.revoke-share`. @throws DomainError `share.not-found` for a link that is not the user's or no longer live */
  async revoke(job: JobData<'library.revoke-share'>): Promise<{ deleted: true }> {
    const by = job.tokenHash ? { tokenHash: job.tokenHash } : job.shareId ? { id: job.shareId } : null;
    if (!by || !(await this.shares.revoke(job.userId, by))) throw new DomainError('share.not-found');
    return { deleted: true };
  }

  /** `library.open-share`: the live link's item and owner. @throws DomainError `share.not-found` */
  async open(tokenHash: string): Promise<JobResult<'library.open-share'>> {
    const share = await this.shares.findLive(tokenHash);
    if (!share) throw new DomainError('share.not-found');
    return { userId: share.userId, type: share.type, itemId: share.itemId, expiresAt: share.expiresAt.toISOString() };
  }
}
