import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import {
  PREVIOUS_ANALYSES_SHOWN,
  type AnalyseImagesJob,
  type AnalyzeResponse,
  type PreviousAnalysis,
} from '@archlens/contracts/analysis';
import { ObjectStorage } from '@archlens/platform/storage';
import { AnalysisEntity } from './analysis.entity.js';
import type { VisionEngine } from './engines/vision-engine.js';

export const ANALYSIS_DATA_SOURCE = Symbol('ANALYSIS_DATA_SOURCE');
export const VISION_ENGINE = Symbol('VISION_ENGINE');

/** Runs and records Design Language Analyses. */
@Injectable()
export class AnalysisService {
  private readonly analyses: Repository<AnalysisEntity>;

  constructor(
    @Inject(ANALYSIS_DATA_SOURCE) dataSource: DataSource,
    @Inject(VISION_ENGINE) private readonly engine: VisionEngine,
    private readonly storage: ObjectStorage,
  ) {
    this.analyses = dataSource.getRepository(AnalysisEntity);
  }

  /**
   * Reads the originals from object storage, lets the engine write the text and stores the
   * analysis.
   * @throws AnalysisEngineError (the engine's reason) or the storage client's error
   */
  async analyse(job: AnalyseImagesJob): Promise<AnalyzeResponse> {
    const started = performance.now();
    // Every read starts now; the engine takes each photo as it arrives, so the reads of the larger
    // photos overlap the work on the ones already in hand.
    const images = job.imageKeys.map((key) => this.storage.get(key));
    // An engine may stop before it reads every photo (a bad first photo, a model that fails at
    // once); a read that fails afterwards must not become an unhandled rejection.
    for (const image of images) image.catch(() => undefined);
    const text = await this.engine.analyse(images);
    const row = this.analyses.create({
      userId: job.userId,
      imageKeys: job.imageKeys,
      imageCount: job.imageKeys.length,
      primaryDescription: text.primaryDescription,
      expandedDescription: text.expandedDescription,
      tags: text.tags,
      engine: this.engine.name,
      model: this.engine.model,
      durationMs: Math.round(performance.now() - started),
    });
    // One INSERT … RETURNING; `save` would wrap it in a transaction of three round trips.
    const inserted = await this.analyses.insert(row);
    const generated = inserted.generatedMaps[0] as { id: string; createdAt: Date };
    return {
      id: generated.id,
      ...text,
      engine: this.engine.name,
      model: this.engine.model,
      createdAt: generated.createdAt.toISOString(),
      imageCount: row.imageCount,
    };
  }

  /** The user's most recent analyses, newest first (spec §9: 3). */
  async listRecent(userId: string): Promise<PreviousAnalysis[]> {
    const rows = await this.analyses.find({
      where: { userId },
      order: { createdAt: 'DESC' },
      take: PREVIOUS_ANALYSES_SHOWN,
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
