import { Injectable } from '@nestjs/common';
import { GENERATION_MESSAGES, type GenerationHistoryItem } from '@archlens/contracts/generation';
import { DomainError } from '@archlens/platform/messaging';
import { GenerationRecords } from './generation-records.js';

/**
 * What the user reads back of their generations (issue 16; spec §3 history item, §7
 * `GET /api/generations` and `GET /api/download/{jobId}/{index}`): the history behind Recent
 * Activity, and the owner's stored images.
 */
@Injectable()
export class GenerationHistoryService {
  constructor(private readonly records: GenerationRecords) {}

  /** The user's generations, newest first, at most `limit`. */
  list(userId: string, limit: number): Promise<GenerationHistoryItem[]> {
    return this.records.history(userId, limit);
  }

  /**
   * Where one image of the user's succeeded generation is stored.
   * @returns its object key, content type and size in bytes
   * @throws DomainError 404 `Generation not found.` for another user's job, an unknown or unfinished
   *   one, or an index it has no image for (the same text for each: nothing tells them apart)
   */
  async image(userId: string, jobId: string, index: number): Promise<{ key: string; contentType: 'image/jpeg'; bytes: number }> {
    const image = await this.records.ownedImage(userId, jobId, index);
    if (!image) throw new DomainError(404, GENERATION_MESSAGES.notFound);
    return { key: image.objectKey, contentType: 'image/jpeg', bytes: image.bytes };
  }
}
