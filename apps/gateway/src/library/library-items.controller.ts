import { Controller, Header, Logger, Param, StreamableFile } from '@nestjs/common';
import type { GenerationDetail } from '@archlens/contracts/generation';
import type { AnalysisDetail, AnalysisItemKind, DeletedResponse, SketchReadingDetail } from '@archlens/contracts/library';
import { Route } from '../access/route.decorator.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { LibraryItemsService, type ThumbnailDownload } from './library-items.service.js';

/**
 * Library items by id, signed-in only (401 otherwise), owner only (another user's item answers 404
 * exactly as an unknown one): `GET`/`DELETE /api/analyses/{id}`, `/api/sketch-readings/{id}` and
 * `/api/generations/{jobId}`, and the thumbnails `GET …/{id}/images/{index}`.
 */
@Controller()
export class LibraryItemsController {
  private readonly logger = new Logger('LibraryItemsController');

  constructor(private readonly items: LibraryItemsService) {}

  /** `GET /api/analyses/{id}` → 200 the analysis whole (texts, tags, engine, `images[{index, url}]`). */
  @Route('analysis')
  analysis(@CurrentUserId() userId: string, @Param('id') id: string): Promise<AnalysisDetail> {
    return this.items.analysis(userId, id);
  }

  /** `DELETE /api/analyses/{id}` → 200 `{deleted: true}` once its photos, PDF and thumbnails are gone. */
  @Route('deleteAnalysis')
  deleteAnalysis(@CurrentUserId() userId: string, @Param('id') id: string): Promise<DeletedResponse> {
    return this.items.deleteAnalysisItem(userId, 'analysis', id);
  }

  /** `GET /api/analyses/{id}/images/{index}` → 200 `image/jpeg`, a thumbnail of the photo, never cached. */
  @Route('analysisImage')
  @Header('Cache-Control', 'private, no-store')
  async analysisImage(@CurrentUserId() userId: string, @Param('id') id: string, @Param('index') index: string): Promise<StreamableFile> {
    return this.file('analysis', id, await this.items.thumbnail(userId, 'analysis', id, index));
  }

  /** `GET /api/sketch-readings/{id}` → 200 the reading whole (description, details, drawing type, `images`). */
  @Route('sketchReading')
  sketchReading(@CurrentUserId() userId: string, @Param('id') id: string): Promise<SketchReadingDetail> {
    return this.items.sketchReading(userId, id);
  }

  /** `DELETE /api/sketch-readings/{id}` → 200 `{deleted: true}` once its sketches and thumbnails are gone. */
  @Route('deleteSketchReading')
  deleteSketchReading(@CurrentUserId() userId: string, @Param('id') id: string): Promise<DeletedResponse> {
    return this.items.deleteAnalysisItem(userId, 'sketch-reading', id);
  }

  /** `GET /api/sketch-readings/{id}/images/{index}` → 200 `image/jpeg`, a thumbnail of the sketch, never cached. */
  @Route('sketchReadingImage')
  @Header('Cache-Control', 'private, no-store')
  async sketchReadingImage(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Param('index') index: string,
  ): Promise<StreamableFile> {
    return this.file('sketch-reading', id, await this.items.thumbnail(userId, 'sketch-reading', id, index));
  }

  /** `GET /api/generations/{jobId}` → 200 the generation whole (status, credits, images, metadata). */
  @Route('generation')
  generation(@CurrentUserId() userId: string, @Param('jobId') jobId: string): Promise<GenerationDetail> {
    return this.items.generation(userId, jobId);
  }

  /** `DELETE /api/generations/{jobId}` → 200 `{deleted: true}` once its renders are gone; 409 while it renders. */
  @Route('deleteGeneration')
  deleteGeneration(@CurrentUserId() userId: string, @Param('jobId') jobId: string): Promise<DeletedResponse> {
    return this.items.deleteGeneration(userId, jobId);
  }

  private file(kind: AnalysisItemKind, id: string, thumbnail: ThumbnailDownload): StreamableFile {
    const file = new StreamableFile(thumbnail.stream, { type: 'image/jpeg', length: thumbnail.bytes });
    file.setErrorLogger((error: Error) => this.logger.error(`${kind} ${id} thumbnail failed while streaming: ${error.message}`));
    return file;
  }
}
