import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks the finished generations kept before the library existed as still to be indexed:
 * `generation.library_backlog` holds one row until `LibraryBacklogService` has published their
 * `generation.completed` events at a start of generation-worker (`runOnceMarked`).
 */
export class LibraryBacklog1800000000100 implements MigrationInterface {
  name = 'LibraryBacklog1800000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "generation"."library_backlog" ("marked_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`INSERT INTO "generation"."library_backlog" DEFAULT VALUES`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "generation"."library_backlog"`);
  }
}
