import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A generation keeps the analysis its style came from ("Use as style"), so its recipe can name it
 * and a rerun keeps it (`generation_jobs.source_analysis_id`; no foreign key: the analysis lives in
 * analysis-worker's schema, and may be deleted while the generation stays).
 */
export class KeepSourceAnalysis1800000000450 implements MigrationInterface {
  name = 'KeepSourceAnalysis1800000000450';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" ADD "source_analysis_id" uuid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" DROP COLUMN "source_analysis_id"`);
  }
}
