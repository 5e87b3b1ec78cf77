import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LIBRARY_SEARCH_VECTOR } from '../../library/library-item.entity.js';

/**
 * Creates the library's tables: `analysis.projects` (names unique per user case-insensitively) and
 * `analysis.library_items`, the item index, with a btree per listing order (the user's items, a
 * project's items, both by creation time) and its full-text vector `search`, kept by a trigger from
 * `LIBRARY_SEARCH_VECTOR` and GIN-indexed, so a search is one indexed query that computes no vector; and `analysis.shares`, share links by
 * their token's SHA-256.
 */
export class CreateLibrary1800000000000 implements MigrationInterface {
  name = 'CreateLibrary1800000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "analysis"."projects" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "name" varchar(80) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_projects_id" PRIMARY KEY ("id")
      )`);
    await runner.query(`CREATE UNIQUE INDEX "UQ_projects_user_id_lower_name" ON "analysis"."projects" ("user_id", lower("name"))`);
    await runner.query(`
      CREATE TABLE "analysis"."library_items" (
        "item_type" varchar(16) NOT NULL,
        "item_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "project_id" uuid,
        "project_name" varchar(80),
        "created_at" timestamptz NOT NULL,
        "title" text NOT NULL,
        "body" text NOT NULL,
        "tags" text array NOT NULL,
        "image_count" integer NOT NULL,
        "search" tsvector NOT NULL,
        CONSTRAINT "PK_library_items_item_type_item_id" PRIMARY KEY ("item_type", "item_id"),
        CONSTRAINT "FK_library_items_project_id" FOREIGN KEY ("project_id") REFERENCES "analysis"."projects" ("id") ON DELETE SET NULL
      )`);
    await runner.query(`CREATE INDEX "IDX_library_items_user_id_created_at" ON "analysis"."library_items" ("user_id", "created_at")`);
    await runner.query(`CREATE INDEX "IDX_library_items_project_id_created_at" ON "analysis"."library_items" ("project_id", "created_at")`);
    await runner.query(`
      CREATE FUNCTION "analysis"."library_items_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search" := ${LIBRARY_SEARCH_VECTOR};
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER "library_items_search_vector" BEFORE INSERT OR UPDATE OF "title", "body", "project_name"
        ON "analysis"."library_items" FOR EACH ROW EXECUTE FUNCTION "analysis"."library_items_search_vector"()`);
    await runner.query(`CREATE INDEX "IDX_library_items_search" ON "analysis"."library_items" USING gin ("search")`);
    await runner.query(`
      CREATE TABLE "analysis"."shares" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "token_hash" char(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "item_type" varchar(16) NOT NULL,
        "item_id" uuid NOT NULL,
        "title" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        CONSTRAINT "PK_shares_id" PRIMARY KEY ("id")
      )`);
    await runner.query(`CREATE UNIQUE INDEX "UQ_shares_token_hash" ON "analysis"."shares" ("token_hash")`);
    await runner.query(`CREATE INDEX "IDX_shares_user_id_created_at" ON "analysis"."shares" ("user_id", "created_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "analysis"."shares"`);
    await runner.query(`DROP TABLE "analysis"."library_items"`);
    await runner.query(`DROP FUNCTION "analysis"."library_items_search_vector"()`);
    await runner.query(`DROP TABLE "analysis"."projects"`);
  }
}
