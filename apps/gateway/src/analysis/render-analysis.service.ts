import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import { CommandClient, CommandTimeoutError, NoWorkerError, ServiceUnavailableError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { z } from 'zod';
import { apiError } from '../http/api-error.js';
import { generationIdSchema, imageIndexSchema } from '../generation/generation.service.js';

/** A render's place in the path: the generation's UUID and a 0-based image index (0 to 3). */
const renderRefSchema = z.object({ jobId: generationIdSchema, index: imageIndexSchema });

/** The file name an analysed render carries in its analysis (`render-<n>.jpg`, 1-based as the downloads are). */
export function renderFileName(index: number): string {
  return `render-${index + 1}.jpg`;
}

/**
 * "Analyse this render": one render of the user's generation analysed as a photo. The render is
 * copied into the analysis uploads area (`uploads/<userId>/<uuid>.jpg`, as `POST /api/analyze`
 * stores a photo) and `analysis.analyse-images` runs on it, so it costs no credits and becomes an
 * analysis of the user's library; its tags are then compared (`analysis.compare-tags`) with the
 * source analysis the generation's recipe keeps, or else with its style description.
 */
@Injectable()
export class RenderAnalysisService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @param jobId the path's generation id; @param index the path's 0-based image index
   * @throws ApiException `generation.not-found` (404) for an id that is not a UUID or an index not
   *   0 to 3, before anything is read; DomainError `generation.not-found` for another user's
   *   generation, an unknown or unfinished one, or an index it has no image for (nothing stored or
   *   queued); the analysis job's errors as `POST /api/analyze` answers them (the copy is removed
   *   when the job never ran); the queue's errors
   */
  async analyse(userId: string, jobId: string, index: string): Promise<AnalyseRenderResponse> {
    const ref = renderRefSchema.safeParse({ jobId, index });
    if (!ref.success) throw apiError('generation.not-found');
    const generation = await this.commands.request('generation.get', { userId, jobId: ref.data.jobId });
    if (!generation.images.some((image) => image.index === ref.data.index)) throw apiError('generation.not-found');
    const render = await this.commands.request('generation.get-image', { userId, jobId: ref.data.jobId, index: ref.data.index });

    const key = `uploads/${userId}/${randomUUID()}.jpg`;
    await this.storage.put(key, await this.storage.get(render.key), 'image/jpeg');
    let analysis: AnalyseRenderResponse['analysis'];
    try {
      analysis = await this.commands.request('analysis.analyse-images', {
        userId,
        images: [{ key, fileName: renderFileName(ref.data.index) }],
      });
    } catch (error) {
      // The job never ran: nothing will refer to the copy. (When it ran and failed, the worker removed it.)
      const neverRan =
        error instanceof NoWorkerError ||
        error instanceof ServiceUnavailableError ||
        (error instanceof CommandTimeoutError && error.neverStarted);
      if (neverRan) await this.storage.remove([key]).catch(() => undefined);
      throw error;
    }
    const comparison = await this.commands.request('analysis.compare-tags', {
      userId,
      tags: analysis.tags,
      sourceAnalysisId: generation.recipe?.sourceAnalysisId ?? null,
      styleDescription: generation.styleDescription,
    });
    return { analysis, comparison };
  }
}
