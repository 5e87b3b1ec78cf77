import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import {
  PREVIOUS_ANALYSES_LISTED,
  type AnalyseImagesJob,
  type AnalysisText,
  type AnalyzeResponse,
  type PreviousAnalysis,
} from '@archlens/contracts/analysis';
import { analysisItemFacts } from '@archlens/contracts/library';
import { EventPublisher } from '@archlens/platform/events';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from './analysis.entity.js';
import type { VisionEngine } from './engines/vision-engine.js';
import { withStoredOriginals } from './stored-originals.js';

export const VISION_ENGINE = Symbol('VISION_ENGINE');

/** Runs and records Design Language Analyses. */
@Injectable()
export class AnalysisService {
  private readonly analyses: Repository<AnalysisEntity>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    @Inject(VISION_ENGINE) private readonly engine: VisionEngine,
    private readonly storage: ObjectStorage,
    private readonly events: EventPublisher,
  ) {
    this.analyses = dataSource.getRepository(AnalysisEntity);
  }

  /**
   * Reads the stored originals, lets the engine write the text and records the analysis. On any
   * failure the originals are removed: no analysis will ever refer to them. Publishes
   * `analysis.completed` (event id = the analysis id) for the library.
   * @throws DomainError `analysis.image-undecodable` naming the file when a photo cannot be decoded
   *   (truncated or corrupt), `analysis.photos-unreadable` when the originals cannot be read back;
   *   AnalysisEngineError (`analysis.engine-failed`) from the engine; the database error otherwise
   */
  async analyse(job: AnalyseImagesJob): Promise<AnalyzeResponse> {
    const started = performance.now();
    const keys = job.images.map((image) => image.key);
    let text!: AnalysisText;
    const saved = await withStoredOriginals(this.storage, job.images, 'analysis.photos-unreadable', async (photos) => {
      text = await this.engine.analyse(photos);
      return this.analyses.save(
        this.analyses.create({
          userId: job.userId,
          imageKeys: keys,
          imageCount: keys.length,
          primaryDescription: text.primaryDescription,
          expandedDescription: text.expandedDescription,
          tags: text.tags,
          engine: this.engine.name,
          model: this.engine.model,
          durationMs: Math.round(performance.now() - started),
        }),
      );
    });
    const result: AnalyzeResponse = {
      id: saved.id,
      ...text,
      engine: this.engine.name,
      model: this.engine.model,
      createdAt: saved.createdAt.toISOString(),
      imageCount: saved.imageCount,
    };
    // The library indexes it; a failure to publish is logged, and filing indexes it anyway.
    await this.events.tryPublish('analysis.completed', analysisItemFacts(job.userId, result), saved.id);
    return result;
  }

  /** The user's `PREVIOUS_ANALYSES_LISTED` most recent analyses, newest first (spec §9: 3 shown, beside the one on screen). */
  async listRecent(userId: string): Promise<PreviousAnalysis[]> {
    const rows = await this.analyses.find({
      where: { userId },
      order: { createdAt: 'DESC' },
      take: PREVIOUS_ANALYSES_LISTED,
      select: { id: true, createdAt: true, imageCount: true, primaryDescription: true },
    });
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      imageCount: r.imageCount,
      primaryDescription: r.primaryDescription,
    }));
  }
}
