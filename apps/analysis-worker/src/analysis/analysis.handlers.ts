import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers, ScheduledJob } from '@archlens/platform/worker-host';
import { AnalysisService } from './analysis.service.js';
import { ORIGINALS_MAX_AGE_SECONDS, ORIGINALS_SWEEP_EVERY_MS, OriginalsSweepService } from './originals-sweep.service.js';

/** The `analysis` queue: analyse images, list a user's recent analyses, sweep unreferenced originals. */
@Injectable()
export class AnalysisHandlers implements QueueHandlers<typeof QUEUES.analysis> {
  readonly queue = QUEUES.analysis;
  constructor(
    private readonly analyses: AnalysisService,
    private readonly sweep: OriginalsSweepService,
  ) {}

  handlers(): JobHandlers<typeof QUEUES.analysis> {
    return {
      'analysis.analyse-images': (data) => this.analyses.analyse(data),
      'analysis.list-recent': (data) => this.analyses.listRecent(data.userId),
      'analysis.sweep-originals': (data) => this.sweep.sweep(data.olderThanSeconds),
    };
  }

  schedules(): Array<ScheduledJob<typeof QUEUES.analysis>> {
    return [{ name: 'analysis.sweep-originals', everyMs: ORIGINALS_SWEEP_EVERY_MS, data: { olderThanSeconds: ORIGINALS_MAX_AGE_SECONDS } }];
  }
}
