import { Module, type DynamicModule } from '@nestjs/common';
import { workerServiceModule } from '@archlens/platform/worker-host';
import { AnalysisHandlers, AnalysisLookupHandlers } from './analysis/analysis.handlers.js';
import { AnalysisService, VISION_ENGINE } from './analysis/analysis.service.js';
import { EngineCapabilitiesService } from './analysis/engine-capabilities.service.js';
import { createSketchEngine, createVisionEngine } from './analysis/engines/vision-engine.factory.js';
import { AnalysisItemsService } from './items/analysis-items.service.js';
import { TagComparisonService } from './analysis/tag-comparison.service.js';
import { AnalysisUserDataService } from './items/analysis-user-data.service.js';
import { LibraryEventsHandlers, LibraryHandlers } from './library/library.handlers.js';
import { LibraryBacklogService } from './library/library-backlog.service.js';
import { LibraryItemsRepository } from './library/library-items.repository.js';
import { LibraryService } from './library/library.service.js';
import { ProjectsRepository } from './library/projects.repository.js';
import { SharesRepository } from './library/shares.repository.js';
import { SharesService } from './library/shares.service.js';
import { OriginalsSweepService } from './analysis/originals-sweep.service.js';
import { ANALYSIS_CONFIG, type AnalysisConfig } from './config.js';
import { ReportsService } from './reports/reports.service.js';
import { SKETCH_ENGINE, SketchReadingService } from './sketches/sketch-reading.service.js';
import { TextReportsSweepService } from './reports/text-reports-sweep.service.js';
import { ANALYSIS_ENTITIES, ANALYSIS_MIGRATIONS, ANALYSIS_SCHEMA } from './database/analysis-data-source.js';

/**
 * analysis-worker: owns the `analysis` schema and answers the `analysis`, `analysis-lookup` and
 * `library` queues, and the `library.events` subscription.
 */
@Module({})
export class AnalysisWorkerModule {
  /**
   * The worker for one configuration, on the shared worker host: the vision engine the
   * configuration selects (`createVisionEngine`), analyses, the sketch engine and sketch readings,
   * the originals sweep (photos and sketches), the analysis reports (PDF, e-mailed report) with
   * their free-text sweep, and the answer
   * to which engines it runs (`EngineCapabilitiesService`); the library (projects and the item index).
   */
  static forRoot(config: AnalysisConfig): DynamicModule {
    return workerServiceModule(AnalysisWorkerModule, {
      name: 'analysis-worker',
      redisUrl: config.REDIS_URL,
      healthPort: config.HEALTH_PORT,
      metricsToken: config.METRICS_TOKEN,
      logLevel: config.LOG_LEVEL,
      database: { url: config.DATABASE_URL, schema: ANALYSIS_SCHEMA, entities: ANALYSIS_ENTITIES, migrations: ANALYSIS_MIGRATIONS },
      storage: config,
      providers: [
        { provide: ANALYSIS_CONFIG, useValue: config },
        { provide: VISION_ENGINE, useFactory: () => createVisionEngine(config) },
        { provide: SKETCH_ENGINE, useFactory: () => createSketchEngine(config) },
        AnalysisService,
        EngineCapabilitiesService,
        SketchReadingService,
        OriginalsSweepService,
        ReportsService,
        TextReportsSweepService,
        AnalysisItemsService,
        TagComparisonService,
        AnalysisUserDataService,
        ProjectsRepository,
        LibraryItemsRepository,
        LibraryService,
        LibraryBacklogService,
        SharesRepository,
        SharesService,
      ],
      handlers: [AnalysisHandlers, AnalysisLookupHandlers, LibraryHandlers],
      events: [LibraryEventsHandlers],
    });
  }
}
