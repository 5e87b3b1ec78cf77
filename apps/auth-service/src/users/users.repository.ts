import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError, type DataSource, type Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { UserEntity } from './user.entity.js';

/** A new account's stored fields; the id and times are the database's. */
export type NewUser = Pick<UserEntity, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'profileImageUrl' | 'isVip'>;

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
}
