import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ZodError } from 'zod';
import { generationItemFacts } from '@archlens/contracts/library';
import { EventPublisher } from '@archlens/platform/events';
import { runOnceMarked } from '@archlens/platform/database';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/** Generations read per page while the backlog is published. */
const PAGE_SIZE = 500;
/** The marker its migration (`LibraryBacklog1800000000100`) leaves until the backlog is published. */
const MARKER = '"generation"."library_backlog"';

/**
 * Tells the library, once per database, about the finished generations kept before it existed: a
 * `generation.completed` event for each, with the facts a generation that finishes now sends, so an
 * architect's earlier renders are listed in /library. Runs at start
 * while `generation.library_backlog` holds its row (`runOnceMarked`), a page of jobs at a time.
 * The library's upsert makes a second delivery harmless; a job whose facts the event catalogue
 * refuses is logged and left out. A failure is logged and leaves the marker
 * for the next start; it never stops the worker.
 */
@Injectable()
export class LibraryBacklogService implements OnApplicationBootstrap {
  private readonly logger = new Logger('LibraryBacklog');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly jobs: GenerationJobsRepository,
    private readonly events: EventPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const published = await runOnceMarked(this.dataSource, MARKER, () => this.publishAll());
      if (published !== undefined) this.logger.log(`library backlog: ${published} finished generations sent to the library`);
    } catch (error) {
      this.logger.error(`library backlog not sent, left for the next start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Publishes `generation.completed` for every succeeded job, a page at a time in id order. @returns how many */
  private async publishAll(): Promise<number> {
    let count = 0;
    let afterId: string | undefined;
    for (;;) {
      const page = await this.jobs.succeededPage(afterId, PAGE_SIZE);
      for (const { job, imageCount } of page) {
        try {
          const facts = generationItemFacts(job.userId, {
            id: job.id,
            createdAt: job.createdAt.toISOString(),
            styleDescription: job.options.styleDescription,
            provider: job.provider,
            imageCount,
          });
          // A fresh event id: one kept from the job's own completion would make the queue drop this one.
          await this.events.publish('generation.completed', facts);
        } catch (error) {
          // One record the catalogue refuses (a job stored without its style) must not hold back the rest.
          if (!(error instanceof ZodError) && !(error instanceof TypeError)) throw error;
          this.logger.warn(`library backlog: generation ${job.id} left out: ${error.message}`);
        }
      }
      count += page.length;
      if (page.length < PAGE_SIZE) return count;
      afterId = page[page.length - 1].job.id;
    }
  }
}
