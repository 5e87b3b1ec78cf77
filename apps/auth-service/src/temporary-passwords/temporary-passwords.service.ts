import { Inject, Injectable, Logger } from '@nestjs/common';
import argon2 from 'argon2';
import { DataSource, type Repository } from 'typeorm';
import {
  TEMPORARY_PASSWORD_VALID_MINUTES,
  type IssueTemporaryPasswordCommand,
  type IssueTemporaryPasswordResult,
} from '@archlens/contracts/auth';
import { temporaryPasswordSealContext } from '@archlens/contracts/email';
import { CommandClient } from '@archlens/platform/messaging';
import { sealSecret } from '@archlens/platform/sealing';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { ARGON2_OPTIONS, decoyHash, verifyPassword } from '../users/password-hashing.js';
import { normaliseEmail, UserEntity } from '../users/user.entity.js';
import { generateTemporaryPassword } from './temporary-password-generator.js';

/**
 * Forgot password (spec §2, §3, issue 12): issues temporary passwords and redeems them at sign-in.
 *
 * A temporary password is random (`generateTemporaryPassword`), stored only as its argon2id hash,
 * valid for `TEMPORARY_PASSWORD_VALID_MINUTES` and for one sign-in, and e-mailed sealed to the
 * email-worker's key. A new one replaces any earlier unused one of the same user, so sign-in checks
 * at most one. The account's own password is left as it is.
 */
@Injectable()
export class TemporaryPasswordsService {
  private readonly logger = new Logger('TemporaryPasswordsService');
  private readonly users: Repository<UserEntity>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly commands: CommandClient,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  /**
   * Issues a temporary password for the account of `email` and queues its e-mail (`email.send`,
   * template `temporary-password`). For an unknown e-mail the same argon2 work is done on a
   * throwaway and nothing is sent. The answer is the same either way, and a failure to store or
   * queue is logged, not answered, so that it does not tell either.
   */
  async issue(input: IssueTemporaryPasswordCommand): Promise<IssueTemporaryPasswordResult> {
    const user = await this.users.findOneBy({ email: normaliseEmail(input.email) });
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await argon2.hash(temporaryPassword, ARGON2_OPTIONS);
    if (!user) return { handled: true };
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.query('DELETE FROM "auth"."temporary_passwords" WHERE "user_id" = $1 AND "used_at" IS NULL', [user.id]);
        const [row] = await manager.query<Array<{ id: string }>>(
          `INSERT INTO "auth"."temporary_passwords" ("user_id", "password_hash", "expires_at")
           VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING "id"`,
          [user.id, passwordHash, TEMPORARY_PASSWORD_VALID_MINUTES],
        );
        if (!row) throw new Error('the temporary password was not stored');
        // Queued inside the transaction: a message that cannot be queued leaves no password behind.
        await this.commands.enqueue('email.send', {
          messageId: row.id,
          to: user.email,
          template: 'temporary-password',
          data: {
            firstName: user.firstName,
            sealedTemporaryPassword: sealSecret(
              temporaryPassword,
              this.config.EMAIL_SEALING_PUBLIC_KEY,
              temporaryPasswordSealContext(user.email),
            ),
            validMinutes: TEMPORARY_PASSWORD_VALID_MINUTES,
          },
        });
      });
    } catch (error) {
      this.logger.error(
        `auth.issue-temporary-password: no temporary password was sent to user ${user.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { handled: true };
  }

  /**
   * Checks `password` against the user's outstanding temporary password (unexpired, unused) and, when
   * it matches, marks it used in one statement (`used_at IS NULL` in the `WHERE`), so two sign-ins
   * with it cannot both succeed. Always one argon2 verification (a decoy when there is no user or
   * no outstanding temporary password), so a refusal takes the same time whatever the reason.
   * @param userId the account the e-mail belongs to, or null for an unknown e-mail
   * @returns true when the password was a valid temporary password, now used
   */
  async redeem(userId: string | null, password: string): Promise<boolean> {
    const rows: Array<{ id: string; password_hash: string }> = userId
      ? await this.dataSource.query<Array<{ id: string; password_hash: string }>>(
          `SELECT "id", "password_hash" FROM "auth"."temporary_passwords"
           WHERE "user_id" = $1 AND "used_at" IS NULL AND "expires_at" > now()
           ORDER BY "created_at" DESC LIMIT 1`,
          [userId],
        )
      : [];
    const candidate = rows.at(0);
    const matches = await verifyPassword(candidate?.password_hash ?? (await decoyHash()), password);
    if (!candidate || !matches) return false;
    // TypeORM answers an UPDATE with [rows, affected count].
    const [used] = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `UPDATE "auth"."temporary_passwords" SET "used_at" = now()
       WHERE "id" = $1 AND "used_at" IS NULL AND "expires_at" > now() RETURNING "id"`,
      [candidate.id],
    );
    return used.length === 1;
  }
}
