import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { analysisEngineSchema, type AnalysisEngine } from '@archlens/contracts/analysis';
import type { ErrorCode } from '@archlens/contracts/errors';
import {
  itemThumbnailKey,
  itemThumbnailPrefix,
  type AnalysisExport,
  type AnalysisItemJob,
  type AnalysisItemKind,
  type AnalysisItemResult,
  type DeletedResponse,
} from '@archlens/contracts/library';
import { reportObjectKey } from '@archlens/contracts/reports';
import type { DrawingType } from '@archlens/contracts/sketch';
import { EventPublisher } from '@archlens/platform/events';
import { DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { AnalysisEntity } from '../analysis/analysis.entity.js';
import type { OriginalsRecord } from '../analysis/originals-record.entity.js';
import { makeThumbnail } from '../reports/report-thumbnails.js';
import { SketchReadingEntity } from '../sketches/sketch-reading.entity.js';

/** The refusal of each kind of item that is not the user's (the same for an unknown id). */
const NOT_FOUND: Record<AnalysisItemKind, ErrorCode> = {
  analysis: 'report.analysis-not-found',
  'sketch-reading': 'sketch-reading.not-found',
};

/** The engine name as the contract has it ('offline' for anything the catalogue does not list). */
function engineOf(record: OriginalsRecord): AnalysisEngine {
  const engine = analysisEngineSchema.safeParse(record.engine);
  return engine.success ? engine.data : 'offline';
}

/** A stored analysis as its owner reads it, without image URLs (the gateway adds them from `imageCount`). */
export function analysisDetailOf(a: AnalysisEntity): Extract<AnalysisItemResult, { kind: 'analysis' }>['item'] {
  return {
    id: a.id,
    primaryDescription: a.primaryDescription,
    expandedDescription: a.expandedDescription,
    tags: a.tags,
    engine: engineOf(a),
    model: a.model,
    createdAt: a.createdAt.toISOString(),
    imageCount: a.imageCount,
  };
}

/** A stored sketch reading as its owner reads it, without image URLs. */
export function sketchReadingDetailOf(r: SketchReadingEntity): Extract<AnalysisItemResult, { kind: 'sketch-reading' }>['item'] {
  return {
    id: r.id,
    description: r.description,
    details: r.details,
    drawingType: r.drawingType as DrawingType,
    engine: engineOf(r),
    model: r.model,
    createdAt: r.createdAt.toISOString(),
    imageCount: r.imageCount,
  };
}

/**
 * The analyses and sketch readings as library items: read back whole by their owner, a thumbnail of
 * each photo or sketch (made once with sharp into `thumbnails/<userId>/<itemId>/`), and deletion of
 * the record with every object stored for it. Another user's item answers exactly as an unknown one.
 */
@Injectable()
export class AnalysisItemsService {
  private readonly logger = new Logger('AnalysisItems');
  private readonly analyses: Repository<AnalysisEntity>;
  private readonly readings: Repository<SketchReadingEntity>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly events: EventPublisher,
  ) {
    this.analyses = dataSource.getRepository(AnalysisEntity);
    this.readings = dataSource.getRepository(SketchReadingEntity);
  }

  /**
   * `analysis.get-item`: the user's analysis (texts, tags, engine) or sketch reading (description,
   * details, drawing type), without image URLs.
   * @throws DomainError `report.analysis-not-found` / `sketch-reading.not-found` for another user's item or an unknown one
   */
  async get(job: AnalysisItemJob): Promise<AnalysisItemResult> {
    if (job.kind === 'analysis') {
      return { kind: 'analysis', item: analysisDetailOf((await this.owned(job)) as AnalysisEntity) };
    }
    return { kind: 'sketch-reading', item: sketchReadingDetailOf((await this.owned(job)) as SketchReadingEntity) };
  }

  /**
   * `analysis.get-item-image`: the JPEG thumbnail of the item's photo or sketch `index`, rendered
   * from the original on first request (`makeThumbnail`: at most 360 px, EXIF-upright) and stored
   * under `itemThumbnailKey`.
   * @returns the thumbnail's object key and size in bytes
   * @throws DomainError the kind's not-found code for another user's item, an unknown one or an index
   *   it has no image for (also when its original is gone); `report.unavailable` when the store fails
   */
  async image(job: AnalysisItemJob & { index: number }): Promise<{ key: string; bytes: number }> {
    const record = await this.owned(job);
    const original = record.imageKeys[job.index];
    if (original === undefined) throw new DomainError(NOT_FOUND[job.kind]);
    const key = itemThumbnailKey(record.userId, record.id, job.index);
    const stored = await this.storage.stat(key).catch((error: unknown) => {
      throw new DomainError('report.unavailable', { cause: error });
    });
    if (stored && stored.size > 0) return { key, bytes: stored.size };
    let photo: Buffer;
    try {
      photo = await this.storage.get(original);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'NoSuchKey' || code === 'NotFound') throw new DomainError(NOT_FOUND[job.kind]);
      throw new DomainError('report.unavailable', { cause: error });
    }
    const thumbnail = await makeThumbnail(photo).catch(() => {
      throw new DomainError(NOT_FOUND[job.kind]);
    });
    await this.storage.put(key, thumbnail.jpeg, 'image/jpeg').catch((error: unknown) => {
      throw new DomainError('report.unavailable', { cause: error });
    });
    return { key, bytes: thumbnail.jpeg.length };
  }

  /**
   * `analysis.delete-item`: removes every object stored for the user's item (its originals, an
   * analysis's PDF report, its thumbnails), then its row, and publishes `item.deleted` for the library. Objects go first, so a failure leaves the
   * item listed and a repeat of the request finishes the work (removing a missing object is no error).
   * @throws DomainError the kind's not-found code for another user's item or an unknown one; the store's or database's error
   */
  async delete(job: AnalysisItemJob): Promise<DeletedResponse> {
    const record = await this.owned(job);
    const thumbnails = await this.storage.list(itemThumbnailPrefix(record.userId, record.id));
    const keys = [...record.imageKeys, ...thumbnails];
    if (job.kind === 'analysis') keys.push(reportObjectKey(record.userId, record.id));
    await this.storage.remove(keys);
    await (job.kind === 'analysis' ? this.analyses : this.readings).delete({ id: record.id, userId: record.userId });
    this.logger.log(`${job.kind} ${record.id} deleted with ${keys.length} stored objects`);
    await this.events.tryPublish('item.deleted', { userId: record.userId, type: job.kind, id: record.id });
    return { deleted: true };
  }

  /**
   * `analysis.export-items`: every analysis and sketch reading of the user's, oldest first, with
   * the keys of their originals and, for an analysis whose PDF was rendered, of the report.
   */
  async exportAll(userId: string): Promise<AnalysisExport> {
    const [analyses, readings] = await Promise.all([
      this.analyses.find({ where: { userId }, order: { createdAt: 'ASC' } }),
      this.readings.find({ where: { userId }, order: { createdAt: 'ASC' } }),
    ]);
    const exported: AnalysisExport = { analyses: [], sketchReadings: [] };
    for (const a of analyses) {
      const reportKey = reportObjectKey(userId, a.id);
      const report = await this.storage.stat(reportKey);
      const { item } = (await this.get({ userId, kind: 'analysis', id: a.id })) as Extract<AnalysisItemResult, { kind: 'analysis' }>;
      exported.analyses.push({ ...item, imageKeys: a.imageKeys, reportKey: report ? reportKey : null });
    }
    for (const r of readings) {
      const { item } = (await this.get({ userId, kind: 'sketch-reading', id: r.id })) as Extract<
        AnalysisItemResult,
        { kind: 'sketch-reading' }
      >;
      exported.sketchReadings.push({ ...item, imageKeys: r.imageKeys });
    }
    return exported;
  }

  /**
   * The user's item of the job's kind.
   * @throws DomainError the kind's not-found code, the same for another user's id and an unknown one
   */
  private async owned(job: AnalysisItemJob): Promise<AnalysisEntity | SketchReadingEntity> {
    const found =
      job.kind === 'analysis'
        ? await this.analyses.findOneBy({ id: job.id, userId: job.userId })
        : await this.readings.findOneBy({ id: job.id, userId: job.userId });
    if (!found) throw new DomainError(NOT_FOUND[job.kind]);
    return found;
  }
}
