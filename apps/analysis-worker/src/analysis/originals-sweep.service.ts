import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource, EntityTarget } from 'typeorm';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';
import { AnalysisEntity } from './analysis.entity.js';
import type { OriginalsRecord } from './originals-record.entity.js';

/** Where the gateway stores originals (ARCHITECTURE.md: `uploads/<userId>/<uuid>.<ext>`). */
export const ORIGINALS_PREFIX = 'uploads/';
/** Where the gateway stores sketches (issue 14: `sketches/<userId>/<uuid>.<ext>`). */
export const SKETCHES_PREFIX = 'sketches/';

/**
 * Each folder of originals and the table whose `image_keys` column refers to them: a folder's
 * objects are kept only while a row of its own table names them.
 */
export const SWEPT_ORIGINALS: ReadonlyArray<{ prefix: string; referencedBy: EntityTarget<OriginalsRecord> }> = [
  { prefix: ORIGINALS_PREFIX, referencedBy: AnalysisEntity },
  { prefix: SKETCHES_PREFIX, referencedBy: SketchReadingEntity },
];
/** Issue 11: originals that no stored analysis refers to are swept once older than a day, in seconds. */
export const ORIGINALS_MAX_AGE_SECONDS = 24 * 3600;
/** How often the sweep runs, in ms (hourly: an orphan lives at most a day and an hour). */
export const ORIGINALS_SWEEP_EVERY_MS = 3600_000;

/**
 * Removes originals that no record refers to: photos no analysis names, sketches no sketch reading
 * names (`SWEPT_ORIGINALS`); what a crash between storing and recording left behind (every failure
 * path the gateway and worker see removes its originals at once).
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
    let examined = 0;
    let removed = 0;
    for (const { prefix, referencedBy } of SWEPT_ORIGINALS) {
      const result = await this.sweepFolder(prefix, referencedBy, cutoff);
      examined += result.examined;
      removed += result.removed;
    }
    if (removed > 0) this.logger.log(`removed ${removed} unreferenced original(s) older than ${olderThanSeconds} s`);
    return { examined, removed };
  }

  /** One folder against its table: objects older than `cutoff` (epoch ms) that no row's `image_keys` names are removed. */
  private async sweepFolder(
    prefix: string,
    referencedBy: EntityTarget<OriginalsRecord>,
    cutoff: number,
  ): Promise<{ examined: number; removed: number }> {
    const old = (await this.storage.listWithDetails(prefix)).filter((o) => o.lastModified.getTime() < cutoff).map((o) => o.key);
    if (old.length === 0) return { examined: 0, removed: 0 };
    const metadata = this.dataSource.getMetadata(referencedBy);
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT DISTINCT k AS key FROM "${metadata.schema}"."${metadata.tableName}", unnest(image_keys) AS k WHERE image_keys && $1::text[]`,
      [old],
    );
    const referenced = new Set(rows.map((r) => r.key));
    const orphans = old.filter((key) => !referenced.has(key));
    await this.storage.remove(orphans);
    return { examined: old.length, removed: orphans.length };
  }
}
