import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `auth.users`. */
export class CreateUsers1763683200000 implements MigrationInterface {
  name = 'CreateUsers1763683200000';

  /** Creates `auth.users`: the e-mail unique, and kept trimmed and lower-cased by a CHECK. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" varchar(254) NOT NULL,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "password_hash" text NOT NULL,
        "profile_image_url" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users_id" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_users_email" UNIQUE ("email"),
        CONSTRAINT "CHK_users_email_normalised" CHECK ("email" = lower(btrim("email")))
      )`);
  }

  /** Drops `auth.users`. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."users"`);
  }
}
