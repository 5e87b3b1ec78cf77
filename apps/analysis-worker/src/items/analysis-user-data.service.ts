import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { UserDataDeleted } from '@archlens/contracts/auth';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import { LibraryItemEntity } from '../library/library-item.entity.js';
import { ProjectEntity } from '../library/project.entity.js';
import { ShareEntity } from '../library/share.entity.js';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';

/**
 * The object-key prefixes of everything analysis-worker stores for a user (docs/architecture.md
 * "Data"): photos and sketches as uploaded, thumbnails, and PDF reports (an analysis's and free
 * text's).
 */
export function analysisObjectPrefixes(userId: string): string[] {
  return [`uploads/${userId}/`, `sketches/${userId}/`, `thumbnails/${userId}/`, `reports/${userId}/`];
}

/**
 * `analysis.delete-user`, account deletion's part in the `analysis` schema: every analysis, sketch
 * reading, share link, library item and project of the user's, and every object under the user's
 * prefixes. Objects go first, the rows after in one transaction, so a failure leaves the rows (and
 * the listing of what is left) for a repeat to finish; a repeat after success finds nothing.
 * No `item.deleted` events are published: the library's index rows go in the same transaction.
 */
@Injectable()
export class AnalysisUserDataService {
  private readonly logger = new Logger('AnalysisUserData');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @returns how many objects and rows were removed
   * @throws the store's or the database's error (what was removed stays removed; run it again)
   */
  async deleteAllOf(userId: string): Promise<UserDataDeleted> {
    const objects = await this.storage.removeAllUnder(analysisObjectPrefixes(userId));
    const rows = await this.dataSource.transaction(async (manager) => {
      let count = 0;
      // Shares and index rows before the projects they name; analyses and readings last.
      for (const entity of [ShareEntity, LibraryItemEntity, ProjectEntity, AnalysisEntity, SketchReadingEntity]) {
        count += (await manager.getRepository(entity).delete({ userId })).affected ?? 0;
      }
      return count;
    });
    this.logger.log(`analysis.delete-user: user ${userId}: ${rows} rows and ${objects} stored objects removed`);
    return { removed: rows + objects };
  }
}
