import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each measured render records where the PNG of its sketch's unmatched lines is stored
 * (`generation_images.overlay_key`); renders stored before it stay null and show no overlay.
 */
export class StoreFidelityOverlays1800000000350 implements MigrationInterface {
  name = 'StoreFidelityOverlays1800000000350';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_images" ADD "overlay_key" character varying(255)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "generation"."generation_images" DROP COLUMN "overlay_key"`);
  }
}
