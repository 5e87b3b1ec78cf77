import { Injectable } from '@nestjs/common';
import { QUEUES } from '@archlens/contracts/queues';
import { TEXT_REPORT_MAX_AGE_SECONDS } from '@archlens/contracts/reports';
import type { JobHandlers } from '@archlens/platform/messaging';
import type { QueueHandlers, ScheduledJob } from '@archlens/platform/worker-host';
import { AnalysisService } from './analysis.service.js';
import { EngineCapabilitiesService } from './engine-capabilities.service.js';
import { AnalysisItemsService } from '../items/analysis-items.service.js';
import { AnalysisUserDataService } from '../items/analysis-user-data.service.js';
import { TagComparisonService } from './tag-comparison.service.js';
import { SketchReadingService } from '../sketches/sketch-reading.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { TEXT_REPORTS_SWEEP_EVERY_MS, TextReportsSweepService } from '../reports/text-reports-sweep.service.js';
import { ORIGINALS_MAX_AGE_SECONDS, ORIGINALS_SWEEP_EVERY_MS, OriginalsSweepService } from './originals-sweep.service.js';

/**
 * The `analysis` queue: analyse images, sweep unreferenced originals; read sketches; and sweep the
 * PDFs rendered from free-analysis text.
 */
@Injectable()
export class AnalysisHandlers implements QueueHandlers<typeof QUEUES.analysis> {
  readonly queue = QUEUES.analysis;
  constructor(
    private readonly analyses: AnalysisService,
    private readonly sketches: SketchReadingService,
    private readonly sweep: OriginalsSweepService,
    private readonly textReportsSweep: TextReportsSweepService,
  ) {}

  /**
   * `analysis.analyse-images` → `AnalysisService.analyse`, `analysis.read-sketches` →
   * `SketchReadingService.read`, and the two sweeps → `OriginalsSweepService` and
   * `TextReportsSweepService`; each answers its job's result schema or throws as its service does.
   */
  handlers(): JobHandlers<typeof QUEUES.analysis> {
    return {
      'analysis.analyse-images': (data) => this.analyses.analyse(data),
      'analysis.sweep-originals': (data) => this.sweep.sweep(data.olderThanSeconds),
      'analysis.read-sketches': (data) => this.sketches.read(data),
      'analysis.sweep-text-reports': (data) => this.textReportsSweep.sweep(data.olderThanSeconds),
    };
  }

  /**
   * Both sweeps hourly (`ORIGINALS_SWEEP_EVERY_MS`, `TEXT_REPORTS_SWEEP_EVERY_MS`, in ms):
   * unreferenced originals older than a day (`ORIGINALS_MAX_AGE_SECONDS`) and free-text PDFs
   * older than `TEXT_REPORT_MAX_AGE_SECONDS` (a day).
   */
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

/**
 * The `analysis-lookup` queue: a user's recent analyses, an analysis or sketch reading whole (read, thumbnails, deleted), the analysis reports (an analysis's
 * PDF, rendered once; a report e-mailed) and the engines this worker runs, kept off `analysis` so
 * that they never wait behind analyses.
 */
@Injectable()
export class AnalysisLookupHandlers implements QueueHandlers<typeof QUEUES.analysisLookup> {
  readonly queue = QUEUES.analysisLookup;
  constructor(
    private readonly analyses: AnalysisService,
    private readonly reports: ReportsService,
    private readonly engines: EngineCapabilitiesService,
    private readonly items: AnalysisItemsService,
    private readonly userData: AnalysisUserDataService,
    private readonly tagComparison: TagComparisonService,
  ) {}

  /**
   * `analysis.list-recent` → `AnalysisService.listRecent` (the 3 newest, spec §9),
   * `analysis.render-report` and `analysis.email-report` → `ReportsService` (`DomainError`
   * `report.analysis-not-found` for an analysis the user does not own), `analysis.capabilities` →
   * `EngineCapabilitiesService`; `analysis.get-item`, `analysis.get-item-image` and
   * `analysis.delete-item` → `AnalysisItemsService` (the kind's not-found code for another user's item);
   * `analysis.delete-user` (account deletion) → `AnalysisUserDataService`; `analysis.compare-tags`
   * → `TagComparisonService` (a render's tags against its source analysis or style).
   */
  handlers(): JobHandlers<typeof QUEUES.analysisLookup> {
    return {
      'analysis.list-recent': (data) => this.analyses.listRecent(data.userId),
      'analysis.render-report': (data) => this.reports.renderReport(data),
      'analysis.email-report': (data) => this.reports.emailReport(data),
      'analysis.capabilities': async () => this.engines.describe(),
      'analysis.get-item': (data) => this.items.get(data),
      'analysis.get-item-image': (data) => this.items.image(data),
      'analysis.delete-item': (data) => this.items.delete(data),
      'analysis.export-items': ({ userId }) => this.items.exportAll(userId),
      'analysis.delete-user': ({ userId }) => this.userData.deleteAllOf(userId),
      'analysis.compare-tags': (data) => this.tagComparison.compare(data),
    };
  }
}
