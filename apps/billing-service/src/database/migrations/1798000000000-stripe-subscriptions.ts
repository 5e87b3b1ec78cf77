import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps each Stripe subscription's state under its own id (`billing.stripe_subscriptions`), so that
 * events of a second subscription of the same user no longer overwrite the first's state and
 * credits. The user's row in `subscriptions` stays the account as shown (plan, status, period end of
 * the current subscription, the customer, the VIP plan); its `last_event_created` moves to the
 * subscription rows, where events are now ordered. A row that named a subscription becomes that
 * subscription's first state.
 */
export class StripeSubscriptions1798000000000 implements MigrationInterface {
  name = 'StripeSubscriptions1798000000000';

  /** Creates `stripe_subscriptions`, copies each named subscription into it, drops `subscriptions.last_event_created`. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "billing"."stripe_subscriptions" (
        "id" character varying(255) NOT NULL,
        "user_id" uuid NOT NULL,
        "status" character varying(32) NOT NULL,
        "plan" character varying(16),
        "current_period_end" TIMESTAMP WITH TIME ZONE,
        "last_event_created" bigint,
        "ended_by" character varying(16),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_stripe_subscriptions_plan" CHECK ("plan" IN ('monthly', 'yearly')),
        CONSTRAINT "CHK_stripe_subscriptions_ended_by" CHECK ("ended_by" IN ('refund', 'dispute')),
        CONSTRAINT "PK_stripe_subscriptions_id" PRIMARY KEY ("id")
      )`);
    await runner.query(`CREATE INDEX "IDX_stripe_subscriptions_user_id" ON "billing"."stripe_subscriptions" ("user_id")`);
    await runner.query(`
      INSERT INTO "billing"."stripe_subscriptions" ("id", "user_id", "status", "plan", "current_period_end", "last_event_created")
      SELECT "stripe_subscription_id", "user_id", "status", CASE WHEN "plan" IN ('monthly', 'yearly') THEN "plan" END,
             "current_period_end", "last_event_created"
        FROM "billing"."subscriptions"
       WHERE "stripe_subscription_id" IS NOT NULL`);
    await runner.query(`ALTER TABLE "billing"."subscriptions" DROP COLUMN "last_event_created"`);
  }

  /** Puts `subscriptions.last_event_created` back from the current subscriptions and drops `stripe_subscriptions`. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "billing"."subscriptions" ADD "last_event_created" bigint`);
    await runner.query(`
      UPDATE "billing"."subscriptions" AS account SET "last_event_created" = stripe."last_event_created"
        FROM "billing"."stripe_subscriptions" AS stripe
       WHERE stripe."id" = account."stripe_subscription_id"`);
    await runner.query(`DROP TABLE "billing"."stripe_subscriptions"`);
  }
}
