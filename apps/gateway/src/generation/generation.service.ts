import { randomInt, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BadRequestException, Injectable } from '@nestjs/common';
import {
  GENERATION_FILE_FIELDS,
  GENERATION_HISTORY_LIMIT,
  GENERATION_MESSAGES,
  generateFieldsSchema,
  MAX_SEED,
  VARIATIONS,
  type GenerateResponse,
  type GenerationHistoryResponse,
} from '@archlens/contracts/generation';
import { CommandClient, CommandTimeoutError, DomainError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { z } from 'zod';
import type { StoredOriginal } from '../uploads/originals.storage-engine.js';
import { apiError } from '../http/api-error.js';

/** A generation id as the contract has it (a UUID); anything else names no generation. */
export const generationIdSchema = z.string().uuid();
/** An image's index in a generation's paths (downloads, overlays, analyses): a whole number of one of the variations (0 to 3). */
export const imageIndexSchema = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0)
      .max(VARIATIONS.max - 1),
  );

/**
 * A random seed for Vary and Retry free (0 to `MAX_SEED`), never the parent's own: a retry with
 * the seed that lost the geometry would most likely lose it again.
 */
export function newSeed(parentSeed: number | null): number {
  const seed = randomInt(0, MAX_SEED + 1);
  return seed === parentSeed ? (seed + 1) % (MAX_SEED + 1) : seed;
}

/** One generated image opened for streaming: its bytes from object storage and its size. */
export interface GeneratedImageDownload {
  stream: Readable;
  bytes: number;
  index: number;
}

/** The 400 text of a field that fails `generateFieldsSchema`: the spec's own sentence as it is, else the field named. */
function fieldsRefusal(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.message.startsWith('Please ')) return issue.message;
  const name = issue.path.join('.');
  return name ? `${name}: ${issue.message}` : issue.message;
}

/**
 * The gateway's side of Image Generation: the upload is stored, the controls
 * checked against the contract, the job queued (its id the one the SPA chose, so its progress
 * stream can be opened first) and its answer returned; the history; the owner's downloads.
 */
@Injectable()
export class GenerationService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Queues `generation.generate` for stored inputs and waits for its answer (up to
   * `QUEUE_SETTINGS.generation.replyTimeoutMs`).
   * @param files the stored sketch and references (`GenerationUploadInterceptor`)
   * @param fields the multipart text fields (`generateFieldsSchema`)
   * @throws BadRequestException 400 for a field that fails the contract or no sketch (spec §5
   *   'Please upload a sketch to generate images.'): the stored files are removed first;
   *   DomainError `credits.insufficient` ('Insufficient credits for this generation (n over
   *   limit)'), `generation.provider-failed` with the provider's message,
   *   `generation.provider-not-configured`; ApiException `generation.source-analysis-not-found` (404)
   *   for a `sourceAnalysisId` that is not the user's analysis (the stored files removed, nothing
   *   queued); the queue's NoWorkerError, ServiceUnavailableError,
   *   CommandTimeoutError (the stored files are removed when the job never ran)
   */
  async generate(userId: string, files: StoredOriginal[], fields: unknown): Promise<GenerateResponse> {
    const parsed = generateFieldsSchema.safeParse(fields ?? {});
    const sketch = files.find((file) => file.field === GENERATION_FILE_FIELDS.sketch);
    if (!parsed.success || !sketch) {
      await this.removeFiles(files);
      // Spec §5 checks the sketch first ('Sketch Required'), then the style description.
      throw new BadRequestException(!sketch || parsed.success ? GENERATION_MESSAGES.sketchRequired : fieldsRefusal(parsed.error));
    }
    const { jobId = randomUUID(), sourceAnalysisId, ...options } = parsed.data;
    const references = files.filter((file) => file.field === GENERATION_FILE_FIELDS.references);
    if (sourceAnalysisId) await this.checkSourceAnalysis(userId, sourceAnalysisId, files);
    try {
      return await this.commands.request(
        'generation.generate',
        {
          userId,
          jobId,
          sketch: { key: sketch.key, fileName: sketch.fileName },
          references: references.map((file) => ({ key: file.key, fileName: file.fileName })),
          options,
          ...(sourceAnalysisId ? { sourceAnalysisId } : {}),
        },
        // The queue's job id is the user's and the generation's together: a second request with the
        // same id from the same user waits on the job under way (a double submission runs once),
        // while another user's request with it becomes a job of its own, which the worker refuses
        // (409), so it can never wait on, and be answered with, someone else's generation.
        { jobId: `${userId}_${jobId}` },
      );
    } catch (error) {
      // The job never ran: nothing will refer to the inputs. (When it ran, the worker removes them.)
      const neverRan =
        error instanceof NoWorkerError ||
        error instanceof ServiceUnavailableError ||
        (error instanceof CommandTimeoutError && error.neverStarted);
      if (neverRan) await this.removeFiles(files);
      throw error;
    }
  }

  /**
   * Runs the user's generation again from its stored recipe, without an upload: `same` keeps its
   * seed (Reproduce), otherwise a new random seed (Vary). A new job id, the parent linked; the
   * credits are reserved and captured by the worker exactly as for an upload. `free-retry` (Retry
   * free) is Vary at no cost, for a generation whose render lost its geometry: the worker checks
   * that it offers it before anything is copied, claims it for the new job (once per generation)
   * and records the zero-cost generation in billing's ledger instead of reserving credits.
   * @param newJobId the new job's id (Retry free lets the SPA choose it, to follow its progress); a new one when absent
   * @throws ApiException `generation.not-found` for an id that is not a UUID; DomainError
   *   `generation.not-found` (another user's), `generation.no-recipe` (409),
   *   `generation.free-retry-not-offered` and `generation.free-retry-used` (409, Retry free), and
   *   every refusal of `generate`
   */
  async rerun(userId: string, parentJobId: string, seed: 'same' | 'new' | 'free-retry', newJobId?: string): Promise<GenerateResponse> {
    const parentId = generationIdSchema.safeParse(parentJobId);
    if (!parentId.success) throw apiError('generation.not-found');
    const freeRetry = seed === 'free-retry';
    const prepared = await this.commands.request('generation.prepare-rerun', {
      userId,
      jobId: parentId.data,
      ...(freeRetry ? { freeRetry } : {}),
    });
    const { seed: _asked, ...options } = prepared.options;
    const chosen = seed === 'same' ? (prepared.seed ?? _asked) : newSeed(prepared.seed);
    const jobId = newJobId ?? randomUUID();
    const inputs = [prepared.sketch, ...prepared.references];
    try {
      return await this.commands.request(
        'generation.generate',
        {
          userId,
          jobId,
          sketch: prepared.sketch,
          references: prepared.references,
          options: { ...options, ...(chosen !== null && chosen !== undefined ? { seed: chosen } : {}) },
          parentId: parentId.data,
          ...(prepared.sourceAnalysisId ? { sourceAnalysisId: prepared.sourceAnalysisId } : {}),
          ...(freeRetry ? { freeRetry } : {}),
        },
        { jobId: `${userId}_${jobId}` },
      );
    } catch (error) {
      const neverRan =
        error instanceof NoWorkerError ||
        error instanceof ServiceUnavailableError ||
        (error instanceof CommandTimeoutError && error.neverStarted);
      if (neverRan) await this.storage.remove(inputs.map((input) => input.key)).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The user's newest generations (at most `GENERATION_HISTORY_LIMIT`; spec §7 `GET /api/generations`,
   * Recent Activity shows 5) and how many they have in all (the home's 'Total Generations', spec §2).
   */
  history(userId: string): Promise<{ items: GenerationHistoryResponse; total: number }> {
    return this.commands.request('generation.list', { userId, limit: GENERATION_HISTORY_LIMIT });
  }

  /**
   * One image of the user's generation, opened for streaming.
   * @param jobId the path's job id; @param index the path's 0-based index
   * @throws ApiException `generation.not-found` for a job id that is not a UUID or an index
   *   that is not 0 to 3 (nothing queued); DomainError with the same code for another user's job,
   *   an unknown or unfinished one; the queue's errors; the store's error when the image cannot be opened
   */
  async image(userId: string, jobId: string, index: string): Promise<GeneratedImageDownload> {
    const id = generationIdSchema.safeParse(jobId);
    const position = imageIndexSchema.safeParse(index);
    if (!id.success || !position.success) throw apiError('generation.not-found');
    const image = await this.commands.request('generation.get-image', { userId, jobId: id.data, index: position.data });
    return { stream: await this.storage.getStream(image.key), bytes: image.bytes, index: position.data };
  }

  /**
   * Checks that the analysis a style came from (`sourceAnalysisId`, "Use as style") is the user's,
   * before anything is queued; the stored files of a refused request are removed.
   * @throws ApiException `generation.source-analysis-not-found` (404) for an unknown, deleted or
   *   another user's analysis (the same answer for each); the queue's errors
   */
  private async checkSourceAnalysis(userId: string, analysisId: string, files: StoredOriginal[]): Promise<void> {
    try {
      await this.commands.request('analysis.get-item', { userId, kind: 'analysis', id: analysisId });
    } catch (error) {
      await this.removeFiles(files);
      if (error instanceof DomainError && error.code === 'report.analysis-not-found')
        throw apiError('generation.source-analysis-not-found');
      throw error;
    }
  }

  /**
   * The PNG of the sketch's lines one image of the user's generation did not keep, opened for
   * streaming (its size from object storage).
   * @param jobId the path's job id; @param index the path's 0-based index
   * @throws ApiException `generation.not-found` as `image` does, and for an image with no overlay;
   *   DomainError with the same code for another user's job, an unknown or unfinished one; the
   *   queue's errors; the store's error when the overlay cannot be opened
   */
  async fidelityOverlay(userId: string, jobId: string, index: string): Promise<GeneratedImageDownload> {
    const id = generationIdSchema.safeParse(jobId);
    const position = imageIndexSchema.safeParse(index);
    if (!id.success || !position.success) throw apiError('generation.not-found');
    const { overlayKey } = await this.commands.request('generation.get-image', { userId, jobId: id.data, index: position.data });
    const stored = overlayKey ? await this.storage.stat(overlayKey) : undefined;
    if (!overlayKey || !stored) throw apiError('generation.not-found');
    return { stream: await this.storage.getStream(overlayKey), bytes: stored.size, index: position.data };
  }

  private async removeFiles(files: StoredOriginal[]): Promise<void> {
    await this.storage.remove(files.map((file) => file.key)).catch(() => undefined);
  }
}
