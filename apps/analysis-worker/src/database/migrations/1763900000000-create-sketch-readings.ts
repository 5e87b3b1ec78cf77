import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `analysis.sketch_readings` (Process Your Sketch). */
export class CreateSketchReadings1763900000000 implements MigrationInterface {
  name = 'CreateSketchReadings1763900000000';

  /** Creates `analysis.sketch_readings` (1 to 3 images: a CHECK) and its user-and-date index. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "analysis"."sketch_readings" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "image_keys" text[] NOT NULL,
        "image_count" integer NOT NULL,
        "description" text NOT NULL,
        "details" text[] NOT NULL,
        "drawing_type" varchar(16) NOT NULL,
        "engine" varchar(16) NOT NULL,
        "model" varchar(100) NOT NULL,
        "duration_ms" integer NOT NULL,
        CONSTRAINT "PK_sketch_readings_id" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_sketch_readings_image_count" CHECK ("image_count" BETWEEN 1 AND 3)
      )`);
    await runner.query(`CREATE INDEX "IDX_sketch_readings_user_created" ON "analysis"."sketch_readings" ("user_id", "created_at")`);
  }

  /** Drops `analysis.sketch_readings`, its index with it. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "analysis"."sketch_readings"`);
  }
}
