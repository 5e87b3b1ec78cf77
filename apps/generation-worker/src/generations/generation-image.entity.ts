import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { GenerationJobEntity, SEED_AS_NUMBER } from './generation-job.entity.js';

/**
 * One generated image (`generation.generation_images`): written as soon as the provider
 * has answered it and the JPEG is in object storage (`generations/<userId>/<jobId>/<index>.jpg`), so
 * a job resumed after its worker died never asks the provider for it again. `(job_id, index)` is the
 * key: an image is recorded once. Removed with its job.
 */
@Entity({ name: 'generation_images' })
@Check('CHK_generation_images_fidelity', `"fidelity" BETWEEN 0 AND 100`)
export class GenerationImageEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid', primaryKeyConstraintName: 'PK_generation_images_job_id_index' })
  jobId!: string;

  /** 0-based, as the provider's variations are numbered (the download names it `index + 1`). */
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_generation_images_job_id_index' })
  index!: number;

  @ManyToOne(() => GenerationJobEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'job_id', foreignKeyConstraintName: 'FK_generation_images_job_id' })
  job?: GenerationJobEntity;

  @Column({ name: 'object_key', type: 'varchar', length: 255 })
  objectKey!: string;

  /** The seed the provider reported for this image; null when it has none. */
  @Column({ type: 'bigint', nullable: true, transformer: SEED_AS_NUMBER })
  seed!: number | null;

  /** Its sketch fidelity, 0–100 (`scoreSketchFidelity`); null for a render stored before it was measured. */
  @Column({ type: 'smallint', nullable: true })
  fidelity!: number | null;

  /**
   * Where the PNG of the sketch's lines this render did not keep is stored (`fidelityOverlayKey`,
   * drawn by `unmatchedLinesOverlay`); null for a render that was not measured or stored before overlays were drawn.
   */
  @Column({ name: 'overlay_key', type: 'varchar', length: 255, nullable: true })
  overlayKey!: string | null;

  /** Size of the stored JPEG, in bytes. */
  @Column({ type: 'integer' })
  bytes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
