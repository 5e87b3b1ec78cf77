import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail verification and session versions: `auth.users` gains `email_verified`,
 * `password_change_required`, `session_version` and `vip_credential_fingerprint`, and
 * `auth.email_verification_tokens` holds the hashes of the links sent to confirm an address.
 */
export class AddEmailVerificationAndSessionVersion1797552000000 implements MigrationInterface {
  name = 'AddEmailVerificationAndSessionVersion1797552000000';

  /**
   * Adds the columns (every existing account unconfirmed, version 0, no change required), marks the
   * VIP account confirmed (its address is the operator's), and creates the token table (removed
   * with its user; the token's SHA-256 unique).
   */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" ADD "email_verified" boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE "auth"."users" ADD "password_change_required" boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE "auth"."users" ADD "session_version" integer NOT NULL DEFAULT 0`);
    await runner.query(`ALTER TABLE "auth"."users" ADD "vip_credential_fingerprint" character varying(64)`);
    await runner.query(`UPDATE "auth"."users" SET "email_verified" = true WHERE "is_vip"`);
    await runner.query(`
      CREATE TABLE "auth"."email_verification_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "token_hash" character varying(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_verification_tokens_id" PRIMARY KEY ("id"),
        CONSTRAINT "FK_email_verification_tokens_user_id" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE CASCADE
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX "UQ_email_verification_tokens_token_hash" ON "auth"."email_verification_tokens" ("token_hash")`,
    );
    await runner.query(`CREATE INDEX "IDX_email_verification_tokens_user_id" ON "auth"."email_verification_tokens" ("user_id")`);
  }

  /** Drops the token table and the columns. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."email_verification_tokens"`);
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "vip_credential_fingerprint"`);
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "session_version"`);
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "password_change_required"`);
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "email_verified"`);
  }
}
