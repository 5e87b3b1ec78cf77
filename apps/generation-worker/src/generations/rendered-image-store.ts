import { Injectable } from '@nestjs/common';
import { fidelityOverlayKey, generatedImageKey } from '@archlens/contracts/generation';
import { ObjectStorage } from '@archlens/platform/storage';
import { ProviderError, type RenderedImage } from '../providers/image-provider.js';
import type { GenerationImageEntity } from './generation-image.entity.js';
import { GenerationImagesRepository } from './generation-images.repository.js';
import type { GenerationJobEntity } from './generation-job.entity.js';
import { toStoredJpeg } from './stored-jpeg.js';

/** A provider's image that does not decode (the user's text of that `ProviderError`). */
const UNDECODABLE_RENDER_MESSAGE = 'The image provider returned an image that could not be read.';

/** What was measured of one render against its sketch: its fidelity score and the PNG of its unmatched lines. */
export interface RenderMeasure {
  /** 0–100 (`scoreSketchFidelity`). */
  fidelity: number;
  /** `unmatchedLinesOverlay`'s PNG; null when it could not be drawn. */
  overlay: Buffer | null;
}

/**
 * A job's rendered images: each stored as JPEG in object storage
 * (`generations/<userId>/<jobId>/<index>.jpg`), with the PNG of its sketch's unmatched lines beside
 * it when it was measured (`fidelityOverlayKey`), and recorded the moment the provider answers it,
 * so a job resumed after its worker died asks only for the indexes not recorded yet.
 */
@Injectable()
export class RenderedImageStore {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly images: GenerationImagesRepository,
  ) {}

  /** The job's recorded images, by index. */
  list(jobId: string): Promise<GenerationImageEntity[]> {
    return this.images.listForJob(jobId);
  }

  /**
   * Stores one render as JPEG (`toStoredJpeg`) and, when it was measured, its unmatched-lines
   * overlay as PNG, then records it (once per index) with its sketch fidelity (0–100, null when not
   * measured) and its overlay's key (null when there is none).
   * @throws ProviderError when the provider's bytes are not an image; the store's or the database's error
   */
  async store(job: GenerationJobEntity, image: RenderedImage, measure: RenderMeasure | null = null): Promise<void> {
    const jpeg = await toStoredJpeg(image.bytes).catch((error: unknown) => {
      throw new ProviderError(UNDECODABLE_RENDER_MESSAGE, undefined, error);
    });
    const objectKey = generatedImageKey(job.userId, job.id, image.index);
    const overlayKey = measure?.overlay ? fidelityOverlayKey(job.userId, job.id, image.index) : null;
    await Promise.all([
      this.storage.put(objectKey, jpeg, 'image/jpeg'),
      overlayKey && measure?.overlay ? this.storage.put(overlayKey, measure.overlay, 'image/png') : undefined,
    ]);
    await this.images.addOnce({
      jobId: job.id,
      index: image.index,
      objectKey,
      seed: image.seed,
      bytes: jpeg.length,
      fidelity: measure?.fidelity ?? null,
      overlayKey,
    });
  }

  /**
   * Removes every image of a failed job: the objects (best effort: an object left behind is
   * referred to by nothing), then the records.
   * @throws the database's error
   */
  async removeAll(jobId: string): Promise<void> {
    const images = await this.images.listForJob(jobId);
    const keys = images.flatMap((image) => (image.overlayKey ? [image.objectKey, image.overlayKey] : [image.objectKey]));
    await this.storage.remove(keys).catch(() => undefined);
    await this.images.removeForJob(jobId);
  }
}
