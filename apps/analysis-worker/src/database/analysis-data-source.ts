import { createServiceDataSource } from '@archlens/platform/database';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import { CreateAnalyses1763683300000 } from './migrations/1763683300000-create-analyses.js';

/** The `analysis` schema's owner (ARCHITECTURE.md). */
export const ANALYSIS_SCHEMA = 'analysis';

/** analysis-worker's TypeORM data source: entities and the reviewed migrations, in order. */
export function createAnalysisDataSource(databaseUrl: string) {
  return createServiceDataSource({
    url: databaseUrl,
    schema: ANALYSIS_SCHEMA,
    entities: [AnalysisEntity],
    migrations: [CreateAnalyses1763683300000],
  });
}
