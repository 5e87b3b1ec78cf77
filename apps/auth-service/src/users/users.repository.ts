import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { UserEntity } from './user.entity.js';

/** A new account's stored fields; the id and times are the database's. */
export type NewUser = Pick<UserEntity, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'profileImageUrl' | 'isVip' | 'emailVerified'>;

/** PostgreSQL's error code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/** All data access to `auth.users`. E-mails are passed as stored: `normaliseEmail`ed. */
@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /** @returns the account, or null when there is none */
  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** @returns the account with the e-mail, or null when there is none */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** @throws EntityNotFoundError when no account has the e-mail */
  getByEmail(email: string): Promise<UserEntity> {
    return this.users.findOneByOrFail({ email });
  }

  /**
   * After a sign-in with a temporary password: its hash becomes the account's (the old password
   * stops working at once), a new password is required, the address counts as confirmed (the
   * temporary password was received there) and the session version is raised.
   * @param temporaryPasswordHash the redeemed temporary password's argon2id PHC string
   * @returns the account as updated, or null when it no longer exists
   */
  async replaceWithTemporaryPassword(userId: string, temporaryPasswordHash: string): Promise<UserEntity | null> {
    await this.users.update(
      { id: userId },
      {
        passwordHash: temporaryPasswordHash,
        passwordChangeRequired: true,
        emailVerified: true,
        sessionVersion: () => 'session_version + 1',
      },
    );
    return this.findById(userId);
  }

  /**
   * Sets a new password, clears `passwordChangeRequired` and raises the session version, only while
   * the account still has `expectedHash`: of two changes at once, one wins.
   * @returns the account as updated, or null when its password changed meanwhile (or it is gone)
   */
  async changePassword(userId: string, expectedHash: string, newHash: string): Promise<UserEntity | null> {
    const result = await this.users.update(
      { id: userId, passwordHash: expectedHash },
      { passwordHash: newHash, passwordChangeRequired: false, sessionVersion: () => 'session_version + 1' },
    );
    return result.affected === 1 ? this.findById(userId) : null;
  }

  /**
   * Records the VIP credentials' fingerprint on the VIP account; `rotated` also raises its session
   * version, ending the VIP sessions made with the credentials before.
   * @returns the account as updated
   */
  async recordVipCredential(userId: string, fingerprint: string, rotated: boolean): Promise<UserEntity> {
    await this.users.update(
      { id: userId },
      rotated
        ? { vipCredentialFingerprint: fingerprint, sessionVersion: () => 'session_version + 1' }
        : { vipCredentialFingerprint: fingerprint },
    );
    return this.users.findOneByOrFail({ id: userId });
  }

  /** Marks the address confirmed, in the caller's transaction (`manager`). */
  async markEmailVerified(userId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(UserEntity).update({ id: userId }, { emailVerified: true });
  }

  /**
   * Stores a new account.
   * @returns the account as stored, or null when an account has the e-mail already (the unique
   *   `email`, case-insensitive since e-mails are stored lower-cased)
   * @throws the database's other errors
   */
  async insertUnlessEmailTaken(user: NewUser): Promise<UserEntity | null> {
    try {
      return await this.users.save(this.users.create(user));
    } catch (error) {
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  /**
   * Removes the account; its temporary passwords, e-mail verification tokens and style profile go
   * with it (their foreign keys cascade).
   * @returns 1, or 0 when it was gone already
   */
  async deleteById(userId: string): Promise<number> {
    const result = await this.users.delete({ id: userId });
    return result.affected ?? 0;
  }
}
