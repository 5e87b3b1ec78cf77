import { Injectable } from '@nestjs/common';
import { errorText } from '@archlens/contracts/errors';
import type { GenerationHistoryItem, GenerationStatusResult } from '@archlens/contracts/generation';
import { DomainError } from '@archlens/platform/messaging';
import { GenerationImagesRepository } from './generation-images.repository.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/**
 * What the user reads back of their generations (spec §3 history item, §7 `GET /api/generations`
 * and `GET /api/download/{jobId}/{index}`): the history behind Recent Activity, and the owner's
 * stored images.
 */
@Injectable()
export class GenerationHistoryService {
  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly images: GenerationImagesRepository,
  ) {}

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
   * Where one image of the user's succeeded generation is stored.
   * @returns its object key, content type and size in bytes
   * @throws DomainError `generation.not-found` for another user's job, an unknown or unfinished
   *   one, or an index it has no image for (the same text for each: nothing tells them apart)
   */
  async image(userId: string, jobId: string, index: number): Promise<{ key: string; contentType: 'image/jpeg'; bytes: number }> {
    const image = await this.images.findOwned(userId, jobId, index);
    if (!image) throw new DomainError('generation.not-found');
    return { key: image.objectKey, contentType: 'image/jpeg', bytes: image.bytes };
  }
}
