import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retry free: a generation records the generation it retried free (`free_retry_of`), unique, so
 * that of two retries of the same generation asked at once only one can be recorded. A free retry
 * that fails clears it, giving its generation the retry back.
 */
export class FreeRetries1800000000400 implements MigrationInterface {
  name = 'FreeRetries1800000000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" ADD "free_retry_of" uuid`);
    await runner.query(`CREATE UNIQUE INDEX "UQ_generation_jobs_free_retry_of" ON "generation"."generation_jobs" ("free_retry_of")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "generation"."UQ_generation_jobs_free_retry_of"`);
    await runner.query(`ALTER TABLE "generation"."generation_jobs" DROP COLUMN "free_retry_of"`);
  }
}
