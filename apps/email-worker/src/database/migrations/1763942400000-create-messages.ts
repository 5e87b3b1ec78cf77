import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `email.messages`, the delivery log. */
export class CreateMessages1763942400000 implements MigrationInterface {
  name = 'CreateMessages1763942400000';

  /** Creates `email.messages`; a CHECK holds its status to pending, sent, outbox or failed. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "email"."messages" (
        "id" uuid NOT NULL,
        "to" varchar(254) NOT NULL,
        "template" varchar(64) NOT NULL,
        "subject" varchar(200) NOT NULL,
        "status" varchar(16) NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "provider_message_id" varchar(200),
        "last_error" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_messages_id" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_messages_status" CHECK ("status" IN ('pending', 'sent', 'outbox', 'failed'))
      )`);
  }

  /** Drops `email.messages`. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "email"."messages"`);
  }
}
