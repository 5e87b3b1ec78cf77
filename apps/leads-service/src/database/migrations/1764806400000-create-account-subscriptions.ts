import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates `leads.account_subscriptions`: leads-service's projection of each user's subscription
 * status, fed by billing-service's `subscription.changed` events, from which the admin console's
 * conversion rate is counted. One row per user; `occurred_at` is the newest applied event's time, so
 * an older event delivered late never overwrites newer state.
 */
export class CreateAccountSubscriptions1764806400000 implements MigrationInterface {
  name = 'CreateAccountSubscriptions1764806400000';

  /** Creates `leads.account_subscriptions` and the `leads.leads (user_id)` index its join uses. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "leads"."account_subscriptions" (
        "user_id" uuid NOT NULL,
        "status" varchar(32) NOT NULL,
        "occurred_at" timestamptz NOT NULL,
        "event_id" uuid NOT NULL,
        CONSTRAINT "PK_account_subscriptions_user_id" PRIMARY KEY ("user_id")
      )`);
    await runner.query(`CREATE INDEX "IDX_leads_user_id" ON "leads"."leads" ("user_id")`);
  }

  /** Drops that index, then `leads.account_subscriptions`. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."IDX_leads_user_id"`);
    await runner.query(`DROP TABLE "leads"."account_subscriptions"`);
  }
}
