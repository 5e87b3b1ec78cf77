import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each render keeps its sketch fidelity, 0–100 (`generation_images.fidelity`); renders stored before it stay null. */
export class StoreSketchFidelity1800000000200 implements MigrationInterface {
  name = 'StoreSketchFidelity1800000000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "generation"."generation_images" ADD "fidelity" smallint,
         ADD CONSTRAINT "CHK_generation_images_fidelity" CHECK ("fidelity" BETWEEN 0 AND 100)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "generation"."generation_images" DROP CONSTRAINT "CHK_generation_images_fidelity", DROP COLUMN "fidelity"`,
    );
  }
}
