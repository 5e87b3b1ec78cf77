import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError, type DataSource, type Repository } from 'typeorm';
import type { ErrorReference } from '@archlens/contracts/errors';
import type { GenerationMetadata } from '@archlens/contracts/generation';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { GenerationImageEntity } from './generation-image.entity.js';
import { GenerationJobEntity, type StoredRecipe, type GenerationInputs } from './generation-job.entity.js';

/**
 * What a job starts with; the rest of its row is the database's defaults. `freeRetryOf`: the
 * generation it retries free (then `parentId` too).
 */
export type NewGenerationJob = Pick<GenerationJobEntity, 'id' | 'userId' | 'provider' | 'options' | 'inputs'> & {
  parentId?: string;
  freeRetryOf?: string;
  sourceAnalysisId?: string;
};

/** The unique index that lets a generation record one free retry (`free_retry_of`). */
const FREE_RETRY_INDEX = 'UQ_generation_jobs_free_retry_of';

/** `start` of a free retry whose generation has had its free retry recorded by another job (two asked at once). */
export class FreeRetryTakenError extends Error {
  constructor(readonly generationId: string) {
    super(`generation ${generationId} has a free retry recorded already`);
  }
}

/** A succeeded job's answer, kept so that a repeat of its job id answers the same; `durationMs` in ms. */
export interface GenerationSuccess {
  seed: number | null;
  creditsSpent: number;
  metadata: GenerationMetadata;
  durationMs: number;
}

/** A failed job's refusal (code and parameters, answered again to a repeat), the user's text of it, and its `durationMs` in ms. */
export interface GenerationFailure {
  refusal: ErrorReference;
  message: string;
  durationMs: number;
}

/** One generation of the history: its row's listed columns and how many images it kept. */
export type GenerationHistoryRow = Pick<GenerationJobEntity, 'id' | 'status' | 'creditsSpent' | 'createdAt' | 'provider'> & {
  imageCount: number;
};

/**
 * All data access to `generation.generation_jobs`. Every change of a job's outcome is conditional
 * on it still being pending, so a second copy of a job (redelivered while the first still ran)
 * cannot overwrite a finished one.
 */
@Injectable()
export class GenerationJobsRepository {
  private readonly jobs: Repository<GenerationJobEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {
    this.jobs = dataSource.getRepository(GenerationJobEntity);
  }

  /** @returns the job `id`, or null when there is none */
  findById(id: string): Promise<GenerationJobEntity | null> {
    return this.jobs.findOneBy({ id });
  }

  /** Records the recipe a succeeded job keeps. */
  async noteRecipe(id: string, recipe: StoredRecipe): Promise<void> {
    await this.jobs.update({ id }, { recipe });
  }

  /**
   * One page of every user's succeeded jobs, in id order after `afterId`, each with its number of
   * stored images (the library backlog's read).
   */
  async succeededPage(afterId: string | undefined, limit: number): Promise<Array<{ job: GenerationJobEntity; imageCount: number }>> {
    const query = this.jobs
      .createQueryBuilder('job')
      .select(['job.id', 'job.userId', 'job.createdAt', 'job.provider', 'job.options'])
      .addSelect(
        (images) => images.select('count(*)::int').from(GenerationImageEntity, 'image').where('image.jobId = job.id'),
        'image_count',
      )
      .where('job.status = :status', { status: 'succeeded' })
      .orderBy('job.id', 'ASC')
      .limit(limit);
    if (afterId) query.andWhere('job.id > :afterId', { afterId });
    const { entities, raw } = await query.getRawAndEntities<{ image_count: number }>();
    return entities.map((job, i) => ({ job, imageCount: raw[i].image_count }));
  }

  /** The ids of all the user's generations, oldest first. */
  async idsOf(userId: string): Promise<string[]> {
    const rows = await this.jobs.find({ where: { userId }, select: { id: true }, order: { createdAt: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** The id of the generation recorded as `id`'s free retry (running or succeeded), or null when it has none. */
  async freeRetryOf(id: string): Promise<string | null> {
    const row = await this.jobs.findOne({ where: { freeRetryOf: id }, select: { id: true } });
    return row?.id ?? null;
  }

  /** The ids of the user's generations that ran `id` again, oldest first. */
  async childrenOf(userId: string, id: string): Promise<string[]> {
    const rows = await this.jobs.find({ where: { userId, parentId: id }, select: { id: true }, order: { createdAt: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /**
   * Of `keys` (recipe objects), those some generation's recipe still names. SQL, since TypeORM
   * cannot select from `jsonb_array_elements`.
   */
  async recipeKeysInUse(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT k AS key FROM unnest($1::text[]) AS k
        WHERE EXISTS (
          SELECT 1 FROM generation.generation_jobs j
           WHERE j.recipe IS NOT NULL
             AND (j.recipe->'sketch'->>'key' = k OR EXISTS (SELECT 1 FROM jsonb_array_elements(j.recipe->'references') r WHERE r->>'key' = k)))`,
      [keys],
    );
    return rows.map((row) => row.key);
  }

  /**
   * Removes the user's job (its images' rows go with it: `ON DELETE CASCADE`), unless it is pending.
   * @returns true when a row was removed
   */
  async removeFinished(userId: string, id: string): Promise<boolean> {
    const result = await this.jobs
      .createQueryBuilder()
      .delete()
      .where('id = :id AND user_id = :userId AND status <> :pending', { id, userId, pending: 'pending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Records the start of an attempt in one upsert: the job is inserted as pending (attempt 1), or,
   * when its id is the same user's, counted one more attempt (`ON CONFLICT (id) DO UPDATE … WHERE`
   * the stored user is this one); a row of another user's is left untouched. SQL, since TypeORM's
   * upsert can only copy the new row's values, not add to the stored count. A free retry is
   * recorded by the same insert: the unique `free_retry_of` lets only one job hold it, so two asked
   * at once cannot both start (a redelivered job finds its own row by id and is counted again).
   * @returns the job as stored, or null when `job.id` belongs to another user
   * @throws FreeRetryTakenError when `job.freeRetryOf` has a free retry recorded by another job;
   *   the database's other errors
   */
  async start(job: NewGenerationJob): Promise<GenerationJobEntity | null> {
    try {
      const rows: Array<Record<string, unknown>> = await this.dataSource.query(
        `INSERT INTO generation.generation_jobs AS j (id, user_id, status, provider, options, inputs, seed, parent_id, free_retry_of, source_analysis_id, attempts, started_at)
         VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, 1, now())
         ON CONFLICT (id) DO UPDATE SET attempts = j.attempts + 1, started_at = now()
           WHERE j.user_id = EXCLUDED.user_id
         RETURNING j.*`,
        [
          job.id,
          job.userId,
          job.provider,
          JSON.stringify(job.options),
          JSON.stringify(job.inputs),
          job.options.seed ?? null,
          job.parentId ?? null,
          job.freeRetryOf ?? null,
          job.sourceAnalysisId ?? null,
        ],
      );
      return rows[0] ? this.toEntity(rows[0]) : null;
    } catch (error) {
      const constraint = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : undefined;
      if (job.freeRetryOf && constraint === FREE_RETRY_INDEX) throw new FreeRetryTakenError(job.freeRetryOf);
      throw error;
    }
  }

  /** Notes the credits held for a pending job (billing's reservation, reference = the job id). */
  async noteReservation(id: string, reservationId: string, credits: number): Promise<void> {
    await this.jobs.update({ id, status: 'pending' }, { reservationId, creditsReserved: credits });
  }

  /** Adds `ms` of provider time to the job's total (rounded to whole ms). */
  async addProviderTime(id: string, ms: number): Promise<void> {
    await this.jobs.increment({ id }, 'providerMs', Math.round(ms));
  }

  /**
   * Marks a pending job succeeded with what it answered.
   * @returns false when it was no longer pending (another copy finished it first)
   */
  async succeed(id: string, success: GenerationSuccess): Promise<boolean> {
    const result = await this.jobs.update(
      { id, status: 'pending' },
      {
        status: 'succeeded',
        seed: success.seed,
        creditsSpent: success.creditsSpent,
        metadata: success.metadata,
        durationMs: success.durationMs,
        finishedAt: () => 'now()',
        error: null,
        errorCode: null,
        errorParams: null,
      },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Marks a pending job failed with its refusal and the user's text of it; it spends nothing. A
   * free retry that fails clears `free_retry_of`: its generation offers the retry again.
   * @returns false when it was no longer pending
   */
  async fail(id: string, failure: GenerationFailure): Promise<boolean> {
    const result = await this.jobs.update(
      { id, status: 'pending' },
      {
        status: 'failed',
        freeRetryOf: null,
        error: failure.message,
        errorCode: failure.refusal.code,
        errorParams: failure.refusal.params,
        durationMs: failure.durationMs,
        finishedAt: () => 'now()',
        creditsSpent: 0,
      },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Fails every job still pending whose latest attempt started more than `seconds` ago (its worker
   * died and nobody resumed it), with `failure`'s refusal, spending nothing (a free retry gives its
   * generation the retry back, as `fail`).
   * @returns the failed jobs' ids and inputs, for their images and uploads to be removed
   */
  async failLapsed(
    seconds: number,
    failure: Omit<GenerationFailure, 'durationMs'>,
  ): Promise<Array<Pick<GenerationJobEntity, 'id' | 'inputs'>>> {
    const result = await this.jobs
      .createQueryBuilder()
      .update()
      .set({
        status: 'failed',
        freeRetryOf: null,
        error: failure.message,
        errorCode: failure.refusal.code,
        errorParams: failure.refusal.params,
        durationMs: () => `GREATEST(0, round(extract(epoch FROM now() - created_at) * 1000))::int`,
        finishedAt: () => 'now()',
        creditsSpent: 0,
      })
      .where(`status = 'pending' AND started_at < now() - make_interval(secs => :seconds)`, { seconds })
      .returning(['id', 'inputs'])
      .updateEntity(false)
      .execute();
    return (result.raw as Array<{ id: string; inputs: GenerationInputs }>).map(({ id, inputs }) => ({ id, inputs }));
  }

  /**
   * The user's newest `limit` generations, newest first (the id breaks ties), each with how many
   * images it kept, and how many generations the user has in all, in one statement (a window count).
   */
  async history(userId: string, limit: number): Promise<{ rows: GenerationHistoryRow[]; total: number }> {
    const raw = await this.jobs
      .createQueryBuilder('job')
      .select('job.id', 'id')
      .addSelect('job.status', 'status')
      .addSelect('job.creditsSpent', 'creditsSpent')
      .addSelect('job.createdAt', 'createdAt')
      .addSelect('job.provider', 'provider')
      .addSelect(
        (images) => images.select('count(*)::int').from(GenerationImageEntity, 'image').where('image.jobId = job.id'),
        'imageCount',
      )
      .addSelect('count(*) OVER ()::int', 'total')
      .where('job.userId = :userId', { userId })
      .orderBy('job.createdAt', 'DESC')
      .addOrderBy('job.id', 'ASC')
      .limit(limit)
      .getRawMany<GenerationHistoryRow & { total: number }>();
    return { rows: raw.map(({ total: _total, ...row }) => row), total: raw[0]?.total ?? 0 };
  }

  /**
   * Of `keys`, those a pending generation still reads: its sketch and every reference of its
   * inputs. SQL, since TypeORM cannot select from `jsonb_array_elements`.
   */
  async pendingInputKeys(keys: string[]): Promise<string[]> {
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT DISTINCT k AS key
         FROM generation.generation_jobs j,
              LATERAL (SELECT j.inputs -> 'sketch' ->> 'key' AS k
                       UNION ALL
                       SELECT r ->> 'key' FROM jsonb_array_elements(j.inputs -> 'references') r) keys
        WHERE j.status = 'pending' AND k = ANY($1::text[])`,
      [keys],
    );
    return rows.map((row) => row.key);
  }

  /**
   * A `generation_jobs` row returned by SQL as the entity, read through the entity's own column
   * metadata (column names, types, the seed's transformer) as TypeORM reads the rows it selects.
   */
  private toEntity(row: Record<string, unknown>): GenerationJobEntity {
    const job = this.jobs.create();
    for (const column of this.jobs.metadata.columns) {
      column.setEntityValue(job, this.dataSource.driver.prepareHydratedValue(row[column.databaseName], column));
    }
    return job;
  }

  /**
   * Removes every generation of the user's, whatever its status; their images' rows cascade.
   * @returns how many generations were removed
   */
  async deleteAllOf(userId: string): Promise<number> {
    return (await this.jobs.delete({ userId })).affected ?? 0;
  }
}
