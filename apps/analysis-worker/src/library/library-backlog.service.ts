import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { DataSource, ObjectLiteral, Repository } from 'typeorm';
import { analysisItemFacts, sketchReadingItemFacts, type LibraryItemFacts } from '@archlens/contracts/library';
import { runOnceMarked } from '@archlens/platform/database';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import { analysisDetailOf, sketchReadingDetailOf } from '../items/analysis-items.service.js';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';
import { LibraryService } from './library.service.js';

/** Records read per page while the backlog is indexed. */
const PAGE_SIZE = 500;
/** The marker its migration (`LibraryBacklog1800000000100`) leaves until the backlog is indexed. */
const MARKER = '"analysis"."library_backlog"';

/**
 * Indexes, once per database, the analyses and sketch readings kept before the library existed, so
 * an architect's earlier work is listed and searched in /library like anything made since. Runs at
 * start while `analysis.library_backlog` holds its row (`runOnceMarked`), a page of records at a
 * time in id order, through the same idempotent upsert the `analysis.completed` events use.
 * A failure is logged and leaves the marker for the next start; it never stops the worker.
 */
@Injectable()
export class LibraryBacklogService implements OnApplicationBootstrap {
  private readonly logger = new Logger('LibraryBacklog');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly library: LibraryService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const indexed = await runOnceMarked(this.dataSource, MARKER, async () => {
        const analyses = await this.indexAll(this.dataSource.getRepository(AnalysisEntity), (a) =>
          analysisItemFacts(a.userId, analysisDetailOf(a)),
        );
        const readings = await this.indexAll(this.dataSource.getRepository(SketchReadingEntity), (r) =>
          sketchReadingItemFacts(r.userId, sketchReadingDetailOf(r)),
        );
        return analyses + readings;
      });
      if (indexed !== undefined) this.logger.log(`library backlog: ${indexed} analyses and sketch readings indexed`);
    } catch (error) {
      this.logger.error(`library backlog not indexed, left for the next start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Upserts the facts of every record of `repository`, a page at a time in id order. @returns how many */
  private async indexAll<E extends ObjectLiteral & { id: string }>(
    repository: Repository<E>,
    factsOf: (record: E) => LibraryItemFacts,
  ): Promise<number> {
    let count = 0;
    let afterId: string | undefined;
    for (;;) {
      const query = repository.createQueryBuilder('r').orderBy('r.id', 'ASC').take(PAGE_SIZE);
      if (afterId) query.where('r.id > :afterId', { afterId });
      const page = await query.getMany();
      for (const record of page) {
        try {
          await this.library.record(factsOf(record));
        } catch (error) {
          // One record that cannot be read as an item (a value its entity does not expect) must not hold back the rest.
          if (!(error instanceof TypeError)) throw error;
          this.logger.warn(`library backlog: ${record.id} left out: ${error.message}`);
        }
      }
      count += page.length;
      if (page.length < PAGE_SIZE) return count;
      afterId = page[page.length - 1].id;
    }
  }
}
