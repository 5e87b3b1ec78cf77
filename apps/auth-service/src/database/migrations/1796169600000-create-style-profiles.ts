import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `auth.style_profiles` (the style description of spec §3, §5). */
export class CreateStyleProfiles1796169600000 implements MigrationInterface {
  name = 'CreateStyleProfiles1796169600000';

  /**
   * Creates `auth.style_profiles`: one row per user (the key), the description at most 500
   * characters (spec §5), removed with its user.
   */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "auth"."style_profiles" (
        "user_id" uuid NOT NULL,
        "description" character varying(500) NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_style_profiles_user_id" PRIMARY KEY ("user_id"),
        CONSTRAINT "FK_style_profiles_user_id" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE CASCADE
      )`);
  }

  /** Drops `auth.style_profiles`. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."style_profiles"`);
  }
}
