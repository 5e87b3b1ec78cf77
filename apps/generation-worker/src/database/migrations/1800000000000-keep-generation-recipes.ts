import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A generation keeps its recipe's inputs by content (`recipe`: keys and SHA-256s under `recipes/`)
 * and the generation it ran again (`parent_id`, indexed for the lineage's children).
 */
export class KeepGenerationRecipes1800000000000 implements MigrationInterface {
  name = 'KeepGenerationRecipes1800000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" ADD "recipe" jsonb, ADD "parent_id" uuid`);
    await runner.query(`CREATE INDEX "IDX_generation_jobs_parent_id" ON "generation"."generation_jobs" ("parent_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "generation"."IDX_generation_jobs_parent_id"`);
    await runner.query(`ALTER TABLE "generation"."generation_jobs" DROP COLUMN "parent_id", DROP COLUMN "recipe"`);
  }
}
