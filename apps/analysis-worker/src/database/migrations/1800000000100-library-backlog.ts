import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks the analyses and sketch readings kept before the library existed as still to be indexed:
 * `analysis.library_backlog` holds one row until `LibraryBacklogService` has indexed them all at
 * a start of analysis-worker (`runOnceMarked`).
 */
export class LibraryBacklog1800000000100 implements MigrationInterface {
  name = 'LibraryBacklog1800000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "analysis"."library_backlog" ("marked_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`INSERT INTO "analysis"."library_backlog" DEFAULT VALUES`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "analysis"."library_backlog"`);
  }
}
