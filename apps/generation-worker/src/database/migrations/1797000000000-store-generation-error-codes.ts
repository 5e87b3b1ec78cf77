import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Texts failed jobs stored before their refusal's code was kept (the credits one as a pattern). */
const EARLIER_TEXTS = {
  billingUnavailable: 'Credits could not be checked just now. Please try again in a moment.',
  inputsUnreadable: 'Your sketch could not be read back from storage. Please upload it again.',
  storeFailed: 'The renders could not be stored just now. Please try again in a moment.',
  insufficientCredits: '^Insufficient credits for this generation \\((\\d+) over limit\\)$',
};

/**
 * A failed generation keeps its refusal as a code of the error catalogue and that code's
 * parameters (`error_code`, `error_params`), so that a repeat of its job id answers the same
 * refusal, instead of the HTTP status it answered with (`error_status`, dropped): the worker names
 * no HTTP status. The user's text stays in `error`.
 */
export class StoreGenerationErrorCodes1797000000000 implements MigrationInterface {
  name = 'StoreGenerationErrorCodes1797000000000';

  /** Adds the columns, reads each failed job's code and parameters back from its stored text, drops `error_status`. */
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" ADD "error_code" character varying(64), ADD "error_params" jsonb`);
    await runner.query(
      `UPDATE "generation"."generation_jobs" SET
         "error_code" = CASE
           WHEN "error" ~ $1 THEN 'credits.insufficient'
           WHEN "error" LIKE 'OpenAI image generation is not configured%' OR "error" LIKE 'Stability AI image generation is not configured%'
             THEN 'generation.provider-not-configured'
           WHEN "error" = $2 THEN 'generation.billing-unavailable'
           WHEN "error" = $3 THEN 'generation.inputs-unreadable'
           WHEN "error" = $4 THEN 'generation.store-failed'
           WHEN "error" <> '' THEN 'generation.provider-failed'
           ELSE 'generation.failed'
         END,
         "error_params" = CASE
           WHEN "error" ~ $1 THEN jsonb_build_object('overBy', substring("error" from $1)::integer)
           WHEN "error" LIKE 'OpenAI image generation is not configured%' THEN '{"provider":"openai"}'::jsonb
           WHEN "error" LIKE 'Stability AI image generation is not configured%' THEN '{"provider":"stability-ai"}'::jsonb
           WHEN "error" IN ($2, $3, $4) THEN '{}'::jsonb
           WHEN "error" <> '' THEN jsonb_build_object('reason', left("error", 2000))
           ELSE '{}'::jsonb
         END
       WHERE "status" = 'failed'`,
      [EARLIER_TEXTS.insufficientCredits, EARLIER_TEXTS.billingUnavailable, EARLIER_TEXTS.inputsUnreadable, EARLIER_TEXTS.storeFailed],
    );
    await runner.query(`ALTER TABLE "generation"."generation_jobs" DROP COLUMN "error_status"`);
  }

  /** Puts `error_status` back, as each code answered, and drops the code columns. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_jobs" ADD "error_status" smallint`);
    await runner.query(
      `UPDATE "generation"."generation_jobs" SET "error_status" = CASE
         WHEN "error_code" IN ('credits.insufficient', 'generation.job-id-taken', 'generation.job-id-reused') THEN 409
         WHEN "error_code" IN ('generation.provider-not-configured', 'generation.billing-unavailable', 'generation.inputs-unreadable',
           'generation.store-failed') THEN 503
         ELSE 502
       END
       WHERE "status" = 'failed'`,
    );
    await runner.query(`ALTER TABLE "generation"."generation_jobs" DROP COLUMN "error_code", DROP COLUMN "error_params"`);
  }
}
