import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `analysis.analyses` (Design Language Analysis). */
export class CreateAnalyses1763683300000 implements MigrationInterface {
  name = 'CreateAnalyses1763683300000';

  /** Creates `analysis.analyses` (1 to 10 images: a CHECK) and its user-and-date index. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "analysis"."analyses" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "image_keys" text[] NOT NULL,
        "image_count" integer NOT NULL,
        "primary_description" text NOT NULL,
        "expanded_description" text NOT NULL,
        "tags" text[] NOT NULL,
        "engine" varchar(16) NOT NULL,
        "model" varchar(100) NOT NULL,
        "duration_ms" integer NOT NULL,
        CONSTRAINT "PK_analyses_id" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_analyses_image_count" CHECK ("image_count" BETWEEN 1 AND 10)
      )`);
    await runner.query(`CREATE INDEX "IDX_analyses_user_created" ON "analysis"."analyses" ("user_id", "created_at")`);
  }

  /** Drops `analysis.analyses`, its index with it. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "analysis"."analyses"`);
  }
}
