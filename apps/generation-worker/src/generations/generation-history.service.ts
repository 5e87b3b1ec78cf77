import { Injectable, Logger } from '@nestjs/common';
import { errorText } from '@archlens/contracts/errors';
import {
  generatedImageOf,
  type GenerationDetail,
  type GenerationHistoryItem,
  type GenerationStatusResult,
} from '@archlens/contracts/generation';
import type { DeletedResponse } from '@archlens/contracts/library';
import { EventPublisher } from '@archlens/platform/events';
import { DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { FreeRetryOffers } from './free-retry.js';
import { GenerationImagesRepository } from './generation-images.repository.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';
import { RecipeStore } from './recipe-store.js';

/**
 * What the user reads back of their generations (spec §3 history item, §7 `GET /api/generations`
 * and `GET /api/download/{jobId}/{index}`): the history behind Recent Activity, and the owner's
 * stored images.
 */
@Injectable()
export class GenerationHistoryService {
  private readonly logger = new Logger('GenerationHistory');

  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly images: GenerationImagesRepository,
    private readonly storage: ObjectStorage,
    private readonly events: EventPublisher,
    private readonly recipes: RecipeStore,
    private readonly freeRetries: FreeRetryOffers,
  ) {}

  /**
   * `generation.get`: the user's generation whole (state, credits spent, images with their download
   * URLs and seeds, what it answered with, the user's text of a failure, its recipe and lineage,
   * and whether it offers Retry free).
   * @throws DomainError `generation.not-found` for another user's job or an unknown one
   */
  async detail(userId: string, jobId: string): Promise<GenerationDetail> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.userId !== userId) throw new DomainError('generation.not-found');
    const [images, childrenIds] = await Promise.all([
      job.status === 'succeeded' ? this.images.listForJob(jobId) : Promise.resolve([]),
      this.jobs.childrenOf(userId, jobId),
    ]);
    const freeRetry = await this.freeRetries.stateOf(
      job,
      images.map((image) => image.fidelity),
    );
    const { options } = job;
    const recipe = job.recipe
      ? {
          sketch: { fileName: job.recipe.sketch.fileName, sha256: job.recipe.sketch.sha256 },
          references: job.recipe.references.map((reference) => ({ fileName: reference.fileName, sha256: reference.sha256 })),
          styleDescription: options.styleDescription,
          sketchDescription: options.sketchDescription ?? null,
          provider: job.provider,
          model: job.metadata?.model ?? null,
          seed: job.seed,
          sketchInfluence: options.sketchInfluence,
          aspectRatio: options.aspectRatio,
          lighting: options.lighting,
          detailLevel: options.detailLevel,
          variations: options.variations,
          sourceAnalysisId: job.sourceAnalysisId,
        }
      : null;
    return {
      id: job.id,
      status: job.status,
      provider: job.provider,
      creditsUsed: job.creditsSpent,
      createdAt: job.createdAt.toISOString(),
      styleDescription: job.options.styleDescription,
      seed: job.seed,
      images: images.map((image) => generatedImageOf(jobId, image)),
      metadata: job.metadata,
      message: job.status === 'failed' ? (job.error ?? errorText('generation.failed')) : null,
      recipe,
      parentId: job.parentId,
      childrenIds,
      freeRetry,
    };
  }

  /** `generation.export-items`: every generation of the user's, whole, oldest first, with its renders' keys. */
  async exportAll(userId: string): Promise<{ generations: Array<Omit<GenerationDetail, 'images'> & { imageKeys: string[] }> }> {
    const generations = [];
    for (const id of await this.jobs.idsOf(userId)) {
      const { images: _urls, ...detail } = await this.detail(userId, id);
      const stored = detail.status === 'succeeded' ? await this.images.listForJob(id) : [];
      generations.push({ ...detail, imageKeys: stored.map((image) => image.objectKey) });
    }
    return { generations };
  }

  /**
   * `generation.delete`: removes the user's finished generation's renders
   * (`generations/<userId>/<jobId>/`; its inputs went when it finished), then its row, then the
   * recipe objects no other generation names and its images' rows.
   * Objects go first, so a failure leaves it listed and a repeat finishes the work. Publishes
   * `item.deleted` for the library.
   * @throws DomainError `generation.not-found` for another user's job or an unknown one,
   *   `generation.in-progress` while it is pending; the store's or database's error
   */
  async delete(userId: string, jobId: string): Promise<DeletedResponse> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.userId !== userId) throw new DomainError('generation.not-found');
    if (job.status === 'pending') throw new DomainError('generation.in-progress');
    const renders = await this.storage.list(`generations/${userId}/${jobId}/`);
    await this.storage.remove(renders);
    if (!(await this.jobs.removeFinished(userId, jobId))) throw new DomainError('generation.not-found');
    await this.recipes.release(job.recipe);
    this.logger.log(`generation ${jobId} deleted with ${renders.length} renders`);
    await this.events.tryPublish('item.deleted', { userId, type: 'generation', id: jobId });
    return { deleted: true };
  }

  /** The user's generations, newest first, at most `limit`, and how many they have in all. */
  async list(userId: string, limit: number): Promise<{ items: GenerationHistoryItem[]; total: number }> {
    const { rows, total } = await this.jobs.history(userId, limit);
    const items = rows.map((row) => ({
      id: row.id,
      status: row.status,
      creditsSpent: row.creditsSpent,
      createdAt: row.createdAt.toISOString(),
      provider: row.provider,
      imageCount: row.imageCount,
    }));
    return { items, total };
  }

  /**
   * Where the user's generation `jobId` stands, for its progress stream: `unknown` while no job has
   * that id (the SPA opens the stream before it posts), else its status, the images it kept and the
   * user's text of a failure.
   * @throws DomainError `generation.not-found` for another user's job (the same answer as an
   *   unknown download: nothing tells another user's job apart from none)
   */
  async status(userId: string, jobId: string): Promise<GenerationStatusResult> {
    const job = await this.jobs.findById(jobId);
    if (!job) return { status: 'unknown', imageCount: 0, message: null };
    if (job.userId !== userId) throw new DomainError('generation.not-found');
    if (job.status === 'failed') return { status: 'failed', imageCount: 0, message: job.error ?? errorText('generation.failed') };
    return { status: job.status, imageCount: job.status === 'succeeded' ? await this.images.countForJob(jobId) : 0, message: null };
  }

  /**
   * Where one image of the user's succeeded generation is stored, and its unmatched-lines overlay.
   * @returns its object key, content type and size in bytes, and its overlay's key (null when it has none)
   * @throws DomainError `generation.not-found` for another user's job, an unknown or unfinished
   *   one, or an index it has no image for (the same text for each: nothing tells them apart)
   */
  async image(
    userId: string,
    jobId: string,
    index: number,
  ): Promise<{ key: string; contentType: 'image/jpeg'; bytes: number; overlayKey: string | null }> {
    const image = await this.images.findOwned(userId, jobId, index);
    if (!image) throw new DomainError('generation.not-found');
    return { key: image.objectKey, contentType: 'image/jpeg', bytes: image.bytes, overlayKey: image.overlayKey };
  }
}
