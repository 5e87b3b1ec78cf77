import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from './analysis.entity.js';

/** Where the gateway stores originals (ARCHITECTURE.md: `uploads/<userId>/<uuid>.<ext>`). */
export const ORIGINALS_PREFIX = 'uploads/';
/** Issue 11: originals that no stored analysis refers to are swept once older than a day, in seconds. */
export const ORIGINALS_MAX_AGE_SECONDS = 24 * 3600;
/** How often the sweep runs, in ms (hourly: an orphan lives at most a day and an hour). */
export const ORIGINALS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes originals that no analysis refers to: what a crash between storing and recording left
 * behind (every failure path the gateway and worker see removes its originals at once).
 */
@Injectable()
export class OriginalsSweepService {
  private readonly logger = new Logger('OriginalsSweep');

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @param olderThanSeconds only objects last changed longer ago than this are candidates (an
   *   upload in progress is never swept)
   * @returns how many originals were examined (old enough) and removed (of those, unreferenced)
   */
  async sweep(olderThanSeconds: number): Promise<{ examined: number; removed: number }> {
    const cutoff = Date.now() - olderThanSeconds * 1000;
    const old = (await this.storage.listWithDetails(ORIGINALS_PREFIX)).filter((o) => o.lastModified.getTime() < cutoff).map((o) => o.key);
    if (old.length === 0) return { examined: 0, removed: 0 };
    const metadata = this.dataSource.getMetadata(AnalysisEntity);
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT DISTINCT k AS key FROM "${metadata.schema}"."${metadata.tableName}", unnest(image_keys) AS k WHERE image_keys && $1::text[]`,
      [old],
    );
    const referenced = new Set(rows.map((r) => r.key));
    const orphans = old.filter((key) => !referenced.has(key));
    await this.storage.remove(orphans);
    if (orphans.length > 0) this.logger.log(`removed ${orphans.length} unreferenced original(s) older than ${olderThanSeconds} s`);
    return { examined: old.length, removed: orphans.length };
  }
}
