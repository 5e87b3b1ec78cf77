import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates the `billing` schema's tables: subscriptions (one per user, the Stripe ids
 * unique), credit balances (never negative: CHECK), the append-only credit ledger (unique on
 * `(reason, reference)`, so a repeated change is a no-op; a trigger refuses UPDATE and DELETE),
 * credit reservations (unique per user and reference; indexed by status and expiry for the sweep)
 * and the Stripe events already applied (the event id is the key).
 */
export class CreateBilling1764633600000 implements MigrationInterface {
  name = 'CreateBilling1764633600000';

  /** Creates the five tables above, their indexes and the ledger's append-only trigger. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "billing"."subscriptions" (
        "user_id" uuid NOT NULL,
        "plan" character varying(16),
        "status" character varying(32) NOT NULL,
        "stripe_customer_id" character varying(255),
        "stripe_subscription_id" character varying(255),
        "current_period_end" TIMESTAMP WITH TIME ZONE,
        "last_event_created" bigint,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_subscriptions_stripe_subscription_id" UNIQUE ("stripe_subscription_id"),
        CONSTRAINT "UQ_subscriptions_stripe_customer_id" UNIQUE ("stripe_customer_id"),
        CONSTRAINT "CHK_subscriptions_plan" CHECK ("plan" IN ('monthly', 'yearly', 'unlimited')),
        CONSTRAINT "PK_subscriptions_user_id" PRIMARY KEY ("user_id")
      )`);
    await runner.query(`
      CREATE TABLE "billing"."credit_balances" (
        "user_id" uuid NOT NULL,
        "balance" integer NOT NULL DEFAULT '0',
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_credit_balances_balance" CHECK ("balance" >= 0),
        CONSTRAINT "PK_credit_balances_user_id" PRIMARY KEY ("user_id")
      )`);
    await runner.query(`
      CREATE TABLE "billing"."credit_ledger" (
        "id" BIGSERIAL NOT NULL,
        "user_id" uuid NOT NULL,
        "delta" integer NOT NULL,
        "reason" character varying(32) NOT NULL,
        "reference" character varying(255) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_credit_ledger_reason_reference" UNIQUE ("reason", "reference"),
        CONSTRAINT "PK_credit_ledger_id" PRIMARY KEY ("id")
      )`);
    await runner.query(`CREATE INDEX "IDX_credit_ledger_user_id_created_at" ON "billing"."credit_ledger" ("user_id", "created_at")`);
    // Append-only: the ledger is the audit trail of every credit, so rows are never changed or removed.
    await runner.query(`
      CREATE FUNCTION "billing"."credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'billing.credit_ledger is append-only';
      END $$`);
    await runner.query(`
      CREATE TRIGGER "TRG_credit_ledger_append_only" BEFORE UPDATE OR DELETE ON "billing"."credit_ledger"
      FOR EACH ROW EXECUTE FUNCTION "billing"."credit_ledger_append_only"()`);
    await runner.query(`
      CREATE TABLE "billing"."credit_reservations" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "reference" character varying(200) NOT NULL,
        "amount" integer NOT NULL,
        "status" character varying(16) NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_credit_reservations_user_id_reference" UNIQUE ("user_id", "reference"),
        CONSTRAINT "CHK_credit_reservations_status" CHECK ("status" IN ('reserved', 'captured', 'released', 'expired')),
        CONSTRAINT "CHK_credit_reservations_amount" CHECK ("amount" >= 0),
        CONSTRAINT "PK_credit_reservations_id" PRIMARY KEY ("id")
      )`);
    await runner.query(
      `CREATE INDEX "IDX_credit_reservations_status_expires_at" ON "billing"."credit_reservations" ("status", "expires_at")`,
    );
    await runner.query(`
      CREATE TABLE "billing"."stripe_events" (
        "id" character varying(255) NOT NULL,
        "type" character varying(100) NOT NULL,
        "created" bigint NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_stripe_events_id" PRIMARY KEY ("id")
      )`);
  }

  /** Drops the five tables and the trigger's function, dependants first. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "billing"."stripe_events"`);
    await runner.query(`DROP TABLE "billing"."credit_reservations"`);
    await runner.query(`DROP TABLE "billing"."credit_ledger"`);
    await runner.query(`DROP FUNCTION "billing"."credit_ledger_append_only"()`);
    await runner.query(`DROP TABLE "billing"."credit_balances"`);
    await runner.query(`DROP TABLE "billing"."subscriptions"`);
  }
}
