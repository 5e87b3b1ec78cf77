import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The text columns of `leads.leads` the admin console sorts case-insensitively (`LeadsRepository`). */
const CASE_INSENSITIVE_SORT_COLUMNS = ['first_name', 'last_name', 'email'] as const;

/**
 * The admin console sorts names and e-mails case-insensitively ('alice' beside 'Alice', not after
 * every capital): `LeadsRepository` orders them by `lower(column), id`. A btree `(column, id)` index
 * cannot serve that order, so each is replaced by an expression index `(lower(column), id)`, which
 * serves it both ways (a backward scan for descending) as the plain one served the plain order.
 * `source` and `created_at` keep their `(column, id)` indexes: a source is a lower-case identifier
 * (the `CHK_leads_source` check) and the `(source, id)` index also serves the source filter's
 * count. TypeORM cannot describe an expression index, so the entity declares these with
 * `synchronize: false`, like the trigram indexes of `CreateLeads1764028800000`.
 */
export class CaseInsensitiveLeadSort1795478400000 implements MigrationInterface {
  name = 'CaseInsensitiveLeadSort1795478400000';

  /** Replaces each `(column, id)` index of the names and the e-mail by `(lower(column), id)`. */
  async up(runner: QueryRunner): Promise<void> {
    for (const column of CASE_INSENSITIVE_SORT_COLUMNS) {
      await runner.query(`CREATE INDEX "IDX_leads_lower_${column}_id" ON "leads"."leads" (lower("${column}"), "id")`);
      await runner.query(`DROP INDEX "leads"."IDX_leads_${column}_id"`);
    }
  }

  /** Restores the plain `(column, id)` indexes and drops the `lower(column)` ones. */
  async down(runner: QueryRunner): Promise<void> {
    for (const column of CASE_INSENSITIVE_SORT_COLUMNS) {
      await runner.query(`CREATE INDEX "IDX_leads_${column}_id" ON "leads"."leads" ("${column}", "id")`);
      await runner.query(`DROP INDEX "leads"."IDX_leads_lower_${column}_id"`);
    }
  }
}
