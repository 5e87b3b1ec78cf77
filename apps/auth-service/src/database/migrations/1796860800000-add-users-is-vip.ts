import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Adds `auth.users.is_vip`: the VIP account is marked, not found by its e-mail alone, so an account
 * someone signed up with the VIP address can never become the VIP.
 */
export class AddUsersIsVip1796860800000 implements MigrationInterface {
  name = 'AddUsersIsVip1796860800000';

  /**
   * Adds the column (false for everyone) and marks the accounts `ensureVipUser` made before it:
   * they, and only they, have an empty last name, since sign-up requires one (spec §5).
   */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" ADD "is_vip" boolean NOT NULL DEFAULT false`);
    await runner.query(`UPDATE "auth"."users" SET "is_vip" = true WHERE "last_name" = ''`);
  }

  /** Drops the column. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "is_vip"`);
  }
}
