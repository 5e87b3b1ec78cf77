import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { MAX_ANALYSIS_IMAGES } from '@archlens/contracts/analysis';
import type { ErrorCode } from '@archlens/contracts/errors';
import type { GenerationDetail } from '@archlens/contracts/generation';
import type { AnalysisDetail, AnalysisItemKind, DeletedResponse, SketchReadingDetail } from '@archlens/contracts/library';
import { itemImagePath } from '@archlens/contracts/paths';
import { CommandClient } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { apiError } from '../http/api-error.js';

/** An item id as the contract has it (a UUID); anything else names no item. */
const itemIdSchema = z.string().uuid();
/** An image index in a path: a whole number below the most photos an item holds. */
export const imageIndexSchema = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0)
      .max(MAX_ANALYSIS_IMAGES - 1),
  );

/** The 404 of each kind of item, answered before any job for an id that cannot be one. */
const NOT_FOUND: Record<AnalysisItemKind | 'generation', ErrorCode> = {
  analysis: 'report.analysis-not-found',
  'sketch-reading': 'sketch-reading.not-found',
  generation: 'generation.not-found',
};

/** One thumbnail opened for streaming: its JPEG bytes and their number. */
export interface ThumbnailDownload {
  stream: Readable;
  bytes: number;
}

/**
 * The gateway's side of library items read and removed by id: analyses and sketch readings
 * (analysis-worker, `analysis.get-item`, `analysis.get-item-image`, `analysis.delete-item`) and
 * generations (generation-worker, `generation.get`, `generation.delete`). Ownership is the owning
 * worker's check; an id that is not a UUID answers the same 404 before anything is queued.
 */
@Injectable()
export class LibraryItemsService {
  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * The user's analysis, whole, with a thumbnail URL per photo.
   * @throws ApiException / DomainError `report.analysis-not-found` (another user's, unknown or not a UUID); the queue's errors
   */
  async analysis(userId: string, id: string): Promise<AnalysisDetail> {
    const result = await this.commands.request('analysis.get-item', { userId, kind: 'analysis', id: this.itemId('analysis', id) });
    if (result.kind !== 'analysis') throw apiError(NOT_FOUND.analysis);
    return { ...result.item, images: imagesOf('analysis', result.item.id, result.item.imageCount) };
  }

  /**
   * The user's sketch reading, whole, with a thumbnail URL per sketch.
   * @throws ApiException / DomainError `sketch-reading.not-found`; the queue's errors
   */
  async sketchReading(userId: string, id: string): Promise<SketchReadingDetail> {
    const result = await this.commands.request('analysis.get-item', {
      userId,
      kind: 'sketch-reading',
      id: this.itemId('sketch-reading', id),
    });
    if (result.kind !== 'sketch-reading') throw apiError(NOT_FOUND['sketch-reading']);
    return { ...result.item, images: imagesOf('sketch-reading', result.item.id, result.item.imageCount) };
  }

  /**
   * The thumbnail of photo or sketch `index` of the user's item, opened for streaming.
   * @throws ApiException the kind's 404 for a bad id or index; DomainError the same from the worker; the store's error
   */
  async thumbnail(userId: string, kind: AnalysisItemKind, id: string, index: string): Promise<ThumbnailDownload> {
    const position = imageIndexSchema.safeParse(index);
    if (!position.success) throw apiError(NOT_FOUND[kind]);
    const image = await this.commands.request('analysis.get-item-image', { userId, kind, id: this.itemId(kind, id), index: position.data });
    return { stream: await this.storage.getStream(image.key), bytes: image.bytes };
  }

  /**
   * Removes the user's analysis or sketch reading with its stored objects.
   * @throws ApiException / DomainError the kind's 404; the queue's errors
   */
  deleteAnalysisItem(userId: string, kind: AnalysisItemKind, id: string): Promise<DeletedResponse> {
    return this.commands.request('analysis.delete-item', { userId, kind, id: this.itemId(kind, id) });
  }

  /**
   * The user's generation, whole.
   * @throws ApiException / DomainError `generation.not-found`; the queue's errors
   */
  generation(userId: string, jobId: string): Promise<GenerationDetail> {
    return this.commands.request('generation.get', { userId, jobId: this.itemId('generation', jobId) });
  }

  /**
   * Removes the user's finished generation with its renders.
   * @throws ApiException / DomainError `generation.not-found`, `generation.in-progress` (409); the queue's errors
   */
  deleteGeneration(userId: string, jobId: string): Promise<DeletedResponse> {
    return this.commands.request('generation.delete', { userId, jobId: this.itemId('generation', jobId) });
  }

  /** The path's id when it is a UUID. @throws ApiException the kind's 404 otherwise (nothing queued) */
  private itemId(kind: AnalysisItemKind | 'generation', id: string): string {
    const parsed = itemIdSchema.safeParse(id);
    if (!parsed.success) throw apiError(NOT_FOUND[kind]);
    return parsed.data;
  }
}

/** The thumbnail URLs of an item's `count` photos or sketches, in order. */
function imagesOf(kind: AnalysisItemKind, id: string, count: number): Array<{ index: number; url: string }> {
  return Array.from({ length: count }, (_, index) => ({ index, url: itemImagePath(kind, id, index) }));
}
