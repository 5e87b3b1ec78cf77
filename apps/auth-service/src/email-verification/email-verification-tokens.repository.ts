import { Inject, Injectable } from '@nestjs/common';
import { IsNull, Raw, type DataSource, type EntityManager } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { replaceUnusedSecret } from '../one-use-secrets.js';
import { EmailVerificationTokenEntity } from './email-verification-token.entity.js';

/** All data access to `auth.email_verification_tokens`. Times are the database's `now()`. */
@Injectable()
export class EmailVerificationTokensRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * In one transaction: removes the user's unused tokens, stores a new one valid for `validHours`,
   * and runs `deliver` with its id, so a `deliver` that throws leaves nothing stored (and an earlier
   * unused link working).
   * @param tokenHash the new token's SHA-256, in hex
   * @throws what `deliver` throws, or the database's error; the transaction is then rolled back
   */
  replaceUnused(userId: string, tokenHash: string, validHours: number, deliver: (id: string) => Promise<void>): Promise<void> {
    return replaceUnusedSecret(this.dataSource, EmailVerificationTokenEntity, userId, { tokenHash }, { hours: validHours }, deliver);
  }

  /**
   * Uses up the live token with this hash (unused, unexpired) in one statement, so two uses cannot
   * both succeed, and runs `confirm` with its user in the same transaction.
   * @returns the token's user, or null when no live token has the hash (unknown, used or expired)
   * @throws what `confirm` throws, or the database's error; the token then stays unused
   */
  async redeem(tokenHash: string, confirm: (userId: string, manager: EntityManager) => Promise<void>): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const tokens = manager.getRepository(EmailVerificationTokenEntity);
      const token = await tokens.findOne({ select: { id: true, userId: true }, where: { tokenHash } });
      if (!token) return null;
      const used = await tokens.update(
        { id: token.id, usedAt: IsNull(), expiresAt: Raw((column) => `${column} > now()`) },
        { usedAt: () => 'now()' },
      );
      if (used.affected !== 1) return null;
      await confirm(token.userId, manager);
      return token.userId;
    });
  }
}
