import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates the `generation` schema's tables: generation jobs (the caller's job id is the
 * key; status checked; listed per user newest first) and their images (one row per job and index,
 * removed with the job).
 */
export class CreateGenerations1796400000000 implements MigrationInterface {
  name = 'CreateGenerations1796400000000';

  /** Creates `generation_jobs` with its `(user_id, created_at)` index, then `generation_images`. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "generation"."generation_jobs" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "status" character varying(16) NOT NULL,
        "provider" character varying(32) NOT NULL,
        "options" jsonb NOT NULL,
        "inputs" jsonb NOT NULL,
        "seed" bigint,
        "credits_reserved" integer NOT NULL DEFAULT '0',
        "credits_spent" integer NOT NULL DEFAULT '0',
        "reservation_id" uuid,
        "metadata" jsonb,
        "error" text,
        "error_status" smallint,
        "attempts" integer NOT NULL DEFAULT '0',
        "provider_ms" integer NOT NULL DEFAULT '0',
        "duration_ms" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "started_at" TIMESTAMP WITH TIME ZONE,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_generation_jobs_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
        CONSTRAINT "PK_generation_jobs_id" PRIMARY KEY ("id")
      )`);
    await runner.query(`CREATE INDEX "IDX_generation_jobs_user_id_created_at" ON "generation"."generation_jobs" ("user_id", "created_at")`);
    await runner.query(`
      CREATE TABLE "generation"."generation_images" (
        "job_id" uuid NOT NULL,
        "index" smallint NOT NULL,
        "object_key" character varying(255) NOT NULL,
        "seed" bigint,
        "bytes" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_generation_images_job_id_index" PRIMARY KEY ("job_id", "index"),
        CONSTRAINT "FK_generation_images_job_id" FOREIGN KEY ("job_id") REFERENCES "generation"."generation_jobs"("id") ON DELETE CASCADE
      )`);
  }

  /** Drops both tables, the images (which refer to the jobs) first. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "generation"."generation_images"`);
    await runner.query(`DROP TABLE "generation"."generation_jobs"`);
  }
}
