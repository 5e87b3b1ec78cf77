import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  analysisItemFacts,
  generationItemFacts,
  libraryItemTypeSchema,
  sketchReadingItemFacts,
  type FileItemRequest,
  type LibraryItemFacts,
  type LibraryItemType,
} from '@archlens/contracts/library';
import { CommandClient } from '@archlens/platform/messaging';
import { apiError } from '../http/api-error.js';
import { LibraryItemsService } from './library-items.service.js';

const uuid = z.string().uuid();

/**
 * The gateway's side of projects and the library listing (the `library` queue, analysis-worker).
 * Filing asks the item's owner for it first (`analysis.get-item`, `generation.get`), so an item that
 * does not exist or is another user's answers that owner's 404, and the library indexes what the
 * owner answered.
 */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly commands: CommandClient,
    private readonly items: LibraryItemsService,
  ) {}

  /**
   * The user's project id from a path. @throws ApiException `project.not-found` for one that is not a UUID (nothing queued)
   */
  projectId(id: string): string {
    const parsed = uuid.safeParse(id);
    if (!parsed.success) throw apiError('project.not-found');
    return parsed.data;
  }

  /**
   * Files the user's item in the project.
   * @throws DomainError the item kind's not-found (404) when the owner has no such item of the user's,
   *   `project.not-found`; the queues' errors
   */
  async file(userId: string, projectId: string, request: FileItemRequest) {
    const item = await this.factsOf(userId, request.type, request.id);
    return this.commands.request('library.file-item', { projectId: this.projectId(projectId), item });
  }

  /**
   * Takes the item out of the project.
   * @throws ApiException `project.item-not-filed` for a type or id that cannot name an item; DomainError `project.not-found`, `project.item-not-filed`
   */
  unfile(userId: string, projectId: string, type: string, itemId: string) {
    const parsedType = libraryItemTypeSchema.safeParse(type);
    const parsedId = uuid.safeParse(itemId);
    if (!parsedType.success || !parsedId.success) throw apiError('project.item-not-filed');
    return this.commands.request('library.unfile-item', {
      userId,
      projectId: this.projectId(projectId),
      type: parsedType.data,
      id: parsedId.data,
    });
  }

  /** The item's facts, as its owner answers for it. */
  private async factsOf(userId: string, type: LibraryItemType, id: string): Promise<LibraryItemFacts> {
    if (type === 'analysis') return analysisItemFacts(userId, await this.items.analysis(userId, id));
    if (type === 'sketch-reading') return sketchReadingItemFacts(userId, await this.items.sketchReading(userId, id));
    const generation = await this.items.generation(userId, id);
    return generationItemFacts(userId, { ...generation, imageCount: generation.images.length });
  }
}
