import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type {
  GenerationHistoryItem,
  GenerationMetadata,
  GenerationOptions,
  GenerationProvider,
  GenerationStatus,
} from '@archlens/contracts/generation';
import type { ErrorReference } from '@archlens/contracts/errors';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import type { GenerationInputs } from './generation-job.entity.js';

/** A generation job row as the service reads it (bigint seeds as numbers). */
export interface GenerationJobRecord {
  id: string;
  userId: string;
  status: GenerationStatus;
  provider: GenerationProvider;
  options: GenerationOptions;
  inputs: GenerationInputs;
  seed: number | null;
  creditsReserved: number;
  creditsSpent: number;
  reservationId: string | null;
  metadata: GenerationMetadata | null;
  error: string | null;
  /** The failure's code in the error catalogue, as stored (checked when read back); null unless failed. */
  errorCode: string | null;
  errorParams: Record<string, unknown> | null;
  attempts: number;
  providerMs: number;
  createdAt: Date;
}

/** One stored image of a job. */
export interface GenerationImageRecord {
  index: number;
  objectKey: string;
  seed: number | null;
  bytes: number;
}

interface JobRow {
  id: string;
  user_id: string;
  status: GenerationStatus;
  provider: GenerationProvider;
  options: GenerationOptions;
  inputs: GenerationInputs;
  seed: string | null;
  credits_reserved: number;
  credits_spent: number;
  reservation_id: string | null;
  metadata: GenerationMetadata | null;
  error: string | null;
  error_code: string | null;
  error_params: Record<string, unknown> | null;
  attempts: number;
  provider_ms: number;
  created_at: Date;
}

const JOB_COLUMNS = `id, user_id, status, provider, options, inputs, seed, credits_reserved, credits_spent, reservation_id,
  metadata, error, error_code, error_params, attempts, provider_ms, created_at`;

function toJob(row: JobRow): GenerationJobRecord {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    provider: row.provider,
    options: row.options,
    inputs: row.inputs,
    seed: row.seed === null ? null : Number(row.seed),
    creditsReserved: row.credits_reserved,
    creditsSpent: row.credits_spent,
    reservationId: row.reservation_id,
    metadata: row.metadata,
    error: row.error,
    errorCode: row.error_code,
    errorParams: row.error_params,
    attempts: row.attempts,
    providerMs: row.provider_ms,
    createdAt: new Date(row.created_at),
  };
}

/**
 * The `generation` schema's reads and writes (issue 16), one SQL statement each; the rules live in
 * `GenerationService`. Every state change of a job is conditional on it still being pending, so a
 * second copy of a job (redelivered while the first still ran) cannot overwrite a finished one.
 */
@Injectable()
export class GenerationRecords {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The job `id`, or undefined. */
  async find(id: string): Promise<GenerationJobRecord | undefined> {
    const rows: JobRow[] = await this.dataSource.query(`SELECT ${JOB_COLUMNS} FROM generation.generation_jobs WHERE id = $1`, [id]);
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /**
   * Records the start of an attempt: inserts the job as pending (first attempt) or counts one more
   * attempt of the same user's job.
   * @returns the job, or undefined when `id` belongs to another user
   */
  async start(job: {
    id: string;
    userId: string;
    provider: GenerationProvider;
    options: GenerationOptions;
    inputs: GenerationInputs;
  }): Promise<GenerationJobRecord | undefined> {
    const rows: JobRow[] = await this.dataSource.query(
      `INSERT INTO generation.generation_jobs AS j (id, user_id, status, provider, options, inputs, seed, attempts, started_at)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6, 1, now())
       ON CONFLICT (id) DO UPDATE SET attempts = j.attempts + 1, started_at = now()
         WHERE j.user_id = EXCLUDED.user_id
       RETURNING ${JOB_COLUMNS}`,
      [job.id, job.userId, job.provider, JSON.stringify(job.options), JSON.stringify(job.inputs), job.options.seed ?? null],
    );
    return rows[0] ? toJob(rows[0]) : undefined;
  }

  /** Notes the credits held for a pending job (billing's reservation, reference = the job id). */
  async reserved(id: string, reservationId: string, credits: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE generation.generation_jobs SET reservation_id = $2, credits_reserved = $3 WHERE id = $1 AND status = 'pending'`,
      [id, reservationId, credits],
    );
  }

  /** Adds provider time to a job's total, in ms. */
  async addProviderTime(id: string, ms: number): Promise<void> {
    await this.dataSource.query(`UPDATE generation.generation_jobs SET provider_ms = provider_ms + $2 WHERE id = $1`, [id, Math.round(ms)]);
  }

  /**
   * Marks a pending job succeeded with what it answered.
   * @returns false when it was no longer pending (another copy finished it first)
   */
  async succeed(
    id: string,
    result: { seed: number | null; creditsSpent: number; metadata: GenerationMetadata; durationMs: number },
  ): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE generation.generation_jobs
          SET status = 'succeeded', seed = $2, credits_spent = $3, metadata = $4, duration_ms = $5, finished_at = now(), error = NULL, error_code = NULL, error_params = NULL
        WHERE id = $1 AND status = 'pending'
        RETURNING id`,
      [id, result.seed, result.creditsSpent, JSON.stringify(result.metadata), result.durationMs],
    );
    return rows.length > 0;
  }

  /**
   * Marks a pending job failed with its refusal (code and parameters, answered again to a repeat)
   * and the user's text of it.
   * @returns false when it was no longer pending
   */
  async fail(id: string, failure: { refusal: ErrorReference; message: string; durationMs: number }): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE generation.generation_jobs
          SET status = 'failed', error = $2, error_code = $3, error_params = $4, duration_ms = $5, finished_at = now(), credits_spent = 0
        WHERE id = $1 AND status = 'pending'
        RETURNING id`,
      [id, failure.message, failure.refusal.code, JSON.stringify(failure.refusal.params), failure.durationMs],
    );
    return rows.length > 0;
  }

  /** The stored images of a job, by index. */
  async images(jobId: string): Promise<GenerationImageRecord[]> {
    const rows: Array<{ index: number; object_key: string; seed: string | null; bytes: number }> = await this.dataSource.query(
      `SELECT "index", object_key, seed, bytes FROM generation.generation_images WHERE job_id = $1 ORDER BY "index"`,
      [jobId],
    );
    return rows.map((r) => ({ index: r.index, objectKey: r.object_key, seed: r.seed === null ? null : Number(r.seed), bytes: r.bytes }));
  }

  /** Records one stored image (once: a second record of the same index is ignored). */
  async addImage(jobId: string, image: GenerationImageRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO generation.generation_images (job_id, "index", object_key, seed, bytes) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (job_id, "index") DO NOTHING`,
      [jobId, image.index, image.objectKey, image.seed, image.bytes],
    );
  }

  /** Forgets a job's images (a failed job keeps none). */
  async removeImages(jobId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM generation.generation_images WHERE job_id = $1`, [jobId]);
  }

  /**
   * The user's newest `limit` generations, newest first, with how many images each kept (spec §3
   * history item), and how many generations the user has in all (one statement: a window count).
   */
  async history(userId: string, limit: number): Promise<{ items: GenerationHistoryItem[]; total: number }> {
    const rows: Array<{
      id: string;
      status: GenerationStatus;
      credits_spent: number;
      created_at: Date;
      provider: GenerationProvider;
      images: string;
      total: string;
    }> = await this.dataSource.query(
      `SELECT j.id, j.status, j.credits_spent, j.created_at, j.provider,
                (SELECT count(*) FROM generation.generation_images i WHERE i.job_id = j.id) AS images,
                count(*) OVER () AS total
           FROM generation.generation_jobs j
          WHERE j.user_id = $1
          ORDER BY j.created_at DESC, j.id
          LIMIT $2`,
      [userId, limit],
    );
    const items = rows.map((r) => ({
      id: r.id,
      status: r.status,
      creditsSpent: r.credits_spent,
      createdAt: new Date(r.created_at).toISOString(),
      provider: r.provider,
      imageCount: Number(r.images),
    }));
    return { items, total: rows[0] ? Number(rows[0].total) : 0 };
  }

  /** One image of the user's succeeded job, or undefined (another user's, unknown, unfinished or no such index). */
  async ownedImage(userId: string, jobId: string, index: number): Promise<GenerationImageRecord | undefined> {
    const rows: Array<{ index: number; object_key: string; seed: string | null; bytes: number }> = await this.dataSource.query(
      `SELECT i."index", i.object_key, i.seed, i.bytes
         FROM generation.generation_images i JOIN generation.generation_jobs j ON j.id = i.job_id
        WHERE j.id = $1 AND j.user_id = $2 AND j.status = 'succeeded' AND i."index" = $3`,
      [jobId, userId, index],
    );
    const row = rows[0];
    return row
      ? { index: row.index, objectKey: row.object_key, seed: row.seed === null ? null : Number(row.seed), bytes: row.bytes }
      : undefined;
  }
}
