import { createServiceDataSource } from '@archlens/platform/database';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';
import { CreateAnalyses1763683300000 } from './migrations/1763683300000-create-analyses.js';
import { CreateSketchReadings1763900000000 } from './migrations/1763900000000-create-sketch-readings.js';
import { CreateLibrary1800000000000 } from './migrations/1800000000000-create-library.js';
import { LibraryBacklog1800000000100 } from './migrations/1800000000100-library-backlog.js';
import { LibraryItemEntity } from '../library/library-item.entity.js';
import { ProjectEntity } from '../library/project.entity.js';
import { ShareEntity } from '../library/share.entity.js';

/** The schema analysis-worker owns (analyses, sketch readings and the library); no other service reads or writes it. */
export const ANALYSIS_SCHEMA = 'analysis';
/** analysis-worker's entities. */
export const ANALYSIS_ENTITIES = [AnalysisEntity, SketchReadingEntity, ProjectEntity, LibraryItemEntity, ShareEntity];
/** analysis-worker's reviewed migrations, in order. */
export const ANALYSIS_MIGRATIONS = [
  CreateAnalyses1763683300000,
  CreateSketchReadings1763900000000,
  CreateLibrary1800000000000,
  LibraryBacklog1800000000100,
];

/** analysis-worker's TypeORM data source (for tools and tests; the worker builds its own through the worker host). */
export function createAnalysisDataSource(databaseUrl: string) {
  return createServiceDataSource({
    url: databaseUrl,
    schema: ANALYSIS_SCHEMA,
    entities: ANALYSIS_ENTITIES,
    migrations: ANALYSIS_MIGRATIONS,
  });
}
