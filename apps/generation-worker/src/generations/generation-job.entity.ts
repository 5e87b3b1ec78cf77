import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, type ValueTransformer } from 'typeorm';
import type { GenerationMetadata, GenerationOptions, GenerationProvider, GenerationStatus } from '@archlens/contracts/generation';

/** The stored inputs of a generation, as its job names them (object keys `generation-inputs/<userId>/<uuid>.<ext>`). */
export interface GenerationInputs {
  sketch: { key: string; fileName: string };
  references: Array<{ key: string; fileName: string }>;
}

/** A recipe's stored inputs: `recipes/<userId>/<sha256>.<ext>`, kept while any generation refers to them. */
export interface StoredRecipe {
  sketch: { key: string; sha256: string; fileName: string };
  references: Array<{ key: string; sha256: string; fileName: string }>;
}

/**
 * A bigint seed column as a number: pg hands bigint back as a string, and every seed (at most
 * `MAX_SEED`, 4,294,967,294, Stability's range) is well inside `Number.MAX_SAFE_INTEGER`.
 */
export const SEED_AS_NUMBER: ValueTransformer = {
  to: (seed: number | null | undefined) => seed,
  from: (seed: string | null | undefined) => (typeof seed === 'string' ? Number(seed) : seed),
};

/**
 * One image generation (`generation.generation_jobs`; spec §3 generation request, result and
 * history item). The id is the job id the caller chose (`generation.generate` is idempotent on
 * it): a redelivered job finds its row and resumes or answers from it. `status` moves once from
 * pending to succeeded or failed. Credits: `credits_reserved` held through billing under
 * `reservation_id` (reference = the job id) before any paid provider call, `credits_spent` once
 * captured (0 for the Sora and Midjourney workflows, and on the unlimited plan). Seeds are bigint:
 * Stability's range reaches 4,294,967,294.
 */
@Entity({ name: 'generation_jobs' })
@Check('CHK_generation_jobs_status', `"status" IN ('pending', 'succeeded', 'failed')`)
@Index('IDX_generation_jobs_user_id_created_at', ['userId', 'createdAt'])
@Index('IDX_generation_jobs_parent_id', ['parentId'])
@Index('UQ_generation_jobs_free_retry_of', ['freeRetryOf'], { unique: true })
export class GenerationJobEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_generation_jobs_id' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: GenerationStatus;

  @Column({ type: 'varchar', length: 32 })
  provider!: GenerationProvider;

  /** The controls it runs with (`GenerationOptions`: style, aspect ratio, influence, detail, lighting, variations, seed). */
  @Column({ type: 'jsonb' })
  options!: GenerationOptions;

  /** The sketch and reference images in object storage; removed once the job has finished. */
  @Column({ type: 'jsonb' })
  inputs!: GenerationInputs;

  /** The inputs kept by content once it succeeded (`RecipeStore`), so it can run again; null before, or when they could not be kept. */
  @Column({ type: 'jsonb', nullable: true })
  recipe!: StoredRecipe | null;

  /** The generation it ran again (reproduce or vary); null for one made from an upload. */
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  /** The user's analysis its style came from ("Use as style"); null when none. Kept by its reruns. */
  @Column({ name: 'source_analysis_id', type: 'uuid', nullable: true })
  sourceAnalysisId!: string | null;
  /**
   * The generation this one retried free (Retry free: no credits, a new seed); null for any other.
   * Unique: a generation has at most one free retry recorded. Cleared when the retry fails, so the
   * generation offers it again.
   */
  @Column({ name: 'free_retry_of', type: 'uuid', nullable: true })
  freeRetryOf!: string | null;

  /** The seed of the first image, or the one asked for; null when the provider takes none. */
  @Column({ type: 'bigint', nullable: true, transformer: SEED_AS_NUMBER })
  seed!: number | null;

  @Column({ name: 'credits_reserved', type: 'integer', default: 0 })
  creditsReserved!: number;

  @Column({ name: 'credits_spent', type: 'integer', default: 0 })
  creditsSpent!: number;

  /** billing's reservation for this job (reference = the job id); null before reserving and for workflows. */
  @Column({ name: 'reservation_id', type: 'uuid', nullable: true })
  reservationId!: string | null;

  /** What `POST /api/generate` answered with (`GenerationMetadata`), kept so a repeat answers the same; null until succeeded. */
  @Column({ type: 'jsonb', nullable: true })
  metadata!: GenerationMetadata | null;

  /** The user's text of a failure (the provider's own message for a 502); null unless failed. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** The failure's code in the error catalogue (`@archlens/contracts/errors`); null unless failed. */
  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode!: string | null;

  /** The parameters of the failure's text (`{overBy}`, `{reason}`, …); null unless failed. */
  @Column({ name: 'error_params', type: 'jsonb', nullable: true })
  errorParams!: Record<string, unknown> | null;

  /** How many times a worker started this job (more than 1 after a worker died mid-job). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Time spent in provider calls, in ms, over every attempt. */
  @Column({ name: 'provider_ms', type: 'integer', default: 0 })
  providerMs!: number;

  /** From the first start to the end, in ms; null until finished. */
  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
