import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The fixed user id of credit ledger rows whose account was deleted (`ANONYMOUS_LEDGER_USER`). */
const ANONYMOUS = '00000000-0000-0000-0000-000000000000';

/**
 * Account deletion in `billing`: the credit ledger stays append-only except for one change, a
 * row's `user_id` replaced by the anonymous marker with every other column as it was; and
 * `deleted_accounts` records each deleted user by the SHA-256 of its id, so that a Stripe event
 * arriving afterwards (the cancellation at the period's end, naming the user in its metadata) does
 * not bring the user's rows back.
 */
export class AccountDeletion1800100000000 implements MigrationInterface {
  name = 'AccountDeletion1800100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE OR REPLACE FUNCTION "billing"."credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW."user_id" = '${ANONYMOUS}'::uuid AND NEW."id" = OLD."id" AND NEW."delta" = OLD."delta"
           AND NEW."reason" = OLD."reason" AND NEW."reference" = OLD."reference" AND NEW."created_at" = OLD."created_at" THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'billing.credit_ledger is append-only';
      END $$`);
    await runner.query(`
      CREATE TABLE "billing"."deleted_accounts" (
        "user_id_sha256" character(64) NOT NULL,
        "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_deleted_accounts_user_id_sha256" PRIMARY KEY ("user_id_sha256")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "billing"."deleted_accounts"`);
    await runner.query(`
      CREATE OR REPLACE FUNCTION "billing"."credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'billing.credit_ledger is append-only';
      END $$`);
  }
}
