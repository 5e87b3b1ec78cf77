import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { initialiseDataSource } from '@archlens/platform/database';
import { ObjectStorage } from '@archlens/platform/storage';
import { StoredObjectSignals } from '@archlens/platform/stored-objects';
import { AnalysisJobsWorker } from './analysis/analysis-jobs.worker.js';
import { ANALYSIS_DATA_SOURCE, AnalysisService, VISION_ENGINE } from './analysis/analysis.service.js';
import { createVisionEngine } from './analysis/engines/vision-engine.factory.js';
import { ANALYSIS_CONFIG, type AnalysisConfig } from './config.js';
import { ANALYSIS_SCHEMA, createAnalysisDataSource } from './database/analysis-data-source.js';

/** analysis-worker: owns the `analysis` schema and answers the `analysis` queue. */
@Module({})
export class AnalysisWorkerModule implements OnApplicationShutdown {
  constructor(
    @Inject(ANALYSIS_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(StoredObjectSignals) private readonly storedSignals: StoredObjectSignals,
  ) {}

  /**
   * The worker's providers for one configuration: its data source (migrated `analysis` schema),
   * object storage (bucket created when missing), the stored-object signals, the vision engine the configuration selects
   * (`createVisionEngine`), and the queue worker.
   */
  static forRoot(config: AnalysisConfig): DynamicModule {
    return {
      module: AnalysisWorkerModule,
      providers: [
        { provide: ANALYSIS_CONFIG, useValue: config },
        {
          provide: ANALYSIS_DATA_SOURCE,
          useFactory: async () => {
            const dataSource = createAnalysisDataSource(config.DATABASE_URL);
            await initialiseDataSource(dataSource, ANALYSIS_SCHEMA);
            return dataSource;
          },
        },
        {
          provide: ObjectStorage,
          useFactory: async () => {
            const storage = new ObjectStorage(config);
            await storage.ensureBucket();
            return storage;
          },
        },
        { provide: StoredObjectSignals, useFactory: () => new StoredObjectSignals(config.REDIS_URL) },
        { provide: VISION_ENGINE, useFactory: () => createVisionEngine(config) },
        AnalysisService,
        AnalysisJobsWorker,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.storedSignals.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
