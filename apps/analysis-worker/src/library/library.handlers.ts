import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { DeliveredEvent, EventHandlers } from '@archlens/platform/events';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers } from '@archlens/platform/worker-host';
import { LibraryService } from './library.service.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

/**
 * The `library` queue: projects, filing and the search → `LibraryService` (`project.*` refusals),
 * share links → `SharesService` (`share.not-found`).
 */
@Injectable()
export class LibraryHandlers implements QueueHandlers<typeof QUEUES.library> {
  readonly queue = QUEUES.library;

  constructor(
    private readonly library: LibraryService,
    private readonly shares: SharesService,
  ) {}

  /** Each `library.*` command → the `LibraryService` method of its name. */
  handlers(): JobHandlers<typeof QUEUES.library> {
    return {
      'library.create-project': ({ userId, name }) => this.library.createProject(userId, name),
      'library.list-projects': ({ userId }) => this.library.listProjects(userId),
      'library.get-project': ({ userId, projectId, page }) => this.library.getProject(userId, projectId, page),
      'library.rename-project': ({ userId, projectId, name }) => this.library.renameProject(userId, projectId, name),
      'library.delete-project': ({ userId, projectId }) => this.library.deleteProject(userId, projectId),
      'library.file-item': ({ projectId, item }) => this.library.fileItem(projectId, item),
      'library.unfile-item': ({ userId, projectId, type, id }) => this.library.unfileItem(userId, projectId, type, id),
      'library.search': ({ userId, ...query }) => this.library.search(userId, query),
      'library.export': ({ userId }) => this.library.exportProjects(userId),
      'library.create-share': (data) => this.shares.create(data),
      'library.list-shares': ({ userId }) => this.shares.list(userId),
      'library.revoke-share': (data) => this.shares.revoke(data),
      'library.open-share': ({ tokenHash }) => this.shares.open(tokenHash),
    };
  }
}

/**
 * The `library.events` subscription (`EVENT_SUBSCRIPTIONS`): an item recorded by its owner is
 * indexed, a deleted one forgotten with its share links. Both are idempotent on the item (an upsert, a delete), so a
 * redelivery changes nothing.
 */
@Injectable()
export class LibraryEventsHandlers implements EventHandlers {
  readonly queue = QUEUES.libraryEvents;

  constructor(
    private readonly library: LibraryService,
    private readonly shares: SharesRepository,
  ) {}

  /** @throws the database's error, so BullMQ tries the delivery again */
  async handle(event: DeliveredEvent): Promise<void> {
    if (event.name === 'analysis.completed' || event.name === 'generation.completed') await this.library.record(event.payload);
    else if (event.name === 'item.deleted') {
      await this.library.forget(event.payload.userId, event.payload.type, event.payload.id);
      await this.shares.removeForItem(event.payload.userId, event.payload.type, event.payload.id);
    }
  }
}
