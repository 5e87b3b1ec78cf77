import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `auth.temporary_passwords` (forgot password). */
export class CreateTemporaryPasswords1795478100000 implements MigrationInterface {
  name = 'CreateTemporaryPasswords1795478100000';

  /** Creates `auth.temporary_passwords` (removed with their user) and its `user_id` index. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "auth"."temporary_passwords" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "password_hash" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_temporary_passwords_id" PRIMARY KEY ("id"),
        CONSTRAINT "FK_temporary_passwords_user_id" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE CASCADE
      )`);
    await runner.query(`CREATE INDEX "IDX_temporary_passwords_user_id" ON "auth"."temporary_passwords" ("user_id")`);
  }

  /** Drops `auth.temporary_passwords`, its index with it. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."temporary_passwords"`);
  }
}
