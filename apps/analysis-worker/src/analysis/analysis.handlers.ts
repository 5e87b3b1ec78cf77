import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import { TEXT_REPORT_MAX_AGE_SECONDS } from '@archlens/contracts/reports';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers, ScheduledJob } from '@archlens/platform/worker-host';
import { AnalysisService } from './analysis.service.js';
import { SketchReadingService } from '../sketches/sketch-reading.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { TEXT_REPORTS_SWEEP_EVERY_MS, TextReportsSweepService } from '../reports/text-reports-sweep.service.js';
import { ORIGINALS_MAX_AGE_SECONDS, ORIGINALS_SWEEP_EVERY_MS, OriginalsSweepService } from './originals-sweep.service.js';

/**
 * The `analysis` queue: analyse images, list a user's recent analyses, sweep unreferenced originals;
 * read sketches (issue 14); and the reports of issue 13: render an analysis's PDF, e-mail a report, sweep free-text PDFs.
 */
@Injectable()
export class AnalysisHandlers implements QueueHandlers<typeof QUEUES.analysis> {
  readonly queue = QUEUES.analysis;
  constructor(
    private readonly analyses: AnalysisService,
    private readonly sketches: SketchReadingService,
    private readonly sweep: OriginalsSweepService,
    private readonly reports: ReportsService,
    private readonly textReportsSweep: TextReportsSweepService,
  ) {}

  handlers(): JobHandlers<typeof QUEUES.analysis> {
    return {
      'analysis.analyse-images': (data) => this.analyses.analyse(data),
      'analysis.list-recent': (data) => this.analyses.listRecent(data.userId),
      'analysis.sweep-originals': (data) => this.sweep.sweep(data.olderThanSeconds),
      'analysis.read-sketches': (data) => this.sketches.read(data),
      'analysis.render-report': (data) => this.reports.renderReport(data),
      'analysis.email-report': (data) => this.reports.emailReport(data),
      'analysis.sweep-text-reports': (data) => this.textReportsSweep.sweep(data.olderThanSeconds),
    };
  }

  schedules(): Array<ScheduledJob<typeof QUEUES.analysis>> {
    return [
      { name: 'analysis.sweep-originals', everyMs: ORIGINALS_SWEEP_EVERY_MS, data: { olderThanSeconds: ORIGINALS_MAX_AGE_SECONDS } },
      {
        name: 'analysis.sweep-text-reports',
        everyMs: TEXT_REPORTS_SWEEP_EVERY_MS,
        data: { olderThanSeconds: TEXT_REPORT_MAX_AGE_SECONDS },
      },
    ];
  }
}
