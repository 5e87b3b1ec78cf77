import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import type { AnalyzeSketchResponse, DrawingType, ReadSketchesJob } from '@archlens/contracts/sketch';
import { sketchReadingItemFacts } from '@archlens/contracts/library';
import { EventPublisher } from '@archlens/platform/events';
import { ObjectStorage } from '@archlens/platform/storage';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import type { SketchEngine } from '../analysis/engines/sketch-engine.js';
import { withStoredOriginals } from '../analysis/stored-originals.js';
import { SketchReadingEntity } from './sketch-reading.entity.js';

export const SKETCH_ENGINE = Symbol('SKETCH_ENGINE');

/** Runs and records Process Your Sketch readings. */
@Injectable()
export class SketchReadingService {
  private readonly readings: Repository<SketchReadingEntity>;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    @Inject(SKETCH_ENGINE) private readonly engine: SketchEngine,
    private readonly storage: ObjectStorage,
    private readonly events: EventPublisher,
  ) {
    this.readings = dataSource.getRepository(SketchReadingEntity);
  }

  /**
   * `analysis.read-sketches`: reads the stored sketches, lets the engine write the reading and
   * records it with the engine, model and duration. On any failure before it is recorded the
   * sketches are removed (`withStoredOriginals`), as for photos. Publishes `analysis.completed`
   * (event id = the reading's id) for the library.
   * @returns the recorded reading (spec §7: description, details; with its drawing type, engine and duration)
   * @throws DomainError `analysis.image-undecodable` naming the file when a sketch cannot be decoded,
   *   `sketch.sketches-unreadable` when the sketches cannot be read back; AnalysisEngineError
   *   (`analysis.engine-failed`) from the engine; the database error otherwise
   */
  async read(job: ReadSketchesJob): Promise<AnalyzeSketchResponse> {
    const started = performance.now();
    const keys = job.images.map((image) => image.key);
    const saved = await withStoredOriginals(this.storage, job.images, 'sketch.sketches-unreadable', async (sketches) => {
      const reading = await this.engine.read(sketches);
      return this.readings.save(
        this.readings.create({
          userId: job.userId,
          imageKeys: keys,
          imageCount: keys.length,
          description: reading.description,
          details: reading.details,
          drawingType: reading.drawingType,
          engine: this.engine.name,
          model: this.engine.model,
          durationMs: Math.round(performance.now() - started),
        }),
      );
    });
    const result: AnalyzeSketchResponse = {
      id: saved.id,
      description: saved.description,
      details: saved.details,
      drawingType: saved.drawingType as DrawingType,
      engine: this.engine.name,
      model: saved.model,
      createdAt: saved.createdAt.toISOString(),
      imageCount: saved.imageCount,
      durationMs: saved.durationMs,
    };
    await this.events.tryPublish('analysis.completed', sketchReadingItemFacts(job.userId, result), saved.id);
    return result;
  }
}
