import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource, EntityTarget } from 'typeorm';
import { ObjectStorage } from '@archlens/platform/storage';
import { sweepUnreferenced } from '@archlens/platform/unreferenced-sweep';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';
import { AnalysisEntity } from './analysis.entity.js';
import type { OriginalsRecord } from './originals-record.entity.js';

/** Where the gateway stores originals: `uploads/<userId>/<uuid>.<ext>`. */
export const ORIGINALS_PREFIX = 'uploads/';
/** Where the gateway stores sketches: `sketches/<userId>/<uuid>.<ext>`. */
export const SKETCHES_PREFIX = 'sketches/';

/**
 * Each folder of originals and the table whose `image_keys` column refers to them: a folder's
 * objects are kept only while a row of its own table names them.
 */
export const SWEPT_ORIGINALS: ReadonlyArray<{ prefix: string; referencedBy: EntityTarget<OriginalsRecord> }> = [
  { prefix: ORIGINALS_PREFIX, referencedBy: AnalysisEntity },
  { prefix: SKETCHES_PREFIX, referencedBy: SketchReadingEntity },
];
/** Originals that no stored record refers to are swept once older than this, in seconds: a day. */
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
   * @throws the store's or the database's error (the scheduled job fails and runs again next time)
   */
  async sweep(olderThanSeconds: number): Promise<{ examined: number; removed: number }> {
    const modifiedBefore = new Date(Date.now() - olderThanSeconds * 1000);
    let examined = 0;
    let removed = 0;
    for (const { prefix, referencedBy } of SWEPT_ORIGINALS) {
      const result = await sweepUnreferenced(this.storage, {
        prefix,
        modifiedBefore,
        referenced: (keys) => this.referencedKeys(referencedBy, keys),
      });
      examined += result.examined;
      removed += result.removed;
    }
    if (removed > 0) this.logger.log(`removed ${removed} unreferenced original(s) older than ${olderThanSeconds} s`);
    return { examined, removed };
  }

  /** Of `keys`, those a row of `table` names in its `image_keys`. */
  private async referencedKeys(table: EntityTarget<OriginalsRecord>, keys: string[]): Promise<string[]> {
    const metadata = this.dataSource.getMetadata(table);
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT DISTINCT k AS key FROM "${metadata.schema}"."${metadata.tableName}", unnest(image_keys) AS k WHERE image_keys && $1::text[]`,
      [keys],
    );
    return rows.map((row) => row.key);
  }
}
