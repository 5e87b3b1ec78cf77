import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { QUEUES } from '@archlens/contracts/queues';
import { startWorker } from '@archlens/platform/messaging';
import { ANALYSIS_CONFIG, type AnalysisConfig } from '../config.js';
import { AnalysisService } from './analysis.service.js';

/** Answers the `analysis` queue: analyse images, list a user's recent analyses. */
@Injectable()
export class AnalysisJobsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AnalysisJobsWorker');
  private worker?: Worker;

  constructor(
    private readonly analyses: AnalysisService,
    @Inject(ANALYSIS_CONFIG) private readonly config: AnalysisConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = startWorker(
      QUEUES.analysis,
      this.config.REDIS_URL,
      {
        'analysis.analyse-images': (data) => this.analyses.analyse(data),
        'analysis.list-recent': (data) => this.analyses.listRecent(data.userId),
      },
      { onFailed: (name, error) => this.logger.error(`${name} failed: ${error.message}`) },
    );
    await this.worker.waitUntilReady();
    this.logger.log(`listening on queue "${QUEUES.analysis}"`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
