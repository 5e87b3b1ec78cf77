import { Inject, Injectable } from '@nestjs/common';
import { IsNull, Raw, type DataSource, type Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { replaceUnusedSecret } from '../one-use-secrets.js';
import { TemporaryPasswordEntity } from './temporary-password.entity.js';

/** A temporary password that can still sign its user in. */
export type OutstandingTemporaryPassword = Pick<TemporaryPasswordEntity, 'id' | 'passwordHash'>;

/** Unexpired by the database's clock, the one `expires_at` was set by. */
const unexpired = () => Raw((column) => `${column} > now()`);

/** All data access to `auth.temporary_passwords`. Times are the database's `now()`. */
@Injectable()
export class TemporaryPasswordsRepository {
  private readonly passwords: Repository<TemporaryPasswordEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {
    this.passwords = dataSource.getRepository(TemporaryPasswordEntity);
  }

  /**
   * In one transaction: removes the user's unused temporary passwords, stores a new one valid for
   * `validMinutes`, and runs `deliver` with its id, so a `deliver` that throws leaves nothing stored
   * (and an earlier unused one in place).
   * @param passwordHash the new password's argon2id PHC string
   * @throws what `deliver` throws, or the database's error; the transaction is then rolled back
   */
  replaceUnused(userId: string, passwordHash: string, validMinutes: number, deliver: (id: string) => Promise<void>): Promise<void> {
    return replaceUnusedSecret(this.dataSource, TemporaryPasswordEntity, userId, { passwordHash }, { minutes: validMinutes }, deliver);
  }

  /** @returns the user's newest temporary password that is unused and unexpired, or null */
  findOutstanding(userId: string): Promise<OutstandingTemporaryPassword | null> {
    return this.passwords.findOne({
      select: { id: true, passwordHash: true },
      where: { userId, usedAt: IsNull(), expiresAt: unexpired() },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * Marks the temporary password used, in one statement that also requires it still unused and
   * unexpired, so two sign-ins with it cannot both succeed.
   * @returns true when this call used it up
   */
  async markUsed(id: string): Promise<boolean> {
    const result = await this.passwords.update({ id, usedAt: IsNull(), expiresAt: unexpired() }, { usedAt: () => 'now()' });
    return result.affected === 1;
  }
}
